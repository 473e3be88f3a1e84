// The case format: one zod schema, the single source of truth for what a case file may say.
// spec/case-format.md explains every word; keep the two in step.
import { z } from "zod";

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** Plain JSON data. Checked in place rather than rebuilt, so an own "__proto__" key survives. */
function isJson(value: unknown): value is Json {
  if (value === null || typeof value === "string" || typeof value === "boolean") return true;
  if (typeof value === "number") return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isJson);
  return typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype && Object.values(value).every(isJson);
}

const Json = z.custom<Json>(isJson, { message: "plain JSON data (null, true/false, a finite number, a string, a list or a mapping)" });

const Identifier = z
  .string()
  .regex(/^[A-Za-z0-9_.-]+$/, "an identifier: letters, digits, '_', '.', '-'");

/** RFC 6901 JSON Pointer: "" is the whole document, otherwise "/a/b". */
export const JsonPointer = z
  .string()
  .regex(/^(\/([^~]|~[01])*)*$/, 'a JSON Pointer such as "/path" or "/options/depth"');

export const TRANSFORMS = ["trim", "lowercase", "uppercase", "normalize_path", "nfkc"] as const;
export const SCHEMA_TYPES = ["object", "array", "string", "number", "integer", "boolean", "null", "any"] as const;

/** A tool's argument schema, in a vocabulary that follows Zod's. */
export interface SchemaNode {
  type: (typeof SCHEMA_TYPES)[number];
  optional?: boolean | undefined;
  nullable?: boolean | undefined;
  default?: Json | undefined;
  coerce?: boolean | undefined;
  enum?: Json[] | undefined;
  minLength?: number | undefined;
  maxLength?: number | undefined;
  minimum?: number | undefined;
  maximum?: number | undefined;
  transforms?: (typeof TRANSFORMS)[number][] | undefined;
  properties?: Record<string, SchemaNode> | undefined;
  aliases?: Record<string, string> | undefined;
  unknownKeys?: "strip" | "strict" | "passthrough" | undefined;
  items?: SchemaNode | undefined;
}

export const SchemaNode: z.ZodType<SchemaNode> = z.lazy(() =>
  z
    .strictObject({
      type: z.enum(SCHEMA_TYPES),
      optional: z.boolean().optional(),
      nullable: z.boolean().optional(),
      default: Json.optional(),
      coerce: z.boolean().optional(),
      enum: z.array(Json).min(1).optional(),
      minLength: z.number().int().nonnegative().optional(),
      maxLength: z.number().int().nonnegative().optional(),
      minimum: z.number().optional(),
      maximum: z.number().optional(),
      transforms: z.array(z.enum(TRANSFORMS)).optional(),
      properties: z.record(z.string(), SchemaNode).optional(),
      aliases: z.record(z.string(), z.string()).optional(),
      unknownKeys: z.enum(["strip", "strict", "passthrough"]).optional(),
      items: SchemaNode.optional(),
    })
    .superRefine((node, ctx) => {
      const objectOnly = ["properties", "aliases", "unknownKeys"] as const;
      for (const key of objectOnly) {
        if (node[key] !== undefined && node.type !== "object") {
          ctx.addIssue({ code: "custom", path: [key], message: `"${key}" applies only to type object` });
        }
      }
      for (const key of ["minLength", "maxLength"] as const) {
        if (node[key] !== undefined && node.type !== "string" && node.type !== "array") {
          ctx.addIssue({ code: "custom", path: [key], message: `"${key}" applies only to type string or array` });
        }
      }
      for (const key of ["minimum", "maximum"] as const) {
        if (node[key] !== undefined && node.type !== "number" && node.type !== "integer") {
          ctx.addIssue({ code: "custom", path: [key], message: `"${key}" applies only to type number or integer` });
        }
      }
      if (node.items !== undefined && node.type !== "array") {
        ctx.addIssue({ code: "custom", path: ["items"], message: '"items" applies only to type array' });
      }
      if (node.transforms !== undefined && node.type !== "string") {
        ctx.addIssue({ code: "custom", path: ["transforms"], message: '"transforms" applies only to type string' });
      }
      if (node.coerce && !["string", "number", "integer", "boolean"].includes(node.type)) {
        ctx.addIssue({ code: "custom", path: ["coerce"], message: '"coerce" applies to string, number, integer or boolean' });
      }
      for (const [alias, target] of Object.entries(node.aliases ?? {})) {
        if (!node.properties || !(target in node.properties)) {
          ctx.addIssue({ code: "custom", path: ["aliases", alias], message: `alias target "${target}" is not declared in properties` });
        }
      }
    }),
);

/** A change to a JSON value: replace it whole, then set and remove members by pointer. */
export const Edit = z.strictObject({
  replace: Json.optional(),
  set: z.record(JsonPointer, Json).optional(),
  remove: z.array(JsonPointer).optional(),
});
export type Edit = z.infer<typeof Edit>;

export const DECISIONS = ["allow", "deny", "require_approval"] as const;
export type DecisionName = (typeof DECISIONS)[number];

const COMPARISONS = ["equals", "notEquals", "startsWith", "endsWith", "contains", "matches", "in", "exists", "gt", "gte", "lt", "lte"] as const;
const COMBINATORS = ["all", "any", "not", "granted", "tool"] as const;

/** A policy condition: a comparison at a pointer, a combination of conditions, or a fact. */
export interface Condition {
  pointer?: string | undefined;
  view?: "parsed" | "requested" | undefined;
  equals?: Json | undefined;
  notEquals?: Json | undefined;
  startsWith?: string | undefined;
  endsWith?: string | undefined;
  contains?: Json | undefined;
  matches?: string | undefined;
  in?: Json[] | undefined;
  exists?: boolean | undefined;
  gt?: number | undefined;
  gte?: number | undefined;
  lt?: number | undefined;
  lte?: number | undefined;
  all?: Condition[] | undefined;
  any?: Condition[] | undefined;
  not?: Condition | undefined;
  granted?: boolean | undefined;
  tool?: string | undefined;
}

export const Condition: z.ZodType<Condition> = z.lazy(() =>
  z
    .strictObject({
      pointer: JsonPointer.optional(),
      view: z.enum(["parsed", "requested"]).optional(),
      equals: Json.optional(),
      notEquals: Json.optional(),
      startsWith: z.string().optional(),
      endsWith: z.string().optional(),
      contains: Json.optional(),
      matches: z.string().optional(),
      in: z.array(Json).optional(),
      exists: z.boolean().optional(),
      gt: z.number().optional(),
      gte: z.number().optional(),
      lt: z.number().optional(),
      lte: z.number().optional(),
      all: z.array(Condition).min(1).optional(),
      any: z.array(Condition).min(1).optional(),
      not: Condition.optional(),
      granted: z.boolean().optional(),
      tool: z.string().optional(),
    })
    .superRefine((cond, ctx) => {
      const used = [...COMPARISONS, ...COMBINATORS].filter((key) => cond[key] !== undefined);
      if (used.length !== 1) {
        ctx.addIssue({
          code: "custom",
          message: `a condition needs exactly one of ${[...COMPARISONS, ...COMBINATORS].join(", ")}; found ${used.length ? used.join(", ") : "none"}`,
        });
        return;
      }
      const isComparison = (COMPARISONS as readonly string[]).includes(used[0]!);
      if (isComparison && cond.pointer === undefined) {
        ctx.addIssue({ code: "custom", path: ["pointer"], message: `"${used[0]}" compares the value at "pointer", which is missing` });
      }
      if (!isComparison && (cond.pointer !== undefined || cond.view !== undefined)) {
        ctx.addIssue({ code: "custom", message: `"pointer" and "view" go with a comparison, not with "${used[0]}"` });
      }
      if (cond.matches !== undefined) {
        try {
          new RegExp(cond.matches, "u");
        } catch {
          ctx.addIssue({ code: "custom", path: ["matches"], message: "a valid regular expression" });
        }
      }
    }),
);

export const PolicyRule = z.strictObject({
  when: Condition,
  decision: z.enum(DECISIONS),
  reason: z.string().min(1).optional(),
});
export type PolicyRule = z.infer<typeof PolicyRule>;

export const Policy = z.strictObject({
  rules: z.array(PolicyRule).default([]),
  otherwise: z.enum(DECISIONS),
  otherwiseReason: z.string().min(1).optional(),
  /** The policy changes parsedArguments in place after deciding (RFC-0015, invariant 6). */
  mutate: Edit.optional(),
});
export type Policy = z.infer<typeof Policy>;

export const Hook = z.strictObject({
  id: Identifier,
  /** Tool names this hook runs for; every tool when absent. */
  tools: z.array(z.string()).min(1).optional(),
  decision: z.enum(["allow", "deny"]).optional(),
  reason: z.string().min(1).optional(),
  /** The hook's updatedInput: the current input with this edit applied. */
  rewrite: Edit.optional(),
});
export type Hook = z.infer<typeof Hook>;

export const Tool = z.strictObject({
  schema: SchemaNode,
  /** The tool changes the arguments it was handed, in place, when it runs. */
  mutate: Edit.optional(),
});
export type Tool = z.infer<typeof Tool>;

export const Call = z.strictObject({
  id: Identifier,
  tool: z.string().min(1),
  /** The exact string the model produced. */
  arguments: z.string(),
});
export type Call = z.infer<typeof Call>;

export const OUTCOMES = ["executed", "denied", "suspended", "invalid"] as const;
export type OutcomeName = (typeof OUTCOMES)[number];

export const CallExpectation = z.strictObject({
  outcome: z.enum(OUTCOMES),
  reason: z.string().optional(),
  stage: z.enum(["json", "schema"]).optional(),
  requestedArguments: Json.optional(),
  parsedArguments: Json.optional(),
  executedArguments: Json.optional(),
  hookInputs: z.array(Json).optional(),
  executions: z.number().int().nonnegative().optional(),
  policyEvaluations: z.number().int().nonnegative().optional(),
  sameHashAs: z.array(Identifier).min(1).optional(),
  differentHashFrom: z.array(Identifier).min(1).optional(),
});
export type CallExpectation = z.infer<typeof CallExpectation>;

export const Grant = z.strictObject({
  call: Identifier,
  /** effective: the suspended proposal's hash; requested: a hash over the pre-schema request. */
  view: z.enum(["effective", "requested"]).default("effective"),
});
export type Grant = z.infer<typeof Grant>;

export const Step = z
  .strictObject({
    turn: z.array(Call).min(1).optional(),
    expect: z.record(Identifier, CallExpectation).optional(),
    grant: Grant.optional(),
  })
  .superRefine((step, ctx) => {
    if ((step.turn === undefined) === (step.grant === undefined)) {
      ctx.addIssue({ code: "custom", message: 'a step is either a "turn" (with "expect") or a "grant"' });
    }
    if (step.grant !== undefined && step.expect !== undefined) {
      ctx.addIssue({ code: "custom", path: ["expect"], message: '"expect" goes with a "turn", not with a "grant"' });
    }
  });
export type Step = z.infer<typeof Step>;

export const LEVELS = ["must", "should"] as const;
export type Level = (typeof LEVELS)[number];

export const CaseFile = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+\/[a-z0-9-]+$/, 'an id "family/name" in lower case, such as "decoy-field/alias-overrides-path"'),
  title: z.string().min(1),
  description: z.string().optional(),
  level: z.enum(LEVELS),
  requirements: z.array(z.string()).min(1),
  tools: z.record(z.string(), Tool).refine((tools) => Object.keys(tools).length > 0, "at least one tool"),
  hooks: z.array(Hook).optional(),
  policy: Policy,
  steps: z.array(Step).min(1),
});
export type CaseFile = z.infer<typeof CaseFile>;
