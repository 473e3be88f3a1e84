// fast-check arbitraries for policies: rules of every operator over a tool schema's own members
// (so they often matter), on the parsed view, combined with all, any and not, or about the tool
// called and the grant; and the edits a policy makes after deciding.
import fc from "fast-check";
import type { Condition, Json, Policy, PolicyRule, SchemaNode } from "../loading/case-schema.ts";

/** The members a policy or a hook edits: the top-level ones and those of nested objects. */
export function memberPointers(schema: SchemaNode): string[] {
  return Object.entries(schema.properties ?? {}).flatMap(([key, child]) => [`/${key}`, ...Object.keys(child.properties ?? {}).map((inner) => `/${key}/${inner}`)]);
}

const scalar = fc.constantFrom<Json>(null, true, false, 0, 1, 5, "", "read", "/tmp/a.txt", "W");
const prefix = fc.constantFrom("/etc", "/tmp", "W", "", ".txt", "ead");
/** Patterns of the subset every engine agrees on (spec/case-format.md, "Patterns"). */
const PATTERNS = ["^/etc", "\\.txt$", "^[a-z]+$", "(?:read|write)", "^[^\\n]{0,3}$"];

/** What a comparison asks of the value at a member; built once, as it does not depend on the schema. */
const compared: fc.Arbitrary<Omit<Condition, "pointer" | "view">> = fc.oneof(
  fc.boolean().map((exists) => ({ exists })),
  scalar.map((value) => ({ equals: value })),
  scalar.map((value) => ({ notEquals: value })),
  prefix.map((startsWith) => ({ startsWith })),
  prefix.map((endsWith) => ({ endsWith })),
  fc.oneof(prefix, scalar).map((value) => ({ contains: value as Json })),
  fc.constantFrom(...PATTERNS).map((matches) => ({ matches })),
  fc.array(scalar, { minLength: 1, maxLength: 3 }).map((values) => ({ in: values })),
  fc.integer({ min: 0, max: 100 }).map((gt) => ({ gt })),
  fc.integer({ min: 0, max: 100 }).map((gte) => ({ gte })),
  fc.integer({ min: 0, max: 100 }).map((lt) => ({ lt })),
  fc.integer({ min: 0, max: 100 }).map((lte) => ({ lte })),
);

/**
 * Only the parsed view, the default or named: authorization decides on it (spec/case-format.md),
 * and a runtime may show its policy no request view at all, which would then decide otherwise.
 */
const view = fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.constant("parsed" as const) });

/** One comparison of the value at a member. */
function comparison(keys: string[]): fc.Arbitrary<Condition> {
  return fc.tuple(fc.constantFrom(...keys), view, compared).map(([key, chosen, operator]) => ({ pointer: `/${key}`, ...(chosen ? { view: chosen } : {}), ...operator }));
}

/** A condition: mostly one comparison, now and then a combination or a fact about the call. */
function condition(keys: string[]): fc.Arbitrary<Condition> {
  const one = comparison(keys);
  return fc.oneof(
    { weight: 8, arbitrary: one },
    { weight: 1, arbitrary: fc.array(one, { minLength: 1, maxLength: 2 }).map((all) => ({ all })) },
    { weight: 1, arbitrary: fc.array(one, { minLength: 1, maxLength: 2 }).map((any) => ({ any })) },
    { weight: 1, arbitrary: one.map((not) => ({ not })) },
    { weight: 1, arbitrary: fc.constantFrom("tool_a", "tool_b").map((tool) => ({ tool })) },
    { weight: 1, arbitrary: fc.boolean().map((granted) => ({ granted })) },
  );
}

/** Policy rules over the schema's own top-level members. */
export function policyRules(schema: SchemaNode): fc.Arbitrary<PolicyRule[]> {
  const keys = Object.keys(schema.properties ?? {});
  return fc.array(
    fc.record({ when: condition(keys), decision: fc.constantFrom("allow" as const, "deny" as const, "require_approval" as const), reason: fc.constantFrom("rule_a", "rule_b") }),
    { maxLength: 3 },
  );
}

/** What the policy decides when no rule holds, with a reason of its own now and then when it denies. */
export function otherwise(approval: boolean): fc.Arbitrary<Pick<Policy, "otherwise" | "otherwiseReason">> {
  const decisions = approval ? (["allow", "deny", "require_approval"] as const) : (["allow", "deny"] as const);
  return fc.tuple(fc.constantFrom(...decisions), fc.boolean()).map(([decision, reasoned]) => ({ otherwise: decision, ...(decision === "deny" && reasoned ? { otherwiseReason: "no_rule" } : {}) }));
}

/** Most policies decide and nothing more; some change their input after deciding, at once or after an await (mutateLate). */
export function policyMutation(schema: SchemaNode): fc.Arbitrary<Pick<Policy, "mutate" | "mutateLate">> {
  // Late ones are fewer: each waits for a timer, which is most of what such a case costs.
  const timing = fc.oneof({ weight: 2, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) });
  const mutation = fc.tuple(fc.constantFrom(...memberPointers(schema)), timing).map(([pointer, late]) => ({
    mutate: { set: { [pointer]: "changed-by-policy" } },
    ...(late ? { mutateLate: true as const } : {}),
  }));
  return fc.oneof({ weight: 4, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: mutation });
}
