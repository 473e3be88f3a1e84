#!/usr/bin/env node
// An example out-of-process adapter for effective-args, in plain JavaScript. It imports nothing
// from the harness: it carries its own minimal runtime (the RFC-0015 pipeline) and its own
// probes, built from each case by the probe semantics of spec/case-format.md, and it reports
// what the probes recorded over the stdio protocol of spec/adapter-protocol.md.
//
//   npx tsx harness/cli.ts run --adapter-cmd "node examples/stdio-adapter.mjs"
//
// A real adapter keeps the protocol and probe parts and replaces the runtime part with calls
// into the runtime under test. Its only dependencies are zod (the schema vocabulary follows
// Zod's meanings) and canonicalize (RFC 8785).
import { createHash } from "node:crypto";
import { posix } from "node:path";
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";
import canonicalize from "canonicalize";
import { z } from "zod";

// ---------------------------------------------------------------- JSON values and pointers

const canonical = (value) => {
  const text = canonicalize(value);
  if (typeof text !== "string") throw new TypeError("no canonical form");
  return text;
};

/**
 * The extended notation of spec/adapter-protocol.md ("Values"): RFC 8785 for JSON values, with
 * NaN, Infinity, -Infinity, undefined and BigInt (123n) written as such.
 */
function notation(value) {
  if (value === undefined) return "undefined";
  if (typeof value === "number") return Number.isNaN(value) ? "NaN" : Number.isFinite(value) ? JSON.stringify(value) : value > 0 ? "Infinity" : "-Infinity";
  if (typeof value === "bigint") return `${value}n`;
  if (typeof value === "function" || typeof value === "symbol") return `<${typeof value}>`;
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${Array.from(value, notation).join(",")}]`;
  return `{${Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${notation(value[key])}`).join(",")}}`;
}

/**
 * A value as the protocol carries it, copied now (records are sent at the end of the turn): as
 * JSON when JSON holds it exactly, else in the notation.
 */
function wireValue(value) {
  const text = notation(value);
  try {
    const copy = JSON.parse(JSON.stringify(value));
    if (notation(copy) === text) return { json: copy };
  } catch {
    // not JSON: below
  }
  return { notation: text };
}

const sameJson = (a, b) => notation(a) === notation(b);
const isContainer = (value) => typeof value === "object" && value !== null;
const tokens = (pointer) => (pointer === "" ? [] : pointer.slice(1).split("/").map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~")));
const has = (object, key) => Array.isArray(object) ? /^(0|[1-9]\d*)$/.test(key) && Number(key) < object.length : Object.hasOwn(object, key);

const lookUp = (root, pointer) => lookUpPath(root, tokens(pointer));

function lookUpPath(root, path) {
  let current = root;
  for (const key of path) {
    if (!isContainer(current) || !has(current, key)) return { found: false };
    current = current[key];
  }
  return { found: true, value: current };
}

/** Puts a value at a key; returns it, or undefined when the key has no place in the container. */
function put(container, key, value) {
  if (!Array.isArray(container)) {
    Object.defineProperty(container, key, { value, writable: true, enumerable: true, configurable: true });
    return value;
  }
  const index = key === "-" ? container.length : /^(0|[1-9]\d*)$/.test(key) ? Number(key) : -1;
  if (index < 0 || index > container.length) return undefined;
  container[index] = value;
  return value;
}

/** Runs one part of an edit; a part that cannot apply (a frozen object, say) is skipped: probes never throw. */
const tolerant = (part) => {
  try {
    part();
  } catch {
    // skipped
  }
};

/** Edits in place; whatever has no place in the value is skipped. */
function edit(target, { replace, set = {}, remove = [] }) {
  if (isContainer(target) && isContainer(replace) && Array.isArray(target) === Array.isArray(replace)) {
    tolerant(() => {
      if (Array.isArray(target)) target.splice(0, target.length, ...structuredClone(replace));
      else {
        for (const key of Object.keys(target)) delete target[key];
        for (const [key, value] of Object.entries(replace)) put(target, key, structuredClone(value));
      }
    });
  }
  for (const [pointer, value] of Object.entries(set)) {
    tolerant(() => {
      const path = tokens(pointer);
      let current = target;
      for (const key of path.slice(0, -1)) {
        if (!isContainer(current)) return;
        current = has(current, key) && isContainer(current[key]) ? current[key] : put(current, key, {});
      }
      if (path.length > 0 && isContainer(current)) put(current, path.at(-1), structuredClone(value));
    });
  }
  for (const pointer of remove) {
    tolerant(() => {
      const path = tokens(pointer);
      const parent = lookUpPath(target, path.slice(0, -1));
      const key = path.at(-1);
      if (key === undefined || !parent.found || !isContainer(parent.value) || !has(parent.value, key)) return;
      if (Array.isArray(parent.value)) parent.value.splice(Number(key), 1);
      else delete parent.value[key];
    });
  }
}

function inheritedMembers(value, pointer = "") {
  if (!isContainer(value)) return [];
  const found = [];
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== Array.prototype && prototype !== null) {
    for (const key in value) if (!Object.hasOwn(value, key)) found.push(`${pointer}/${key}`);
  }
  for (const [key, member] of Object.entries(value)) found.push(...inheritedMembers(member, `${pointer}/${key}`));
  return found;
}

// ---------------------------------------------------------------- the case vocabulary

const TRANSFORMS = {
  trim: (s) => s.trim(),
  lowercase: (s) => s.toLowerCase(),
  uppercase: (s) => s.toUpperCase(),
  normalize_path: (s) => posix.normalize(s),
  nfkc: (s) => s.normalize("NFKC"),
};

function schemaOf(node) {
  let schema;
  if (node.type === "string") {
    schema = node.coerce ? z.coerce.string() : z.string();
    if (node.minLength !== undefined) schema = schema.min(node.minLength);
    if (node.maxLength !== undefined) schema = schema.max(node.maxLength);
  } else if (node.type === "number" || node.type === "integer") {
    schema = node.coerce ? z.coerce.number() : z.number();
    if (node.type === "integer") schema = schema.int();
    if (node.minimum !== undefined) schema = schema.min(node.minimum);
    if (node.maximum !== undefined) schema = schema.max(node.maximum);
  } else if (node.type === "boolean") schema = node.coerce ? z.coerce.boolean() : z.boolean();
  else if (node.type === "null") schema = z.null();
  else if (node.type === "any") schema = z.unknown();
  else if (node.type === "array") {
    schema = z.array(node.items ? schemaOf(node.items) : z.unknown());
    if (node.minLength !== undefined) schema = schema.min(node.minLength);
    if (node.maxLength !== undefined) schema = schema.max(node.maxLength);
  } else schema = objectSchemaOf(node);
  if (node.enum) schema = schema.refine((value) => node.enum.some((option) => sameJson(option, value)), { message: "not one of the listed values" });
  if (node.transforms?.length) schema = schema.transform((value) => node.transforms.reduce((text, name) => TRANSFORMS[name](text), value));
  if (node.nullable) schema = schema.nullable();
  if (node.optional) schema = schema.optional();
  if (node.default !== undefined) schema = schema.default(structuredClone(node.default));
  return schema;
}

/**
 * The compiled schema of a definition, shared by the cases that declare it (the probe around it
 * is still fresh per case): building a Zod schema costs more than most parses with it. Only a
 * schema whose defaults are all primitives is shared, since a default object is handed out to
 * be edited; only the most recently used are kept, so that a long run does not grow.
 */
function compiledSchemaOf(node) {
  if (!primitiveDefaults(node)) return schemaOf(node);
  const key = JSON.stringify(node);
  const schema = compiled.get(key) ?? schemaOf(node);
  compiled.delete(key);
  compiled.set(key, schema); // now the most recent
  if (compiled.size > COMPILED_KEPT) compiled.delete(compiled.keys().next().value);
  return schema;
}

const compiled = new Map();
const COMPILED_KEPT = 500;
const primitiveDefaults = (node) => !isContainer(node.default) && Object.values(node.properties ?? {}).every(primitiveDefaults) && (node.items === undefined || primitiveDefaults(node.items));

function objectSchemaOf(node) {
  const shape = Object.fromEntries(Object.entries(node.properties ?? {}).map(([key, child]) => [key, schemaOf(child)]));
  const object = { strict: z.strictObject, passthrough: z.looseObject }[node.unknownKeys]?.(shape) ?? z.object(shape);
  const aliases = Object.entries(node.aliases ?? {});
  if (aliases.length === 0) return object;
  return z.preprocess((input) => {
    if (!isContainer(input) || Array.isArray(input)) return input;
    const copy = { ...input };
    for (const [alias, target] of aliases) {
      if (Object.hasOwn(copy, alias)) {
        copy[target] = copy[alias];
        delete copy[alias];
      }
    }
    return copy;
  }, object);
}

function holds(condition, input, grants) {
  if (condition.all) return condition.all.every((inner) => holds(inner, input, grants));
  if (condition.any) return condition.any.some((inner) => holds(inner, input, grants));
  if (condition.not) return !holds(condition.not, input, grants);
  if (condition.granted !== undefined) return grants.has(input.proposalHash) === condition.granted;
  if (condition.tool !== undefined) return input.toolName === condition.tool;
  const { found, value } = lookUp(condition.view === "requested" ? input.requestedArguments : input.parsedArguments, condition.pointer);
  if (condition.exists !== undefined) return found === condition.exists;
  if (!found) return false;
  if (condition.equals !== undefined) return sameJson(value, condition.equals);
  if (condition.notEquals !== undefined) return !sameJson(value, condition.notEquals);
  if (condition.in !== undefined) return condition.in.some((option) => sameJson(value, option));
  if (condition.contains !== undefined) {
    if (typeof value === "string") return typeof condition.contains === "string" && value.includes(condition.contains);
    return Array.isArray(value) && value.some((element) => sameJson(element, condition.contains));
  }
  if (typeof value === "string") {
    if (condition.startsWith !== undefined) return value.startsWith(condition.startsWith);
    if (condition.endsWith !== undefined) return value.endsWith(condition.endsWith);
    if (condition.matches !== undefined) return new RegExp(condition.matches, "u").test(value);
  }
  if (typeof value === "number") {
    if (condition.gt !== undefined) return value > condition.gt;
    if (condition.gte !== undefined) return value >= condition.gte;
    if (condition.lt !== undefined) return value < condition.lt;
    if (condition.lte !== undefined) return value <= condition.lte;
  }
  return false;
}

// ---------------------------------------------------------------- probes

/**
 * The probe for one tool: its schema, compiled from the case's vocabulary and wrapped so that every
 * parse is recorded, and its execute, which records its arguments and applies the tool's mutate.
 */
function toolProbe(name, tool, record, objectId) {
  const inner = compiledSchemaOf(tool.schema);
  let current;
  const schema = z
    .preprocess((input) => {
      current = record({ kind: "parse", tool: name, input: wireValue(input) });
      return input;
    }, inner)
    .transform((output) => {
      current.output = wireValue(output);
      return output;
    });
  const execute = (args, { callId }) => {
    record({ kind: "execution", callId, tool: name, argsObject: objectId(args), arguments: wireValue(args), inherited: inheritedMembers(args) });
    if (tool.mutate) edit(args, tool.mutate);
    return { ok: true };
  };
  return { schema, execute };
}

/** The probes for one case: they do what the case says and record what they were handed. */
function probesFor(testCase) {
  const records = [];
  const grants = new Set();
  const ids = new WeakMap();
  let seq = 0;
  let objects = 0;
  /** A number per object, so the harness can tell whether the tool got the very object the policy saw. */
  const objectId = (value) => {
    if (!isContainer(value)) return 0;
    if (!ids.has(value)) ids.set(value, ++objects);
    return ids.get(value);
  };
  /** Files a record under the session's next seq, and returns it (a parse adds its output later). */
  const record = (fields) => {
    const entry = { seq: ++seq, ...fields };
    records.push(entry);
    return entry;
  };
  // Shared by the case's tools and by every redefinition: one seq and one numbering of objects per session.
  const toolProbes = (definitions) => Object.fromEntries(Object.entries(definitions).map(([name, tool]) => [name, toolProbe(name, tool, record, objectId)]));
  const tools = toolProbes(testCase.tools);
  const hooks = testCase.hooks.map((hook) => ({
    appliesTo: (toolName) => hook.tools === undefined || hook.tools.includes(toolName),
    run({ toolName, callId, toolInput }) {
      const record = { kind: "hook", seq: ++seq, hookId: hook.id, callId, tool: toolName, toolInput: wireValue(toolInput) };
      const result = {};
      if (hook.decision) result.decision = record.decision = hook.decision;
      if (hook.reason) result.reason = hook.reason;
      if (hook.rewrite) {
        const copy = structuredClone(hook.rewrite.replace !== undefined ? hook.rewrite.replace : toolInput);
        edit(copy, { set: hook.rewrite.set, remove: hook.rewrite.remove });
        result.updatedInput = copy;
        record.updatedInput = wireValue(copy);
      }
      // The hook also edits the input it was handed, in place: lost when the runtime hands hooks a copy.
      if (hook.mutate) edit(toolInput, hook.mutate);
      records.push(record);
      return result;
    },
  }));
  const policy = (input) => {
    const rule = testCase.policy.rules.find((candidate) => holds(candidate.when, input, grants));
    const name = rule ? rule.decision : testCase.policy.otherwise;
    const reason = rule ? rule.reason : testCase.policy.otherwiseReason;
    const decision = name === "deny" ? { decision: name, reason: reason ?? "policy_denied" } : reason === undefined ? { decision: name } : { decision: name, reason };
    const record = {
      kind: "policy",
      seq: ++seq,
      callId: input.callId,
      tool: input.toolName,
      ...(typeof input.rawArguments === "string" ? { rawArguments: input.rawArguments } : {}),
      parsedObject: objectId(input.parsedArguments),
      parsedArguments: wireValue(input.parsedArguments),
      ...(input.requestedArguments !== undefined ? { requestedArguments: wireValue(input.requestedArguments) } : {}),
      argsCanonicalJson: input.argsCanonicalJson,
      proposalHash: input.proposalHash,
      decision,
      inherited: inheritedMembers(input.parsedArguments),
    };
    records.push(record);
    const { mutate, mutateLate } = testCase.policy;
    if (!mutate) return decision;
    // "changed" is against the value at entry to the policy (spec/adapter-protocol.md), not just before the edit.
    const atEntry = notation(input.parsedArguments);
    const change = () => {
      edit(input.parsedArguments, mutate);
      record.mutation = notation(input.parsedArguments) === atEntry ? "unchanged" : "changed";
    };
    if (!mutateLate) {
      change();
      return decision;
    }
    // The edit after yielding to the event loop, just before the decision settles.
    return new Promise((resolve) => setImmediate(() => resolve((change(), decision))));
  };
  // A handoff probe records what the receiving agent was handed (there is no handoff schema).
  const handoffs = Object.fromEntries(
    (testCase.handoffs ?? []).map((name) => [
      name,
      { receive: (input, { callId }) => void records.push({ kind: "handoff", seq: ++seq, callId, handoff: name, input: wireValue(input) }) },
    ]),
  );
  return { tools, toolProbes, handoffs, hooks, policy, grants, takeRecords: () => records.splice(0) };
}

// ---------------------------------------------------------------- the minimal runtime

class ValidationError extends Error {
  constructor(stage, message) {
    super(message);
    this.stage = stage;
  }
}

function decodeStrictJson(raw) {
  let value;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    throw new ValidationError("json", error.message);
  }
  const stack = [];
  for (let i = 0; i < raw.length; i++) {
    const char = raw[i];
    if (char === '"') {
      let end = i + 1;
      while (raw[end] !== '"') end += raw[end] === "\\" ? 2 : 1;
      const frame = stack.at(-1);
      if (frame?.keys && frame.expectingKey) {
        const name = JSON.parse(raw.slice(i, end + 1));
        if (frame.keys.has(name)) throw new ValidationError("json", `duplicate member ${JSON.stringify(name)}`);
        frame.keys.add(name);
        frame.expectingKey = false;
      }
      i = end;
    } else if (char === "{" || char === "[") {
      stack.push({ keys: char === "{" ? new Set() : null, expectingKey: char === "{" });
      if (stack.length > 64) throw new ValidationError("json", "nesting deeper than 64 levels");
    } else if (char === "}" || char === "]") stack.pop();
    else if (char === "," && stack.at(-1)?.keys) stack.at(-1).expectingKey = true;
  }
  const finite = (v) => (typeof v === "number" ? Number.isFinite(v) : !isContainer(v) || Object.values(v).every(finite));
  if (!finite(value)) throw new ValidationError("json", "a number is too large to represent");
  return value;
}

/** The runtime's choices where RFC-0015 leaves room (spec/latitude.md); a real runtime has its own. */
const DEFAULT_CHOICES = {
  /** The proposal hash of a tool's effective arguments (given their canonical text, and the agent's name). */
  proposalHash: (toolName, argsCanonicalJson) => createHash("sha256").update(toolName).update("\u0000").update(argsCanonicalJson).digest("hex"),
  /** Whether the policy is handed requestedArguments (suspended proposals always keep it). */
  requestView: true,
  /** Whether a validation failure ends the turn (the calls after it are not attempted). */
  endTurnAtInvalid: false,
};

/** A synthetic handoff call: the tool calls' strict decoding, then the handoff; no schema, no policy. */
function handOff(handoff, { callId, rawArguments }) {
  let input;
  try {
    input = decodeStrictJson(rawArguments);
  } catch (error) {
    if (error instanceof ValidationError) return { callId, outcome: "invalid", stage: error.stage, message: error.message };
    throw error;
  }
  handoff.receive(input, { callId });
  return { callId, outcome: "handed_off" };
}

/** One attempt: decode, hooks, one parse, isolate, fingerprint, policy with mutation check, execute. */
async function attempt(runtime, call, turn) {
  const { choices } = runtime;
  const { callId, toolName, rawArguments } = call;
  if (Object.hasOwn(runtime.handoffs, toolName)) return handOff(runtime.handoffs[toolName], call);
  const tool = runtime.tools[toolName];
  if (!tool) return { callId, outcome: "denied", reason: "unknown_tool" };
  try {
    const requested = decodeStrictJson(rawArguments);
    let input = requested;
    for (const hook of runtime.hooks) {
      if (!hook.appliesTo(toolName)) continue;
      const result = hook.run({ toolName, callId, toolInput: structuredClone(input) });
      if (result.decision === "deny") return { callId, outcome: "denied", reason: result.reason ?? "hook_denied" };
      if (result.updatedInput !== undefined) input = result.updatedInput;
    }
    const parsed = tool.schema.safeParse(input);
    if (!parsed.success) throw new ValidationError("schema", parsed.error.issues.map((issue) => issue.message).join("; "));
    const parsedArguments = structuredClone(parsed.data);
    let argsCanonicalJson;
    try {
      argsCanonicalJson = canonical(parsedArguments);
    } catch {
      return { callId, outcome: "denied", reason: "arguments_not_canonicalizable" };
    }
    const proposalHash = choices.proposalHash(toolName, argsCanonicalJson, "example");
    const policyInput = { agentName: "example", toolName, callId, turn, rawArguments, parsedArguments, argsCanonicalJson, proposalHash };
    if (choices.requestView) policyInput.requestedArguments = requested;
    const decision = await runtime.policy(policyInput);
    let after;
    try {
      after = canonical(parsedArguments);
    } catch {
      after = undefined;
    }
    if (after !== argsCanonicalJson) return { callId, outcome: "denied", reason: "policy_mutated_arguments" };
    if (decision.decision === "deny") return { callId, outcome: "denied", reason: decision.reason };
    if (decision.decision === "require_approval") {
      const proposal = { kind: "tool", callId, toolName, rawArguments, requestedArguments: wireValue(requested), parsedArguments: wireValue(parsedArguments), argsCanonicalJson, proposalHash };
      return { callId, outcome: "suspended", proposal };
    }
    tool.execute(parsedArguments, { callId });
    return { callId, outcome: "executed" };
  } catch (error) {
    if (error instanceof ValidationError) return { callId, outcome: "invalid", stage: error.stage, message: error.message };
    throw error;
  }
}

// ---------------------------------------------------------------- the protocol

/** A handler for the protocol's requests; one case at a time. `choices` replace DEFAULT_CHOICES. */
export function createHandler(choices = {}, name = "example stdio adapter") {
  let session;
  return async function handle(request) {
    switch (request.type) {
      case "hello":
        return { type: "hello", id: request.id, name, version: "2.0.0", capabilities: ["approval", "batch", "fingerprint", "handoffs", "hooks", "proposal-hash", "raw-view", "replay", "resume", "tool-changes"] };
      case "start":
        // pending: the calls waiting for a reviewer, by id (a later suspended call with the same id takes its place).
        session = { ...probesFor(request.case), choices: { ...DEFAULT_CHOICES, ...choices }, pending: new Map() };
        return { type: "started", id: request.id };
      case "turn": {
        session.grants.clear();
        for (const hash of request.grants) session.grants.add(hash);
        const outcomes = [];
        let ended = false;
        for (const call of request.calls) {
          const outcome = ended ? { callId: call.callId, outcome: "not_attempted" } : await attempt(session, call, request.turn);
          ended ||= session.choices.endTurnAtInvalid && outcome.outcome === "invalid";
          outcomes.push(settle(session, outcome, call, request.turn));
        }
        return { type: "turn-result", id: request.id, outcomes, records: session.takeRecords() };
      }
      case "resume": {
        // The reviewer answered pending calls: a rejection denies one; an approval resumes it as a
        // new attempt, in which the approval takes the policy's place while the proposal is still
        // the one suspended (the same hash); one that changed since goes to the policy again.
        session.grants.clear();
        for (const hash of request.grants) session.grants.add(hash);
        const outcomes = [];
        for (const answer of request.answers) {
          const waiting = session.pending.get(answer.callId);
          if (!waiting) throw new Error(`no call ${answer.callId} is waiting for approval`);
          const approval = (input) => (input.proposalHash === waiting.proposalHash ? { decision: "allow" } : session.policy(input));
          // A record of the call handed back ("replay"): its arguments are what the attempt decodes; the approval still binds to the hash suspended.
          const call = answer.replayedArguments === undefined ? waiting.call : { ...waiting.call, rawArguments: JSON.stringify(answer.replayedArguments) };
          const outcome = answer.approved
            ? await attempt({ ...session, policy: approval }, call, waiting.turn)
            : { callId: answer.callId, outcome: "denied", reason: answer.reason ?? "rejected_by_reviewer" };
          outcomes.push(settle(session, outcome, waiting.call, waiting.turn));
        }
        return { type: "turn-result", id: request.id, outcomes, records: session.takeRecords() };
      }
      case "redefine":
        // The application changed these tools: new probes for them, the others kept. Attempts look
        // tools up in session.tools, so from the next turn on they parse with the new schemas; a
        // new map, so nothing that still holds the old one is changed behind its back.
        session.tools = { ...session.tools, ...session.toolProbes(request.tools) };
        return { type: "redefined", id: request.id };
      case "fingerprint":
        // The runtime's own hash for effective arguments, as its attempts compute it.
        return { type: "fingerprinted", id: request.id, proposalHash: session.choices.proposalHash(request.toolName, canonical(request.arguments), "example") };
      case "end":
        session = undefined;
        return { type: "ended", id: request.id };
      default:
        return { type: "error", id: request.id ?? 0, message: `unknown request type ${JSON.stringify(request.type)}` };
    }
  };
}

/** Keeps a suspended call waiting for a reviewer, and forgets one that was settled otherwise; returns the outcome. */
function settle(session, outcome, call, turn) {
  if (outcome.outcome === "suspended") session.pending.set(call.callId, { call, turn, proposalHash: outcome.proposal.proposalHash });
  else session.pending.delete(call.callId);
  return outcome;
}

/** Reads requests line by line from stdin and writes one reply line each to stdout. */
export async function serve(handle = createHandler()) {
  for await (const line of createInterface({ input: process.stdin })) {
    const request = JSON.parse(line);
    if (request.type === "shutdown") break;
    let reply;
    try {
      reply = await handle(request);
    } catch (error) {
      reply = { type: "error", id: request.id, message: String(error?.stack ?? error) };
    }
    process.stdout.write(JSON.stringify(reply) + "\n");
  }
  process.exit(0);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await serve();
