// fast-check arbitraries in the case vocabulary: tool schemas, argument values a schema
// accepts, raw strings that format them in many equivalent ways, hostile raw strings, and
// whole cases. The property tests and the differential `fuzz` command share them.
import fc from "fast-check";
import type { CaseFile, Condition, Hook, Json, PolicyRule, SchemaNode } from "../loading/case-schema.ts";
import { TRANSFORMS } from "../loading/case-schema.ts";
import { sameJson } from "../values/snapshot.ts";
import { compileSchema } from "../vocabulary/schema.ts";

/** A small key space, so that defaults, aliases, strip and rewrites collide often. */
const KEYS = ["path", "mode", "limit", "force", "options", "note", "cwd", "tags"] as const;
const LOOKALIKE_KEYS = ["p\u0430th", "pat\u04bb", "\uff50ath", "path\u200b"] as const;

const text = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom("/tmp/a.txt", "/tmp/../etc/passwd", " /etc/shadow ", "/ETC/hosts", "\uff0fetc\uff0fpasswd", "read", "write", "false", "", "0"),
);

/** Small JSON values, so that shrunk cases stay readable. */
const smallJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { maxDepth: 2, depthSize: "small" },
    fc.constantFrom(null, true, false, 0, 1, -1, 1.5, "", "x", "/etc/passwd"),
    fc.string({ maxLength: 6 }),
    fc.integer({ min: -1000, max: 1000 }),
    fc.array(tie("value"), { maxLength: 2 }),
    fc.dictionary(fc.constantFrom(...KEYS, "__proto__"), tie("value"), { maxKeys: 2 }),
  ),
})).value;

function stringNode(): fc.Arbitrary<SchemaNode> {
  return fc.record(
    {
      type: fc.constant("string" as const),
      transforms: fc.subarray([...TRANSFORMS], { minLength: 1 }),
      enum: fc.constantFrom(["read", "write"], ["/tmp/a", "/etc/b"]),
      minLength: fc.integer({ min: 0, max: 3 }),
      coerce: fc.constant(true),
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
      },
      { requiredKeys: ["type"] },
    );
}

const booleanNode: fc.Arbitrary<SchemaNode> = fc.record({ type: fc.constant("boolean" as const), coerce: fc.boolean() }, { requiredKeys: ["type"] });
const anyNode: fc.Arbitrary<SchemaNode> = fc.constant({ type: "any" as const });

const leafNode: fc.Arbitrary<SchemaNode> = fc.oneof(stringNode(), numberNode(), booleanNode, anyNode);

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

/** Values the schema accepts (before its coercions and transforms). */
export function valueFor(node: SchemaNode): fc.Arbitrary<unknown> {
  const base = baseValueFor(node);
  return node.nullable ? fc.oneof(fc.constant(null), base) : base;
}

function baseValueFor(node: SchemaNode): fc.Arbitrary<unknown> {
  switch (node.type) {
    case "string": {
      const long = (value: unknown) => String(value).length >= (node.minLength ?? 0);
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
      return fc.array(node.items ? valueFor(node.items) : smallJson, { maxLength: 3 });
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
      : fc.dictionary(fc.constantFrom(...KEYS, ...LOOKALIKE_KEYS).filter((key) => !known.has(key)), smallJson, { maxKeys: 2 });
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
function mix(seed: number, index: number): number {
  let h = (seed ^ Math.imul(index + 1, 0x9e3779b9)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** Raw argument strings that a strict runtime must reject or handle without executing blindly. */
export function hostileRaw(valid: string): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom("", " ", "{", "}", "{}}", "[1,]", "{'path': 1}", "NaN", "null", "[]", '"text"', "{\"path\": 1} trailing", "\u0000"),
    fc.integer({ min: 1, max: Math.max(1, valid.length - 1) }).map((cut) => valid.slice(0, cut)),
    fc.constantFrom(...KEYS).map((key) => `{"${key}": "/tmp/ok", "${key}": "/etc/shadow"}`),
    fc.constantFrom('{"__proto__": {"admin": true}, "path": "/tmp/x"}', '{"path": "/tmp/x", "constructor": {"prototype": {"admin": true}}}'),
    fc.integer({ min: 60, max: 80 }).map((depth) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`),
    fc.constantFrom('{"limit": 1e400}', '{"limit": -1e999}', '{"limit": 123456789012345678901234567890}', '{"limit": 5e-324}'),
    fc.constantFrom(...LOOKALIKE_KEYS).map((key) => `{"${key}": "/etc/shadow"}`),
    fc.string({ maxLength: 20 }),
  );
}

/** Policy rules over the schema's own top-level members, so they often matter. */
function policyRules(schema: SchemaNode): fc.Arbitrary<PolicyRule[]> {
  const keys = Object.keys(schema.properties ?? {});
  const condition: fc.Arbitrary<Condition> = fc.oneof(
    fc.constantFrom(...keys).map((key) => ({ pointer: `/${key}`, exists: true })),
    fc.tuple(fc.constantFrom(...keys), fc.constantFrom("/etc", "/tmp", "W", "")).map(([key, prefix]) => ({ pointer: `/${key}`, startsWith: prefix })),
    fc.tuple(fc.constantFrom(...keys), fc.jsonValue({ maxDepth: 0 })).map(([key, value]) => ({ pointer: `/${key}`, equals: value as Json })),
    fc.tuple(fc.constantFrom(...keys), fc.integer({ min: 0, max: 100 })).map(([key, bound]) => ({ pointer: `/${key}`, gt: bound })),
  );
  return fc.array(
    fc.record({ when: condition, decision: fc.constantFrom("allow" as const, "deny" as const, "require_approval" as const), reason: fc.constantFrom("rule_a", "rule_b") }),
    { maxLength: 3 },
  );
}

/** A PreToolUse hook that pins one member of the schema to a value the schema accepts, or not. */
function hookFor(schema: SchemaNode): fc.Arbitrary<Hook> {
  const entries = Object.entries(schema.properties ?? {});
  return fc
    .tuple(fc.constantFrom(...entries), fc.option(fc.constantFrom("allow" as const, "deny" as const), { nil: undefined }), fc.boolean())
    .chain(([[key, child], decision, valid]) =>
      (valid ? valueFor(child) : fc.constant({ not: "valid" })).map((value): Hook => ({
        id: `pin-${key}`,
        ...(decision ? { decision } : {}),
        rewrite: { set: { [`/${key}`]: value as Json } },
      })),
    );
}

export interface FuzzOptions {
  /** Allow PreToolUse hooks in generated cases. */
  hooks: boolean;
  /** Allow require_approval decisions (suspended proposals). */
  approval: boolean;
  /** Allow turns with several calls. */
  batch: boolean;
}

/**
 * A whole case without expectations: one tool, a policy over its members, maybe a hook and a
 * tool that mutates its input, and one or two turns of calls (valid, reformatted or hostile).
 * The expectations come from running it on the reference.
 */
export function caseSkeleton(options: FuzzOptions): fc.Arbitrary<Omit<CaseFile, "id" | "title" | "level" | "requirements">> {
  return toolSchema.chain((schema) => {
    const call = valueFor(schema).chain((value) =>
      fc.oneof({ weight: 4, arbitrary: formatted(value) }, { weight: 1, arbitrary: formatted(value).chain(hostileRaw) }),
    );
    const maxCalls = options.batch ? 3 : 1;
    return fc.record({
      rules: policyRules(schema).map((rules) => (options.approval ? rules : rules.filter((rule) => rule.decision !== "require_approval"))),
      otherwise: fc.constantFrom("allow" as const, "deny" as const),
      mutate: fc.option(fc.constantFrom(...Object.keys(schema.properties ?? {})), { nil: undefined, freq: 8 }),
      hook: options.hooks ? fc.option(hookFor(schema), { nil: undefined, freq: 2 }) : fc.constant(undefined),
      turns: fc.array(fc.array(call, { minLength: 1, maxLength: maxCalls }), { minLength: 1, maxLength: 2 }),
    }).map(({ rules, otherwise, mutate, hook, turns }) => {
      let next = 0;
      return {
        tools: { tool_a: { schema } },
        ...(hook ? { hooks: [hook] } : {}),
        policy: { rules, otherwise, ...(mutate ? { mutate: { set: { [`/${mutate}`]: "changed-by-policy" } } } : {}) },
        steps: turns.map((raws) => ({ turn: raws.map((raw) => ({ id: `c${++next}`, tool: "tool_a", arguments: raw })) })),
      };
    });
  });
}
