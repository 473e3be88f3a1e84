// fast-check arbitraries in the case vocabulary: tool schemas, argument values a schema
// accepts, raw strings that format them in many equivalent ways, hostile raw strings, and
// whole cases. The property tests and the differential `fuzz` command share them.
import fc from "fast-check";
import type { Call, CaseFile, Hook, Json, Policy, PolicyRule, SchemaNode, Step, Tool } from "../loading/case-schema.ts";
import { TRANSFORMS } from "../loading/case-schema.ts";
import { sameJson } from "../values/snapshot.ts";
import { compileSchema } from "../vocabulary/schema.ts";
import { memberPointers, otherwise, policyMutation, policyRules } from "./policies.ts";
import { JSON_EDGES } from "./raw-strings.ts";

/** A case without what the fuzzer adds: its name, level, requirements and expectations. */
type Skeleton = Omit<CaseFile, "id" | "title" | "level" | "requirements">;

/** A small key space, so that defaults, aliases, strip and rewrites collide often. */
const KEYS = ["path", "mode", "limit", "force", "options", "note", "cwd", "tags"] as const;
const LOOKALIKE_KEYS = ["p\u0430th", "pat\u04bb", "\uff50ath", "path\u200b"] as const;
/**
 * Member names that UTF-16 code units, code points and localeCompare put in different orders
 * (RFC 8785's own vector): "a" and "B", "\r" and "1", U+FB33 and U+1F600 (a surrogate pair).
 */
const ORDERING_KEYS = ["a", "B", "\r", "1", "\u00f6", "\u20ac", "\ufb33", "\ud83d\ude00"] as const;
/**
 * Strings that string handling gets wrong: surrounding spaces (trimmed), a combining accent (NFC
 * folds it), a surrogate pair, what HTML- and JavaScript-safe encoders escape (<, >, &, U+2028,
 * U+2029), letters above U+00FF.
 */
const TRICKY_TEXT = ["  padded  ", "cafe\u0301", "\ud83d\udcc1 notes", "<b>Fish & Chips</b>", "a\u2028b\u2029c", "\u0141\u00f3d\u017a"] as const;

const text = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom("/tmp/a.txt", "/tmp/../etc/passwd", " /etc/shadow ", "/ETC/hosts", "\uff0fetc\uff0fpasswd", "read", "write", "false", "", "0"),
  fc.constantFrom(...TRICKY_TEXT),
);

/** Small JSON values, so that shrunk cases stay readable; some objects are keyed to test member order. */
const smallJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { maxDepth: 2, depthSize: "small" },
    fc.constantFrom(null, true, false, 0, 1, -1, 1.5, "", "x", "/etc/passwd"),
    fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom(...TRICKY_TEXT)),
    fc.integer({ min: -1000, max: 1000 }),
    fc.array(tie("value"), { maxLength: 2 }),
    fc.dictionary(fc.constantFrom(...KEYS, "__proto__"), tie("value"), { maxKeys: 2 }),
    fc.dictionary(fc.constantFrom(...ORDERING_KEYS), tie("value"), { minKeys: 2, maxKeys: 3 }),
  ),
})).value;

function stringNode(): fc.Arbitrary<SchemaNode> {
  return fc.record(
    {
      type: fc.constant("string" as const),
      transforms: fc.subarray([...TRANSFORMS], { minLength: 1 }),
      enum: fc.constantFrom(["read", "write"], ["/tmp/a", "/etc/b"]),
      minLength: fc.integer({ min: 0, max: 3 }),
      maxLength: fc.integer({ min: 6, max: 16 }),
      coerce: fc.constant(true),
      nullable: fc.constant(true),
    },
    { requiredKeys: ["type"] },
  );
}

function numberNode(): fc.Arbitrary<SchemaNode> {
  return fc
    .record(
      {
        type: fc.constantFrom("number" as const, "integer" as const),
        minimum: fc.integer({ min: -10, max: 0 }),
        maximum: fc.integer({ min: 1, max: 1000 }),
        coerce: fc.constant(true),
        nullable: fc.constant(true),
      },
      { requiredKeys: ["type"] },
    );
}

const booleanNode: fc.Arbitrary<SchemaNode> = fc.record({ type: fc.constant("boolean" as const), coerce: fc.boolean() }, { requiredKeys: ["type"] });
const anyNode: fc.Arbitrary<SchemaNode> = fc.constant({ type: "any" as const });
const nullNode: fc.Arbitrary<SchemaNode> = fc.constant({ type: "null" as const });

/** A list of scalars, maybe bounded in length. */
const arrayNode: fc.Arbitrary<SchemaNode> = fc.record(
  {
    type: fc.constant("array" as const),
    items: fc.oneof(stringNode(), numberNode(), booleanNode, anyNode),
    minLength: fc.integer({ min: 0, max: 1 }),
    maxLength: fc.integer({ min: 2, max: 3 }),
  },
  { requiredKeys: ["type"] },
);

const leafNode: fc.Arbitrary<SchemaNode> = fc.oneof(
  { weight: 3, arbitrary: stringNode() },
  { weight: 3, arbitrary: numberNode() },
  { weight: 3, arbitrary: booleanNode },
  { weight: 3, arbitrary: anyNode },
  { weight: 1, arbitrary: arrayNode },
  { weight: 1, arbitrary: nullNode },
);

/** An optional or defaulted member, with a default its own schema accepts and leaves unchanged (as the loader requires). */
function withPresence(node: fc.Arbitrary<SchemaNode>): fc.Arbitrary<SchemaNode> {
  return node.chain((schema) =>
    fc.oneof(
      { weight: 3, arbitrary: fc.constant(schema) },
      { weight: 1, arbitrary: fc.constant({ ...schema, optional: true }) },
      { weight: 1, arbitrary: valueFor(schema).map((value) => withDefault(schema, value)) },
    ),
  );
}

/** The schema with the parse of `value` as its default, when that parse is a value the schema keeps as it is. */
function withDefault(schema: SchemaNode, value: unknown): SchemaNode {
  const parse = (input: unknown) => compileSchema(schema).safeParse(input);
  const once = parse(structuredClone(value));
  if (!once.success) return schema;
  const twice = parse(structuredClone(once.data));
  return twice.success && sameJson(twice.data, once.data) ? { ...schema, default: once.data as Json } : schema;
}

function objectNode(depth: number): fc.Arbitrary<SchemaNode> {
  const member = depth > 0 ? fc.oneof({ weight: 3, arbitrary: leafNode }, { weight: 1, arbitrary: objectNode(depth - 1) }) : leafNode;
  return fc
    .record(
      {
        properties: fc.dictionary(fc.constantFrom(...KEYS), withPresence(member), { minKeys: 1, maxKeys: 4 }),
        unknownKeys: fc.constantFrom("strip" as const, "strict" as const, "passthrough" as const),
        alias: fc.option(fc.constantFrom("file", "dir", "target"), { nil: undefined }),
      },
      { requiredKeys: ["properties"] },
    )
    .map(({ properties, unknownKeys, alias }) => {
      const node: SchemaNode = { type: "object", properties };
      if (unknownKeys) node.unknownKeys = unknownKeys;
      const target = Object.keys(properties)[0]!;
      if (alias) node.aliases = { [alias]: target };
      return node;
    });
}

/** A tool's argument schema: always an object at the top, nested at most twice. */
export const toolSchema: fc.Arbitrary<SchemaNode> = objectNode(2);

/**
 * How an application changes a tool between turns (a "redefine" step): a member gets another
 * default, a member is added (mostly with a default) or removed, or made optional (its default
 * gone), a string member gets a transform more, or the object another unknownKeys mode. Each
 * can make the same raw string mean another effective value, or none.
 */
export type SchemaChange =
  | { kind: "default"; key: string; value: unknown }
  | { kind: "added"; key: string; node: SchemaNode }
  | { kind: "removed" | "optional"; key: string }
  | { kind: "transform"; key: string; transform: (typeof TRANSFORMS)[number] }
  | { kind: "unknownKeys"; mode: "strip" | "strict" | "passthrough" };

/** The changes a schema can have; built once per schema, each value arbitrary only when its change is drawn. */
export function schemaChange(schema: SchemaNode): fc.Arbitrary<SchemaChange> {
  const properties = schema.properties ?? {};
  const keys = Object.keys(properties);
  const absent = KEYS.filter((key) => !Object.hasOwn(properties, key) && !Object.hasOwn(schema.aliases ?? {}, key));
  const strings = keys.filter((key) => properties[key]!.type === "string");
  const member = fc.constantFrom(...keys);
  const modes = (["strip", "strict", "passthrough"] as const).filter((mode) => mode !== (schema.unknownKeys ?? "strip"));
  // An added member has a default most of the time: then a request without it means another value.
  const added = leafNode.chain((node) =>
    fc.oneof({ weight: 3, arbitrary: valueFor(node).map((value) => withDefault(node, value)) }, { weight: 1, arbitrary: fc.constant({ ...node, optional: true }) }, { weight: 1, arbitrary: fc.constant(node) }),
  );
  return fc.oneof(
    { weight: 3, arbitrary: member.chain((key) => valueFor(bareOf(properties[key]!)).map((value) => ({ kind: "default" as const, key, value }))) },
    ...(absent.length > 0 ? [{ weight: 3, arbitrary: fc.tuple(fc.constantFrom(...absent), added).map(([key, node]) => ({ kind: "added" as const, key, node })) }] : []),
    ...(keys.length > 1 ? [{ weight: 1, arbitrary: member.map((key) => ({ kind: "removed" as const, key })) }] : []),
    { weight: 2, arbitrary: member.map((key) => ({ kind: "optional" as const, key })) },
    ...(strings.length > 0 ? [{ weight: 2, arbitrary: fc.tuple(fc.constantFrom(...strings), fc.constantFrom(...TRANSFORMS)).map(([key, transform]) => ({ kind: "transform" as const, key, transform })) }] : []),
    { weight: 1, arbitrary: fc.constantFrom(...modes).map((mode) => ({ kind: "unknownKeys" as const, mode })) },
  );
}

/** A member's node without its presence (optional, default). */
function bareOf(node: SchemaNode): SchemaNode {
  return omit(omit(node, "default"), "optional");
}

/**
 * The schema as the change makes it, every default one its node leaves unchanged (the loader's
 * rule); nothing when the change changes nothing.
 */
export function changed(schema: SchemaNode, change: SchemaChange): SchemaNode | undefined {
  const properties = schema.properties ?? {};
  const withMember = (key: string, node: SchemaNode) => ({ ...schema, properties: { ...properties, [key]: node } });
  if (change.kind === "unknownKeys") return change.mode === (schema.unknownKeys ?? "strip") ? undefined : { ...schema, unknownKeys: change.mode };
  if (change.kind === "added") return Object.hasOwn(properties, change.key) ? undefined : withMember(change.key, change.node);
  const node = Object.hasOwn(properties, change.key) ? properties[change.key]! : undefined;
  if (!node) return undefined;
  switch (change.kind) {
    case "default": {
      const next = withDefault(bareOf(node), change.value);
      return next.default === undefined || sameJson(next.default, node.default) ? undefined : withMember(change.key, next);
    }
    case "removed":
      return Object.keys(properties).length > 1 ? withoutMember(schema, change.key) : undefined;
    case "optional":
      return node.optional ? undefined : withMember(change.key, { ...omit(node, "default"), optional: true });
    case "transform": {
      if (node.type !== "string" || node.transforms?.includes(change.transform)) return undefined;
      const transformed = { ...omit(node, "default"), transforms: [...(node.transforms ?? []), change.transform] };
      // The old default, as the new node leaves it, if it does; else none.
      return withMember(change.key, node.default === undefined ? transformed : withDefault(transformed, node.default));
    }
  }
}

/** Values the schema accepts (before its coercions and transforms). */
export function valueFor(node: SchemaNode): fc.Arbitrary<unknown> {
  const base = baseValueFor(node);
  return node.nullable ? fc.oneof(fc.constant(null), base) : base;
}

function baseValueFor(node: SchemaNode): fc.Arbitrary<unknown> {
  switch (node.type) {
    case "string": {
      const long = (value: unknown) => String(value).length >= (node.minLength ?? 0) && String(value).length <= (node.maxLength ?? Infinity);
      const strings = node.enum ? fc.constantFrom(...(node.enum as string[])) : text.filter(long);
      return node.coerce && !node.enum ? fc.oneof(strings, fc.oneof(fc.integer({ min: 0, max: 99999 }), fc.boolean()).filter(long)) : strings;
    }
    case "number":
    case "integer": {
      const min = node.minimum ?? -1e6;
      const max = node.maximum ?? 1e6;
      const numbers = node.type === "integer" ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
      return node.coerce ? fc.oneof(numbers, numbers.map(String)) : numbers;
    }
    case "boolean":
      return node.coerce ? fc.oneof(fc.boolean(), fc.constantFrom("false", "true", "", "0"), fc.integer({ min: 0, max: 2 })) : fc.boolean();
    case "null":
      return fc.constant(null);
    case "any":
      return smallJson;
    case "array":
      return fc.array(node.items ? valueFor(node.items) : smallJson, { minLength: node.minLength ?? 0, maxLength: Math.min(node.maxLength ?? 3, 3) });
    case "object":
      return objectValueFor(node);
  }
}

function objectValueFor(node: SchemaNode): fc.Arbitrary<unknown> {
  const properties = node.properties ?? {};
  const members = Object.fromEntries(Object.entries(properties).map(([key, child]) => [key, valueFor(child)]));
  const required = Object.entries(properties)
    .filter(([, child]) => !child.optional && child.default === undefined)
    .map(([key]) => key);
  const known = new Set([...Object.keys(properties), ...Object.keys(node.aliases ?? {})]);
  const extras =
    node.unknownKeys === "strict"
      ? fc.constant({})
      : fc.dictionary(fc.constantFrom(...KEYS, ...LOOKALIKE_KEYS, ...ORDERING_KEYS).filter((key) => !known.has(key)), smallJson, { maxKeys: 2 });
  const aliasUse = fc.option(fc.constantFrom(...Object.keys(node.aliases ?? { "-": "" })), { nil: undefined });
  return fc.tuple(fc.record(members, { requiredKeys: required }), extras, aliasUse).map(([value, extra, alias]) => {
    const result: Record<string, unknown> = { ...extra, ...value };
    const target = alias ? node.aliases?.[alias] : undefined;
    // Move the target's value under its alias name, which the schema maps back.
    if (alias && target && target in result) {
      result[alias] = result[target];
      delete result[target];
    }
    return result;
  });
}

/** The same JSON value written with shuffled member order and varying whitespace. */
export function formatted(value: unknown): fc.Arbitrary<string> {
  return fc.tuple(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.constantFrom("", " ", "\n  ", "\t")).map(([seed, space]) => write(value, seed, space));
}

function write(value: unknown, seed: number, space: string): string {
  if (Array.isArray(value)) return `[${space}${value.map((item, i) => write(item, seed + i, space)).join(`,${space}`)}${space}]`;
  if (typeof value === "object" && value !== null) {
    const keys = Object.keys(value);
    // A deterministic shuffle from the seed: same seed, same order.
    const order = keys.map((key, i) => ({ key, rank: mix(seed, i) })).sort((a, b) => a.rank - b.rank);
    const members = order.map(({ key }) => `${JSON.stringify(key)}${space}:${space}${write((value as Record<string, unknown>)[key], seed + key.length, space)}`);
    return `{${space}${members.join(`,${space}`)}${space}}`;
  }
  return JSON.stringify(value);
}

/** A well-spread 32-bit hash of (seed, index) (MurmurHash3's finalizer), so the ranks of one object's keys are in no fixed order. */
export function mix(seed: number, index: number): number {
  let h = (seed ^ Math.imul(index + 1, 0x9e3779b9)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** The same value with every ASCII letter of its strings moved up by 0x100 (A becomes U+0141): other text, the same Latin-1 bytes. */
export function latin1Twin(value: unknown): unknown {
  if (typeof value === "string") return value.replace(/[A-Za-z]/g, (letter) => String.fromCharCode(letter.charCodeAt(0) + 0x100));
  if (Array.isArray(value)) return value.map(latin1Twin);
  // fromEntries keeps an own "__proto__" member an own member.
  if (typeof value === "object" && value !== null) return Object.fromEntries(Object.entries(value).map(([key, member]) => [key, latin1Twin(member)]));
  return value;
}

/** Not JSON, or JSON that is not an object. */
const MALFORMED = ["", " ", "{", "}", "{}}", "[1,]", "{'path': 1}", "NaN", "null", "[]", '"text"', '{"path": 1} trailing', "\u0000"];
/** Members naming "__proto__" twice, at the top level and nested: a duplicate check that keeps the names seen in a plain object never finds them. */
const REPEATED_PROTO = ['"__proto__": {"admin": false}, "__proto__": {"admin": true}', '"meta": {"__proto__": 1, "follow": true, "__proto__": 2}'];
/** Members naming one member twice, once with a \u escape: a duplicate check on names as written lets them through. */
const ESCAPED_TWICE = ['"meta": {"follow": false, "f\\u006fllow": true}', '"meta": {"__proto__": {}, "\\u005f_proto__": {"admin": true}}'];

const always = (raw: string) => () => raw;

/** Ways to spoil a valid raw string, each a function of it. */
const spoilers: fc.Arbitrary<(valid: string) => string> = fc.oneof(
  // A spoiled call that does not matter shrinks to a short malformed string.
  { withCrossShrink: true },
  fc.constantFrom(...MALFORMED).map(always),
  fc.nat().map((cut) => (valid: string) => valid.slice(0, 1 + (cut % Math.max(1, valid.length - 1)))),
  fc.constantFrom(...KEYS).map((key) => always(`{"${key}": "/tmp/ok", "${key}": "/etc/shadow"}`)),
  fc.constantFrom('{"__proto__": {"admin": true}, "path": "/tmp/x"}', '{"path": "/tmp/x", "constructor": {"prototype": {"admin": true}}}').map(always),
  fc.integer({ min: 60, max: 80 }).map((depth) => always(`${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`)),
  fc.constantFrom('{"limit": 1e400}', '{"limit": -1e999}', '{"limit": 123456789012345678901234567890}', '{"limit": 5e-324}').map(always),
  fc.constantFrom(...LOOKALIKE_KEYS).map((key) => always(`{"${key}": "/etc/shadow"}`)),
  fc.string({ maxLength: 20 }).map(always),
  fc.constantFrom(...REPEATED_PROTO, ...ESCAPED_TWICE).map((members) => (valid: string) => withMembers(valid, members)),
  // The valid string's first member named once more before it, spelled with an escape: JSON.parse keeps the valid one.
  fc.constant((valid: string) => withMembers(valid, `${escapedName(firstMember(valid))}: "/etc/shadow"`)),
);

/** Raw argument strings that a strict runtime must reject or handle without executing blindly. */
export function hostileRaw(valid: string): fc.Arbitrary<string> {
  return spoilers.map((spoil) => spoil(valid));
}

/** The JSON object text with `members` written first. */
function withMembers(valid: string, members: string): string {
  const open = valid.indexOf("{") + 1;
  const rest = valid.slice(open);
  return `${valid.slice(0, open)}${members}${rest.trim().startsWith("}") ? "" : ", "}${rest}`;
}

function firstMember(valid: string): string {
  try {
    return Object.keys(JSON.parse(valid) as object)[0] ?? "path";
  } catch {
    return "path";
  }
}

/** A member name as JSON text, its first character written as a \u escape. */
function escapedName(name: string): string {
  const first = name.charCodeAt(0) || 0x70;
  return `"\\u${first.toString(16).padStart(4, "0")}${JSON.stringify(name.slice(1)).slice(1, -1)}"`;
}

/** A generated hook without its id, and whether the reference still suspends a valid call it runs on (no deny, no input it could reject). */
interface HookPlan {
  hook: Omit<Hook, "id">;
  benign: boolean;
}

/**
 * A PreToolUse hook of every kind: one that pins a member (to a value its schema accepts, or
 * not), removes one, replaces the whole input (falsy replacements included), edits its input in
 * place, or only decides; maybe denying as well as rewriting, maybe scoped to one tool.
 */
function hookFor(schema: SchemaNode, values: fc.Arbitrary<unknown>): fc.Arbitrary<HookPlan> {
  const members = Object.entries(schema.properties ?? {});
  // A member set to a value its schema accepts, or to one it rejects.
  const pin = fc.oneof(
    ...members.map(([key, child]) =>
      fc
        .oneof({ weight: 3, arbitrary: valueFor(child).map((value) => ({ value, valid: true })) }, { weight: 1, arbitrary: fc.constant({ value: { not: "valid" }, valid: false }) })
        .map(({ value, valid }) => ({ set: { [`/${key}`]: value as Json }, valid })),
    ),
  );
  const edit: fc.Arbitrary<HookPlan> = fc.oneof(
    pin.map(({ set, valid }) => ({ hook: { rewrite: { set } }, benign: valid })),
    fc.constantFrom(...memberPointers(schema)).map((pointer) => ({ hook: { rewrite: { remove: [pointer] } }, benign: false })),
    fc.oneof(fc.constantFrom(null, "", 0, false), values).map((replace) => ({ hook: { rewrite: { replace: replace as Json } }, benign: false })),
    pin.map(({ set }) => ({ hook: { mutate: { set } }, benign: true })),
    fc.constant({ hook: {}, benign: true }),
  );
  // Scoped now and then, to the tool called or the other one.
  const scope = fc.oneof({ withCrossShrink: true }, { weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.constantFrom("tool_a", "tool_b") });
  return fc
    .tuple(edit, fc.constantFrom(undefined, "allow" as const, "deny" as const), fc.boolean(), scope)
    .map(([{ hook, benign }, chosen, reasoned, scope]) => {
      // A hook needs a decision, a rewrite or a mutate.
      const decision = chosen ?? (hook.rewrite || hook.mutate ? undefined : "allow");
      return {
        hook: { ...(scope ? { tools: [scope] } : {}), ...(decision ? { decision } : {}), ...(decision === "deny" && reasoned ? { reason: "hook_reason" } : {}), ...hook },
        benign: benign && decision !== "deny",
      };
    });
}

/**
 * A call's raw string: its own value written out or spoiled, or the previous call's value again
 * (the same text, reformatted, its Latin-1 twin, or the same text to the other tool).
 */
type CallPlan =
  | { form: "own" | "spoiled"; value: unknown; seed: number; space: string; spoil?: (valid: string) => string }
  | { form: "reformatted" | "twin"; seed: number; space: string }
  | { form: "edge"; raw: string }
  | { form: "same" | "elsewhere" | "handoff" };

const layout = fc.record({ seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }), space: fc.constantFrom("", " ", "\n  ", "\t") });

function ownCall(values: fc.Arbitrary<unknown>): fc.Arbitrary<CallPlan> {
  return fc.tuple(values, layout).map(([value, where]) => ({ form: "own" as const, value, ...where }));
}

/** A call of a turn; with handoffs, also a raw string at JSON's edges, and a handoff with the raw string of the call before it. */
function callPlan(values: fc.Arbitrary<unknown>, handoffs: boolean): fc.Arbitrary<CallPlan> {
  const plain = plainCallPlan(values);
  if (!handoffs) return plain;
  return fc.oneof(
    { weight: 8, arbitrary: plain },
    { weight: 1, arbitrary: fc.constantFrom(...JSON_EDGES).map((raw) => ({ form: "edge" as const, raw })) },
    { weight: 2, arbitrary: fc.constant({ form: "handoff" as const }) },
  );
}

function plainCallPlan(values: fc.Arbitrary<unknown>): fc.Arbitrary<CallPlan> {
  return fc.oneof(
    { weight: 8, arbitrary: ownCall(values) },
    { weight: 2, arbitrary: fc.tuple(values, layout, spoilers).map(([value, where, spoil]) => ({ form: "spoiled" as const, value, ...where, spoil })) },
    { weight: 1, arbitrary: fc.constant({ form: "same" as const }) },
    { weight: 1, arbitrary: layout.map((where) => ({ form: "reformatted" as const, ...where })) },
    { weight: 1, arbitrary: layout.map((where) => ({ form: "twin" as const, ...where })) },
    { weight: 1, arbitrary: fc.constant({ form: "elsewhere" as const }) },
  );
}

interface Written {
  tool: string;
  value: unknown;
  raw: string;
}

/** The handoff a generated case declares. */
const HANDOFF = "handoff_a";

/** What "again" means for the first call of a case. */
const NOTHING_BEFORE: Written = { tool: "tool_a", value: {}, raw: "{}" };

/** The call a plan describes, after `previous`. */
function writeCall(plan: CallPlan, previous: Written = NOTHING_BEFORE): Written {
  switch (plan.form) {
    case "own":
      return { tool: "tool_a", value: plan.value, raw: write(plan.value, plan.seed, plan.space) };
    case "spoiled":
      return { tool: "tool_a", value: plan.value, raw: plan.spoil!(write(plan.value, plan.seed, plan.space)) };
    case "same":
      return { ...previous, tool: "tool_a" };
    case "elsewhere":
      return { ...previous, tool: "tool_b" };
    case "handoff":
      return { ...previous, tool: HANDOFF };
    case "edge":
      // What a later call reformats or twins: the value JSON.parse reads, or {} where it reads none.
      return { tool: "tool_a", value: parsedOrEmpty(plan.raw), raw: plan.raw };
    case "reformatted":
      return { tool: "tool_a", value: previous.value, raw: write(previous.value, plan.seed, plan.space) };
    case "twin": {
      const value = latin1Twin(previous.value);
      return { tool: "tool_a", value, raw: write(value, plan.seed, plan.space) };
    }
  }
}

function parsedOrEmpty(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return {};
  }
}

/**
 * A call of a turn: its plan, and now and then which id of an earlier turn it takes again (an
 * index among those ids), as providers that number calls per response do.
 */
interface Planned {
  plan: CallPlan;
  again?: number | undefined;
  /** A call that meets a call of the turn before it (the calls a resume answered): see Echo. */
  echo?: Echo | undefined;
}

/**
 * A call that meets a call of the turn before it (at `position`, modulo that turn's length), to
 * that call's tool: under its id (`keepId`) with its raw string again (a plan of form "same") or
 * with a value of its own (a plan of form "own"), or with its raw string under a new id.
 */
interface Echo {
  position: number;
  keepId: boolean;
}

/** An id of an earlier turn used again, now and then; shrinks to a fresh id. */
const idAgain: fc.Arbitrary<number | undefined> = fc.oneof({ withCrossShrink: true }, { weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.nat({ max: 3 }) });

const planned = (plan: fc.Arbitrary<CallPlan>): fc.Arbitrary<Planned> => fc.tuple(plan, idAgain).map(([each, again]) => ({ plan: each, again }));
const fresh = (plan: CallPlan): Planned => ({ plan });

/**
 * Turns as written: new ids numbered c1, c2... across the case, and a call that takes an id of
 * an earlier turn again takes it unless a call of its own turn has it already (an id is unique
 * within its turn).
 */
function writeTurns(turns: Planned[][]): Step[] {
  let previous: Written | undefined;
  let next = 0;
  const earlier: string[] = [];
  let before: (Written & { id: string })[] = [];
  return turns.map((plans) => {
    const used = new Set<string>();
    const written = plans.map(({ plan, again, echo }) => {
      const met = echo && before.length > 0 ? before[echo.position % before.length]! : undefined;
      if (met && echo) {
        // The call met, to its own tool: its raw string again, or (under its id) a value of its own.
        const own = plan.form === "own" && echo.keepId;
        previous = own ? { ...writeCall(plan, previous), tool: met.tool } : met;
        const id = echo.keepId && !used.has(met.id) ? met.id : `c${++next}`;
        used.add(id);
        return { ...previous, id };
      }
      previous = writeCall(plan, previous);
      const taken = again === undefined || earlier.length === 0 ? undefined : earlier[again % earlier.length]!;
      const id = taken !== undefined && !used.has(taken) ? taken : `c${++next}`;
      used.add(id);
      return { ...previous, id };
    });
    for (const call of written) if (!earlier.includes(call.id)) earlier.push(call.id);
    before = written;
    return { turn: written.map(({ id, tool, raw }) => ({ id, tool, arguments: raw })) };
  });
}

/**
 * One to `most` items. Not minLength: fast-check shrinks a list by cutting items from its start,
 * and its tail as a list of its own, which minLength 1 keeps from dropping the last item.
 */
const oneToMost = <T>(item: fc.Arbitrary<T>, most: number) => fc.array(item, { maxLength: most }).filter((items) => items.length > 0);

export interface FuzzOptions {
  /** Allow PreToolUse hooks in generated cases. */
  hooks: boolean;
  /** Allow require_approval decisions (suspended proposals) and grants. */
  approval: boolean;
  /** Allow turns with several calls. */
  batch: boolean;
  /** Allow handoff calls. */
  handoffs?: boolean | undefined;
  /** Allow grants over the request (a runtime's own fingerprint). */
  fingerprint?: boolean | undefined;
  /** Allow tools redefined between turns ("redefine" steps). */
  toolChanges?: boolean | undefined;
  /** Allow answers to the runtime's own pending approval requests ("resume" steps); with approval only. */
  resume?: boolean | undefined;
}

type Scenario = (
  | { kind: "turns"; turns: Planned[][] }
  | { kind: "grant"; suspended: CallPlan; resumes: Planned[]; view: "effective" | "requested" }
  | { kind: "mixed"; suspended: CallPlan; others: MixedCall[]; view: "effective" | "requested"; resumed: boolean; again: boolean }
) & {
  /** How the tool changes before the last turn, when there is more than one. */
  change?: SchemaChange | undefined;
};

/**
 * A resume step after a turn (RFC-0015's approve-and-resume path, through the runtime's own
 * pending requests): it answers the tool calls of that turn, approving or rejecting each by its
 * position (the differential fuzzer keeps only the answers to calls the reference suspended,
 * which only running the case tells); now and then the answered calls' tool changes between the
 * suspension and the resume, and now and then a turn after it meets an answered call again.
 */
interface ResumePlan {
  /** The turn whose calls it answers: an index among the turns, modulo their number. */
  after: number;
  /** Approve (true), reject (false) or leave unanswered, by the call's position in its turn, modulo three. */
  answers: (boolean | undefined)[];
  /** Whether what no rule decides waits for approval (otherwise: require_approval), so that most valid calls are suspended. */
  waits: boolean;
  /** How the answered calls' tool changes between their suspension and the resume. */
  change?: SchemaChange | undefined;
  /** The turn just after the resume: it meets an answered call (its id, its request, or both). */
  then?: { echo: Echo; plan: CallPlan } | undefined;
}

/** Every proposal waits for approval: the policy of turns whose answered calls' tool changes before the resume. */
const WAITS_POLICY: Policy = { rules: [], otherwise: "require_approval" };

/**
 * A resume plan, now and then (one case in four); built once per schema. Shrinks to none, and an
 * answer to none, so that a divergence that needs only the turn after it loses the resume.
 */
function resumePlan(schema: SchemaNode, values: fc.Arbitrary<unknown>, options: FuzzOptions): fc.Arbitrary<ResumePlan | undefined> {
  const approve = fc.oneof({ withCrossShrink: true }, { weight: 1, arbitrary: fc.constant(undefined) }, { weight: 6, arbitrary: fc.constant(true) }, { weight: 3, arbitrary: fc.constant(false) });
  const change = options.toolChanges ? fc.oneof({ withCrossShrink: true }, { weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: schemaChange(schema) }) : fc.constant(undefined);
  // Its id with its request again, its id with another value, or its request again under a new id.
  const echo = fc.tuple(
    fc.nat({ max: 2 }),
    fc.oneof(
      fc.constant({ keepId: true, plan: { form: "same" as const } as CallPlan }),
      ownCall(values).map((plan) => ({ keepId: true, plan })),
      fc.constant({ keepId: false, plan: { form: "same" as const } as CallPlan }),
    ),
  );
  const then = fc.oneof({ withCrossShrink: true }, { weight: 1, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: echo.map(([position, { keepId, plan }]) => ({ echo: { position, keepId }, plan })) });
  const plan = fc.record({
    after: fc.nat({ max: 1 }),
    answers: fc.tuple(approve, approve, approve),
    waits: fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
    change,
    then,
  });
  return fc.oneof({ withCrossShrink: true }, { weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: plan });
}

/** A call of the mixed batch besides the suspended one, and the tool that gives it its outcome (see MIXED_POLICY). */
interface MixedCall {
  tool: "tool_a" | "tool_c";
  plan: CallPlan;
}

/**
 * The calls of a case (see turnsOf); with tool changes, now and then (one time in four) a change
 * of the schema that comes into effect for the last turn, when there is a turn before it.
 */
function scenario(schema: SchemaNode, values: fc.Arbitrary<unknown>, options: FuzzOptions): fc.Arbitrary<Scenario> {
  const plain = turnsOf(values, options);
  if (!options.toolChanges) return plain;
  // The change shrinks away.
  const change = fc.oneof({ withCrossShrink: true }, { weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: schemaChange(schema) });
  return fc.tuple(plain, change).map(([chosen, how]) => (how === undefined ? chosen : { ...chosen, change: how }));
}

/**
 * One or two turns of calls; with approval, also a call suspended for approval, a grant of it,
 * and a turn proposing a call again: the same text, an equivalent one, its Latin-1 twin or
 * another value. A call of a later turn may take again the id of a call of an earlier one (the
 * granted c1, after a grant).
 */
function turnsOf(values: fc.Arbitrary<unknown>, options: FuzzOptions): fc.Arbitrary<Scenario> {
  const call = callPlan(values, options.handoffs ?? false);
  const turns = oneToMost(oneToMost(planned(call), options.batch ? 3 : 1), 2).map((plans) => ({ kind: "turns" as const, turns: plans }));
  if (!options.approval) return turns;
  const view = options.fingerprint ? fc.constantFrom("effective" as const, "effective" as const, "requested" as const) : fc.constant("effective" as const);
  const resumes = fc
    .tuple(ownCall(values), oneToMost(planned(call), options.batch ? 2 : 1), view)
    .map(([suspended, plans, chosen]) => ({ kind: "grant" as const, suspended, resumes: plans, view: chosen }));
  if (!options.batch) return fc.oneof({ weight: 3, arbitrary: turns }, { weight: 1, arbitrary: resumes });
  // A batch with a call waiting for approval beside calls executed, denied or refused by the schema; then its grant and resume.
  // The others are a list (not a tuple), and the grant and resume may go, so that a divergence shrinks to what it needs.
  const spoiled = fc.tuple(values, layout, fc.constantFrom(...MALFORMED).map(always)).map(([value, where, spoil]) => ({ form: "spoiled" as const, value, ...where, spoil }));
  const other: fc.Arbitrary<MixedCall> = fc.oneof(
    ownCall(values).map((plan) => ({ tool: "tool_a" as const, plan })),
    ownCall(values).map((plan) => ({ tool: "tool_c" as const, plan })),
    spoiled.map((plan) => ({ tool: "tool_a" as const, plan })),
  );
  const mixed = fc
    .tuple(ownCall(values), oneToMost(other, 3), view, fc.boolean(), fc.boolean())
    .map(([suspended, others, chosen, resumed, again]) => ({ kind: "mixed" as const, suspended, others, view: chosen, resumed, again }));
  // Mixed batches are fewer: each costs five calls, and a divergence found in one is written long.
  return fc.oneof({ weight: 12, arbitrary: turns }, { weight: 3, arbitrary: resumes }, { weight: 1, arbitrary: mixed });
}

/** The policy of a grant scenario: a granted proposal is allowed, everything else waits for approval. */
const GRANT_POLICY: Policy = { rules: [{ when: { granted: true }, decision: "allow" }], otherwise: "require_approval" };

/**
 * A whole case without expectations: a tool (and, when a call or hook names it, a second one
 * with the same schema), a policy over its members that may change its input, hooks, and turns
 * of calls (valid, reformatted, repeated or hostile, some under an id an earlier turn used), or
 * a grant scenario; with tool changes, maybe a redefinition of the tool before the last turn.
 * The expectations come from running it on the reference.
 */
export function caseSkeleton(options: FuzzOptions): fc.Arbitrary<Skeleton> {
  return new PrunedSchema(caseOfSchema(options));
}

function caseOfSchema(options: FuzzOptions): fc.Arbitrary<Skeleton> {
  // The schema shrinks by pruning (see PrunedSchema), not by drawing the case anew.
  return fc.noShrink(toolSchema).chain((schema) => {
    // Built once per schema: building value arbitraries is a good part of generating a case.
    const values = valueFor(schema);
    return fc
      .record({
        rules: policyRules(schema).map((rules) => (options.approval ? rules : rules.filter((rule) => rule.decision !== "require_approval"))),
        otherwise: otherwise(options.approval),
        mutation: policyMutation(schema),
        // Shrinks to a tool that changes nothing.
        toolMutation: fc.oneof({ withCrossShrink: true }, { weight: 6, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.constantFrom(...memberPointers(schema)) }),
        hooks: options.hooks ? fc.array(hookFor(schema, values), { maxLength: 2 }) : fc.constant<HookPlan[]>([]),
        scenario: scenario(schema, values, options),
        // Drawn last, so that a case without one is the case it was before resumes were generated.
        resume: options.resume && options.approval ? resumePlan(schema, values, options) : fc.constant(undefined),
      })
      .map(({ rules, otherwise: fallback, mutation, toolMutation, hooks: hookPlans, scenario, resume: planned }) => {
        // A resume answers a turn of calls or a mixed batch, never beside a grant.
        const resume = scenario.kind === "grant" || (scenario.kind === "mixed" && scenario.resumed) ? undefined : planned;
        // A grant needs its call suspended: no hook may deny it or hand the schema what it rejects, and no rule may decide it otherwise.
        // A resume answers only calls that were: its case keeps only those hooks too, so that most valid calls are.
        const granting = scenario.kind !== "turns" || resume !== undefined;
        const kept = granting ? hookPlans.filter((plan) => plan.benign) : hookPlans;
        const hooks = kept.map((plan, index): Hook => ({ id: `h${index + 1}`, ...plan.hook }));
        // The tool changes what it was handed as it runs: what it was handed at entry must not change for that.
        const tool = { schema, ...(toolMutation ? { mutate: { set: { [toolMutation]: "changed-by-tool" } } } : {}) };
        // The suspended tool of a mixed batch, tool_a otherwise: it changes before the last turn, or before the resume.
        const changing = scenario.kind === "mixed" ? "tool_b" : "tool_a";
        const written =
          scenario.kind === "grant"
            ? grantSteps(scenario.suspended, scenario.resumes, scenario.view)
            : scenario.kind === "mixed"
              ? mixedSteps(scenario, resume)
              : resumedTurns(writeTurns(withEcho(scenario.turns, resume)), resume);
        // One change of a tool per case: before the resume (when there is one, and the change changes something), or before the last turn.
        const resumeChange = resume?.change && written.some((step) => step.resume) ? changed(tool.schema, resume.change) : undefined;
        const steps = resumeChange ? withChangeBeforeResume(written, changing, tool, resumeChange) : withChange(written, changing, tool, scenario.change);
        const policy: Policy = scenario.kind === "grant" ? GRANT_POLICY : scenario.kind === "mixed" ? mixedPolicy(scenario) : turnsPolicy({ rules, ...fallback, ...mutation }, resume, resumeChange !== undefined);
        const calls = written.flatMap((step) => step.turn ?? []);
        const named = new Set([...calls.map((call) => call.tool), ...hooks.flatMap((hook) => hook.tools ?? [])]);
        // tool_a always; the others, with the same schema, when a call or hook names them.
        const others = OTHER_TOOLS.filter((name) => named.has(name)).map((name) => [name, structuredClone(tool)]);
        return {
          tools: { tool_a: tool, ...Object.fromEntries(others) },
          ...(calls.some((call) => call.tool === HANDOFF) ? { handoffs: [HANDOFF] } : {}),
          ...(hooks.length > 0 ? { hooks } : {}),
          policy,
          steps,
        };
      });
  });
}

/** A valid call suspended for approval, its grant, and the turn that proposes a call again (under c1 again, now and then). */
function grantSteps(suspended: CallPlan, resumes: Planned[], view: "effective" | "requested"): Step[] {
  const [first, again] = writeTurns([[fresh(suspended)], resumes]);
  return [first!, { grant: { call: "c1", view } }, again!];
}

/** The turns, with the turn that meets an answered call just after the turn the resume answers. */
function withEcho(turns: Planned[][], resume: ResumePlan | undefined): Planned[][] {
  if (!resume?.then) return turns;
  const after = resume.after % turns.length;
  return [...turns.slice(0, after + 1), [{ plan: resume.then.plan, echo: resume.then.echo }], ...turns.slice(after + 1)];
}

/**
 * The written turns with the resume step just after the turn it answers: approve or reject for
 * each of its tool calls, by position. (Its turn is found among the turns as withEcho counted
 * them, before the turn that meets it was added.)
 */
function resumedTurns(steps: Step[], resume: ResumePlan | undefined): Step[] {
  if (!resume) return steps;
  const turns = steps.length - (resume.then ? 1 : 0);
  const after = resume.after % turns;
  const answers = answersTo(steps[after]!.turn!, resume.answers);
  if (Object.keys(answers).length === 0) return steps;
  return [...steps.slice(0, after + 1), { resume: answers }, ...steps.slice(after + 1)];
}

/** The answers to a turn's tool calls (handoff calls are never suspended), by their positions. */
function answersTo(calls: readonly { id: string; tool: string }[], answers: readonly (boolean | undefined)[]): Record<string, "approve" | "reject"> {
  const answered = calls.map((call, index) => ({ call, approve: answers[index % answers.length] })).filter(({ call, approve }) => call.tool !== HANDOFF && approve !== undefined);
  return Object.fromEntries(answered.map(({ call, approve }) => [call.id, approve ? "approve" : "reject"]));
}

/**
 * The policy of turns that a resume answers: mostly, what no rule decides waits for approval, so
 * that most valid calls do, and the policy edits nothing. When the answered calls' tool changes
 * before the resume, every proposal waits: a resumed call whose value the change changed is put
 * to the policy again, which must not allow it on its own: the reference would then run a value
 * no one approved, which check 26 holds against it (APPROVAL-6).
 */
function turnsPolicy(policy: Policy, resume: ResumePlan | undefined, changedBefore: boolean): Policy {
  if (!resume) return policy;
  if (changedBefore) return WAITS_POLICY;
  // Without its edits, which would have every call it suspends denied instead (INV-6).
  return resume.waits ? { rules: policy.rules ?? [], otherwise: "require_approval" } : policy;
}

/** The steps with `name` redefined as `schema` just before the resume step. */
function withChangeBeforeResume(steps: Step[], name: string, tool: Tool, schema: SchemaNode): Step[] {
  const at = steps.findIndex((step) => step.resume);
  if (at < 0) return steps;
  return [...steps.slice(0, at), { redefine: { [name]: { ...structuredClone(tool), schema } } }, ...steps.slice(at)];
}

/** The steps with `name` redefined by `change` just before the last turn, when there is a turn before that one and the change changes something. */
function withChange(steps: Step[], name: string, tool: Tool, change: SchemaChange | undefined): Step[] {
  const schema = change && changed(tool.schema, change);
  const last = steps.length - 1;
  if (!schema || steps.filter((step) => step.turn).length < 2 || !steps[last]!.turn) return steps;
  return [...steps.slice(0, last), { redefine: { [name]: { ...structuredClone(tool), schema } } }, steps[last]!];
}

/** The tools a case may have besides tool_a. */
const OTHER_TOOLS = ["tool_b", "tool_c"];

/**
 * One turn of c1 to tool_b (the policy suspends it) and other calls: to tool_a (executed, or
 * refused by the schema) or to tool_c (denied); then, if resumed, the grant of c1 and its
 * resume, the same raw string to tool_b.
 */
function mixedSteps({ suspended, others, view, resumed, again }: Extract<Scenario, { kind: "mixed" }>, resume?: ResumePlan): Step[] {
  const [turn] = writeTurns([[suspended, ...others.map((other) => other.plan)].map(fresh)]);
  const calls = turn!.turn!.map((call, index) => ({ ...call, tool: index === 0 ? "tool_b" : others[index - 1]!.tool }));
  if (resume) return [{ turn: calls }, ...resumedBatch(calls, resume)];
  if (!resumed) return [{ turn: calls }];
  // The resume under a new id, or under c1 again.
  const id = again ? "c1" : `c${calls.length + 1}`;
  return [{ turn: calls }, { grant: { call: "c1", view } }, { turn: [{ id, tool: "tool_b", arguments: calls[0]!.arguments }] }];
}

/**
 * A resume of the mixed batch: it answers c1, the one call the policy suspends; then maybe a turn
 * to tool_b that meets c1 again: under its id with its raw string or another value, or with its
 * raw string under a new id.
 */
function resumedBatch(calls: readonly Call[], { answers, then }: ResumePlan): Step[] {
  const resume: Step[] = answers[0] === undefined ? [] : [{ resume: { c1: answers[0] ? "approve" : "reject" } }];
  if (!then) return resume;
  const raw = then.echo.keepId && then.plan.form === "own" ? writeCall(then.plan).raw : calls[0]!.arguments;
  const id = then.echo.keepId ? "c1" : `c${calls.length + 1}`;
  return [...resume, { turn: [{ id, tool: "tool_b", arguments: raw }] }];
}

/** The mixed batch's policy: tool_b waits for approval, tool_c is denied, tool_a runs; a granted proposal runs. Only the rules it uses, to keep a written divergence short. */
function mixedPolicy({ others, resumed }: Extract<Scenario, { kind: "mixed" }>): Policy {
  const rules: PolicyRule[] = [{ when: { tool: "tool_b" }, decision: "require_approval" }];
  if (resumed) rules.unshift({ when: { granted: true }, decision: "allow" });
  if (others.some((other) => other.tool === "tool_c")) rules.push({ when: { tool: "tool_c" }, decision: "deny", reason: "rule_a" });
  return { rules, otherwise: "allow" };
}

/**
 * Shrinks a case's schema, which fast-check cannot do usefully: it shrinks the schema a case is
 * chained on only by drawing the rest of the case anew, which then rarely diverges still. So the
 * schema never shrinks that way (it is drawn with noShrink); instead its top-level members are
 * removed or made `any`, its aliases or unknownKeys dropped, one pruning at a time. The prunings
 * made so far are kept with fast-check's own context, so both go on shrinking together.
 */
class PrunedSchema extends fc.Arbitrary<Skeleton> {
  constructor(private readonly inner: fc.Arbitrary<Skeleton>) {
    super();
  }

  generate(random: fc.Random, biasFactor: number | undefined): fc.Value<Skeleton> {
    return this.pruned(this.inner.generate(random, biasFactor), []);
  }

  canShrinkWithoutContext(_value: unknown): _value is Skeleton {
    return false;
  }

  shrink(value: Skeleton, context: unknown): fc.Stream<fc.Value<Skeleton>> {
    // A value handed in from outside (an example) has no context to shrink from.
    if (context === undefined) return fc.Stream.nil();
    const { inner, done } = context as PruningContext;
    const shrunk = this.inner.shrink(inner.value_, inner.context).map((each) => this.pruned(each, done));
    return shrunk.join(fc.Stream.of(...pruningsOf(value)).map((pruning) => this.pruned(inner, [...done, pruning])));
  }

  private pruned(inner: fc.Value<Skeleton>, done: Pruning[]): fc.Value<Skeleton> {
    const context: PruningContext = { inner, done };
    return new fc.Value(done.reduce((skeleton, pruning) => prune(skeleton, pruning) ?? skeleton, inner.value_), context);
  }
}

interface PruningContext {
  /** The case as fast-check drew or shrank it, with its own context. */
  inner: fc.Value<Skeleton>;
  /** The prunings made so far, in order. */
  done: Pruning[];
}

type Pruning = { remove: string } | { any: string } | { drop: "aliases" | "unknownKeys" };

/** The prunings that simplify this skeleton's schema now. */
function pruningsOf(skeleton: Skeleton): Pruning[] {
  const keys = Object.keys(skeleton.tools.tool_a!.schema.properties ?? {});
  const candidates: Pruning[] = [...keys.map((key) => ({ remove: key })), ...keys.map((key) => ({ any: key })), { drop: "aliases" }, { drop: "unknownKeys" }];
  return candidates.filter((pruning) => prune(skeleton, pruning) !== undefined);
}

/** The skeleton with a smaller schema, in each way there is. */
export function prunings(skeleton: Skeleton): Skeleton[] {
  return pruningsOf(skeleton).map((pruning) => prune(skeleton, pruning)!);
}

/**
 * The skeleton pruned, for every tool (all tools share one schema); nothing if that changes
 * nothing or could turn the granted call invalid (a member it sends unknown to a strict schema,
 * an alias it uses gone): it must stay suspended. A redefined schema is pruned alike where the
 * pruning applies to it: the granted call ran before it, so it may lose any member.
 */
function prune(skeleton: Skeleton, pruning: Pruning): Skeleton | undefined {
  const granted = skeleton.steps.some((step) => step.grant) ? Object.keys(JSON.parse(skeleton.steps[0]!.turn![0]!.arguments) as object) : [];
  const simpler = prunedSchema(skeleton.tools.tool_a!.schema, pruning, granted);
  if (!simpler) return undefined;
  const steps = skeleton.steps.map((step) => {
    if (!step.redefine) return step;
    const redefine = Object.fromEntries(Object.entries(step.redefine).map(([name, tool]) => [name, { ...tool, schema: prunedSchema(tool.schema, pruning, []) ?? tool.schema }]));
    return { ...step, redefine };
  });
  return { ...skeleton, tools: Object.fromEntries(Object.entries(skeleton.tools).map(([name, tool]) => [name, { ...tool, schema: structuredClone(simpler) }])), steps };
}

/** The schema pruned; nothing if that changes nothing or could turn a call that sends the members `kept` invalid. */
function prunedSchema(schema: SchemaNode, pruning: Pruning, kept: readonly string[]): SchemaNode | undefined {
  const properties = schema.properties ?? {};
  if ("remove" in pruning) {
    const removable = Object.hasOwn(properties, pruning.remove) && Object.keys(properties).length > 1 && !(kept.length > 0 && schema.unknownKeys === "strict");
    return removable ? withoutMember(schema, pruning.remove) : undefined;
  } else if ("any" in pruning) {
    const plain = Object.hasOwn(properties, pruning.any) && JSON.stringify(properties[pruning.any]) !== ANY;
    return plain ? { ...schema, properties: { ...properties, [pruning.any]: { type: "any" } } } : undefined;
  } else if (pruning.drop === "aliases") {
    return schema.aliases && !Object.keys(schema.aliases).some((alias) => kept.includes(alias)) ? omit(schema, "aliases") : undefined;
  }
  return schema.unknownKeys ? omit(schema, "unknownKeys") : undefined;
}

const ANY = JSON.stringify({ type: "any" });

/** The schema without a member, and without the aliases naming it. */
function withoutMember(schema: SchemaNode, key: string): SchemaNode {
  const aliases = Object.entries(schema.aliases ?? {}).filter(([, target]) => target !== key);
  return { ...omit(schema, "aliases"), properties: omit(schema.properties!, key), ...(aliases.length > 0 ? { aliases: Object.fromEntries(aliases) } : {}) };
}

function omit<T extends object>(object: T, key: string): T {
  return Object.fromEntries(Object.entries(object).filter(([name]) => name !== key)) as T;
}
