// The rules a case file keeps that its schema cannot express: ids, names and calls that refer to
// one another, expectations that can be observed, defaults that hold. The loader reports each
// problem at its path in the file.
import { basename, dirname } from "node:path";
import { isHandoffCall, type CaseFile, type Call, type CallExpectation, type SchemaNode } from "./case-schema.ts";
import { referencedCall } from "../vocabulary/call-references.ts";
import { compileSchema } from "../vocabulary/schema.ts";
import { sameJson } from "../values/snapshot.ts";
import { FAMILIES, REQUIREMENTS } from "./requirements.ts";

export interface Problem {
  path: PropertyKey[];
  message: string;
}

export function crossReferenceProblems(data: CaseFile, file: string): Problem[] {
  const problems: Problem[] = [];
  // Own names only: "toString" or "constructor" is a tool when the file declares it, not because every object has one.
  const isTool = (name: string) => Object.hasOwn(data.tools, name);
  const [family, name] = data.id.split("/") as [string, string];
  if (!(FAMILIES as readonly string[]).includes(family)) {
    problems.push({ path: ["id"], message: `family "${family}" is not one of ${FAMILIES.join(", ")}` });
  }
  const expectedName = `${basename(dirname(file))}/${basename(file).replace(/\.ya?ml$/, "")}`;
  if (expectedName !== data.id) {
    problems.push({ path: ["id"], message: `id "${data.id}" must match the file's place: cases/${family}/${name}.yaml (this file is ${expectedName})` });
  }
  data.requirements.forEach((id, index) => {
    const requirement = REQUIREMENTS.get(id);
    if (!requirement) problems.push({ path: ["requirements", index], message: `unknown requirement "${id}" (see spec/requirements.yaml)` });
    else if (requirement.retired) problems.push({ path: ["requirements", index], message: `requirement "${id}" is retired (see spec/requirements.yaml)` });
    else if (requirement.level === "should" && data.level === "must") {
      problems.push({ path: ["level"], message: `a must case cannot test the should requirement ${id}; make the case level should` });
    }
  });
  const hookIds = new Set<string>();
  data.hooks?.forEach((hook, index) => {
    if (hookIds.has(hook.id)) problems.push({ path: ["hooks", index, "id"], message: `hook id "${hook.id}" is used twice` });
    hookIds.add(hook.id);
    hook.tools?.forEach((tool, t) => {
      if (!isTool(tool)) problems.push({ path: ["hooks", index, "tools", t], message: `unknown tool "${tool}"; declared tools: ${Object.keys(data.tools).join(", ")}` });
    });
    if (hook.decision === undefined && hook.rewrite === undefined && hook.mutate === undefined) {
      problems.push({ path: ["hooks", index], message: 'a hook needs a "decision", a "rewrite" or a "mutate"' });
    }
  });
  const handoffs = new Set<string>();
  data.handoffs?.forEach((name, index) => {
    if (handoffs.has(name)) problems.push({ path: ["handoffs", index], message: `handoff "${name}" is declared twice` });
    // A name declared as both is taken as the tool's, so that its calls are not also reported as handoff calls.
    if (isTool(name)) problems.push({ path: ["handoffs", index], message: `"${name}" is declared as a tool too; a call must name either a tool or a handoff` });
    else handoffs.add(name);
  });
  const callables = `declared tools: ${Object.keys(data.tools).join(", ")}${handoffs.size > 0 ? `; handoffs: ${[...handoffs].join(", ")}` : ""}`;
  if (data.policy.mutateLate && !data.policy.mutate) problems.push({ path: ["policy", "mutateLate"], message: '"mutateLate" says when the policy\'s "mutate" happens; the policy has no "mutate"' });
  const earlierCall = (id: string, from: number, by?: string) => referencedCall(data.steps, id, from, by)?.call;
  data.steps.forEach((step, s) => {
    const turnCalls = new Set<string>();
    // The calls a resume answers: its expectations are about them, as a turn's are about its calls.
    const answered = new Map<string, { call: Call; step: number }>();
    for (const callId of Object.keys(step.resume ?? {})) {
      const pending = referencedCall(data.steps, callId, s);
      if (!pending || handoffs.has(pending.call.tool)) problems.push({ path: ["steps", s, "resume", callId], message: `"${callId}" is not a tool call of an earlier turn` });
      else answered.set(callId, pending);
    }
    step.turn?.forEach((call, c) => {
      // A later turn may use an id again (providers do); one turn cannot, or its outcomes could not be told apart.
      if (turnCalls.has(call.id)) problems.push({ path: ["steps", s, "turn", c, "id"], message: `call id "${call.id}" is used twice in this turn` });
      if (!isTool(call.tool) && !handoffs.has(call.tool)) problems.push({ path: ["steps", s, "turn", c, "tool"], message: `unknown tool "${call.tool}"; ${callables}` });
      turnCalls.add(call.id);
    });
    for (const [callId, expectation] of Object.entries(step.expect ?? {})) {
      if (step.resume && !Object.hasOwn(step.resume, callId)) problems.push({ path: ["steps", s, "expect", callId], message: `"${callId}" is not a call this resume answers` });
      if (!step.resume && !turnCalls.has(callId)) problems.push({ path: ["steps", s, "expect", callId], message: `"${callId}" is not a call of this turn` });
      if (expectation.requirement !== undefined && !data.requirements.includes(expectation.requirement)) {
        problems.push({ path: ["steps", s, "expect", callId, "requirement"], message: `"${expectation.requirement}" is not one of the case's requirements (${data.requirements.join(", ")})` });
      }
      for (const key of ["sameHashAs", "differentHashFrom"] as const) {
        expectation[key]?.forEach((other, i) => {
          if (!earlierCall(other, s, callId)) problems.push({ path: ["steps", s, "expect", callId, key, i], message: `"${other}" is not another call of this turn or a call of an earlier turn` });
        });
      }
      const tool = (step.turn?.find((call) => call.id === callId) ?? answered.get(callId)?.call)?.tool ?? "";
      const kind = handoffs.has(tool) ? "handoff" : isTool(tool) ? "tool" : undefined;
      problems.push(...expectationProblems(expectation, data, ["steps", s, "expect", callId], kind));
      if (expectation.decodesLike !== undefined) {
        const other = earlierCall(expectation.decodesLike, s, callId);
        const own = step.turn?.find((call) => call.id === callId);
        const at = ["steps", s, "expect", callId, "decodesLike"];
        if (!other || handoffs.has(other.tool)) problems.push({ path: at, message: `"${expectation.decodesLike}" is not a tool call of this or an earlier turn` });
        else if (own && other.arguments !== own.arguments) problems.push({ path: at, message: `"${expectation.decodesLike}" has other arguments than "${callId}"; decodesLike compares two calls with the very same raw string` });
      }
    }
    step.turn?.forEach((call, c) => {
      if (!Object.hasOwn(step.expect ?? {}, call.id)) problems.push({ path: ["steps", s, "turn", c], message: `call "${call.id}" has no entry under "expect"` });
    });
    for (const callId of answered.keys()) {
      // A replayed approval may be refused, asked about again, or run as suspended: check 26 holds
      // what runs to what was approved, and no one outcome is to be expected.
      if (typeof step.resume?.[callId] === "object") continue;
      if (!Object.hasOwn(step.expect ?? {}, callId)) problems.push({ path: ["steps", s, "resume", callId], message: `call "${callId}" has no entry under "expect"` });
    }
    const granted = step.grant && earlierCall(step.grant.call, s);
    if (step.grant && !granted) {
      problems.push({ path: ["steps", s, "grant", "call"], message: `"${step.grant.call}" is not a call of an earlier turn` });
    } else if (step.grant?.view === "requested" && !isJsonText(granted!.arguments)) {
      problems.push({ path: ["steps", s, "grant", "view"], message: `a grant over the request needs a decodable request, and the arguments of "${step.grant.call}" are not JSON` });
    }
    for (const [name, tool] of Object.entries(step.redefine ?? {})) {
      // A redefinition changes a tool the model already has; hooks and handoffs name the declared ones.
      if (!isTool(name)) problems.push({ path: ["steps", s, "redefine", name], message: `"${name}" is not a declared tool; a redefinition changes one of: ${Object.keys(data.tools).join(", ")}` });
      problems.push(...defaultProblems(tool.schema, ["steps", s, "redefine", name, "schema"]));
    }
  });
  for (const [name, tool] of Object.entries(data.tools)) problems.push(...defaultProblems(tool.schema, ["tools", name, "schema"]));
  return problems;
}

function isJsonText(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * A default must be a value its node accepts and leaves as it is. Schema libraries disagree on
 * whether a default goes through the schema (Zod 3 parses it, Zod 4 does not); for such a value
 * they agree, so no case depends on the library here.
 */
function defaultProblems(node: SchemaNode, path: PropertyKey[]): Problem[] {
  const problems: Problem[] = [];
  if (node.default !== undefined) {
    const parsed = compileSchema({ ...node, default: undefined, optional: undefined }).safeParse(structuredClone(node.default));
    if (!parsed.success) {
      problems.push({ path: [...path, "default"], message: `the default is not a value this node accepts: ${parsed.error.issues.map((issue) => issue.message).join("; ")}` });
    } else if (!sameJson(parsed.data, node.default)) {
      problems.push({ path: [...path, "default"], message: `the default must be a value this node leaves unchanged, but it parses to ${JSON.stringify(parsed.data)}` });
    }
  }
  for (const [key, child] of Object.entries(node.properties ?? {})) problems.push(...defaultProblems(child, [...path, "properties", key]));
  if (node.items) problems.push(...defaultProblems(node.items, [...path, "items"]));
  return problems;
}

/** Expectation fields that cannot be observed for the expected outcome, or for the kind of call, would never pass. */
function expectationProblems(expectation: CallExpectation, data: CaseFile, path: PropertyKey[], kind: "tool" | "handoff" | undefined): Problem[] {
  const problems: Problem[] = [];
  const toolWords = ["requestedArguments", "parsedArguments", "executedArguments", "hookInputs", "sameHashAs", "differentHashFrom"] as const;
  // A call to nothing declared is reported as such, and not as a call of either kind.
  if (kind === undefined) return problems;
  if (kind === "handoff") {
    if (["executed", "suspended"].includes(expectation.outcome)) problems.push({ path: [...path, "outcome"], message: `a handoff call is handed_off, invalid or denied, never ${expectation.outcome}` });
    for (const field of toolWords.filter((word) => expectation[word] !== undefined)) {
      problems.push({ path: [...path, field], message: `"${field}" is about a tool call's attempt; this is a handoff call (use handoffInput or decodesLike)` });
    }
  } else {
    if (expectation.outcome === "handed_off") problems.push({ path: [...path, "outcome"], message: "only a handoff call is handed_off; this call names a tool" });
    for (const field of ["handoffInput", "decodesLike"] as const) {
      if (expectation[field] !== undefined) problems.push({ path: [...path, field], message: `"${field}" is about a handoff call; this call names a tool` });
    }
  }
  const only = (field: keyof CallExpectation, outcomes: string[], why: string) => {
    if (expectation[field] !== undefined && !outcomes.includes(expectation.outcome)) {
      problems.push({ path: [...path, field], message: `"${field}" cannot be observed for outcome ${expectation.outcome}: ${why}` });
    }
  };
  only("reason", ["denied"], "it is the deny reason");
  only("stage", ["invalid"], "it is the validation stage");
  if (kind === "tool") {
    only("executedArguments", ["executed"], "only an executed call reaches the tool");
    only("parsedArguments", ["executed", "denied", "suspended"], "an invalid call never reaches the policy");
    only("requestedArguments", ["executed", "denied", "suspended"], "an invalid call never reaches the policy");
  }
  only("handoffInput", ["handed_off"], "only a handoff that happened hands an input over");
  if (expectation.hookInputs !== undefined && !data.hooks?.length) {
    problems.push({ path: [...path, "hookInputs"], message: '"hookInputs" needs hooks in the case' });
  }
  return problems;
}
