// The case format: one zod schema, the single source of truth for what a case file may say.
// spec/case-format.md explains every word; keep the two in step.
import { z } from "zod";
import { MAX_VALUE_DEPTH } from "../values/depth.ts";
import { checkPattern, PatternError } from "../vocabulary/pattern.ts";

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/**
 * Plain JSON data, nested at most MAX_VALUE_DEPTH deep. Checked in place rather than rebuilt, so
 * an own "__proto__" key survives; iteratively, since an adapter decides how deep its values nest.
 */
function isJson(value: unknown): value is Json {
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length > 0) {
    const [next, depth] = pending.pop()!;
    if (next === null || typeof next === "string" || typeof next === "boolean") continue;
    if (typeof next === "number") {
      if (!Number.isFinite(next)) return false;
      continue;
    }
    const list = Array.isArray(next);
    if (typeof next !== "object" || (!list && Object.getPrototypeOf(next) !== Object.prototype) || depth >= MAX_VALUE_DEPTH) return false;
    for (const member of list ? next : Object.values(next)) pending.push([member, depth + 1]);
  }
  return true;
}

export const Json = z
  .custom<Json>(isJson, { message: "plain JSON data (null, true/false, a finite number, a string, a list or a mapping)" })
  .meta({ id: "Json", title: "JSON value", description: "Plain data: null, true/false, a finite number, a string, a list or a mapping." });

const Identifier = z
  .string()
  .regex(/^[A-Za-z0-9_.-]+$/, "an identifier: letters, digits, '_', '.', '-'");

const PROTO = "__proto__";
const NOT_A_NAME = `no name may be "${PROTO}", which JavaScript objects take for their prototype`;

/** A name the case declares (a handoff): any string but "__proto__". */
const Name = z.string().min(1).refine((name) => name !== PROTO, NOT_A_NAME);

/**
 * z.record, for mappings keyed by names from the file. zod's record skips a "__proto__" key
 * without a word (assigned, it would replace the prototype), so the name would vanish from the
 * case: it is refused at the key instead, by the key's own rule or as no name at all.
 */
export function namedRecord<K extends z.core.$ZodRecordKey, V extends z.ZodType>(key: K, value: V) {
  return z.preprocess((input, ctx) => {
    if (typeof input === "object" && input !== null && Object.hasOwn(input, PROTO)) {
      const asKey = z.safeParse(key, PROTO);
      const issues = asKey.success ? [{ code: "custom" as const, path: [], message: NOT_A_NAME, input: PROTO }] : asKey.error.issues;
      ctx.issues.push({ code: "invalid_key", origin: "record", issues, input: PROTO, path: [PROTO] });
    }
    return input;
  }, z.record(key, value));
}

/**
 * RFC 6901 JSON Pointer: "" is the whole document, otherwise "/a/b", with "~" only in "~0" and
 * "~1". One loop over the characters, whose two branches start differently: linear time, where
 * the grammar's loop of tokens inside a loop of characters may backtrack without end.
 */
export const JsonPointer = z
  .string()
  .regex(/^(?:\/(?:[^~]|~[01])*)?$/, 'a JSON Pointer such as "/path" or "/options/depth"');

export const TRANSFORMS = ["trim", "lowercase", "uppercase", "normalize_path", "nfkc"] as const;
export const SCHEMA_TYPES = ["object", "array", "string", "number", "integer", "boolean", "null", "any"] as const;

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
      type: z.enum(SCHEMA_TYPES).describe("The JSON type; any takes any value, absence included."),
      optional: z.boolean().optional().describe("true: the member may be absent."),
      nullable: z.boolean().optional().describe("true: null is accepted as the value."),
      default: Json.optional().describe("The value used, as it is, when the member is absent."),
      coerce: z.boolean().optional().describe("string, number, integer, boolean: convert the input before checking it."),
      enum: z.array(Json).min(1).optional().describe("The allowed values."),
      minLength: z.number().int().nonnegative().optional().describe("string, array: inclusive lower bound on length."),
      maxLength: z.number().int().nonnegative().optional().describe("string, array: inclusive upper bound on length."),
      minimum: z.number().optional().describe("number, integer: inclusive lower bound."),
      maximum: z.number().optional().describe("number, integer: inclusive upper bound."),
      transforms: z.array(z.enum(TRANSFORMS)).optional().describe("string: named transforms, applied in order after the checks."),
      properties: namedRecord(z.string(), SchemaNode).optional().describe("object: member name to schema node."),
      aliases: namedRecord(z.string(), z.string()).optional().describe("object: alias name to a member declared in properties."),
      unknownKeys: z.enum(["strip", "strict", "passthrough"]).optional().describe("object: what happens to undeclared members (default strip)."),
      items: SchemaNode.optional().describe("array: the schema node every element must satisfy."),
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
        if (!node.properties || !Object.hasOwn(node.properties, target)) {
          ctx.addIssue({ code: "custom", path: ["aliases", alias], message: `alias target "${target}" is not declared in properties` });
        }
      }
    }),
).meta({ id: "SchemaNode", title: "Schema node", description: "A tool's argument schema, in a vocabulary that follows Zod's." });

export const Edit = z
  .strictObject({
    replace: Json.optional().describe("The whole new value."),
    set: namedRecord(JsonPointer, Json).optional().describe("JSON Pointer to the value to put there, in order."),
    remove: z.array(JsonPointer).optional().describe("JSON Pointers of the members to delete, in order."),
  })
  .meta({ id: "Edit", title: "Edit", description: "A change to a JSON value: replace it whole, then set and remove members by pointer." });
export type Edit = z.infer<typeof Edit>;

export const DECISIONS = ["allow", "deny", "require_approval"] as const;
export type DecisionName = (typeof DECISIONS)[number];

const COMPARISONS = ["equals", "notEquals", "startsWith", "endsWith", "contains", "matches", "in", "exists", "gt", "gte", "lt", "lte"] as const;
const COMBINATORS = ["all", "any", "not", "granted", "tool"] as const;

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
      pointer: JsonPointer.optional().describe("With a comparison: the JSON Pointer of the value compared."),
      view: z.enum(["parsed", "requested"]).optional().describe("With a comparison: the arguments read (default parsed)."),
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
          checkPattern(cond.matches);
        } catch (error) {
          const why = error instanceof PatternError ? error.message : String(error);
          ctx.addIssue({ code: "custom", path: ["matches"], message: `a pattern of the subset in spec/case-format.md ("Patterns"); ${why}` });
        }
      }
    }),
).meta({
  id: "Condition",
  title: "Condition",
  description: "Exactly one operator: a comparison of the value at pointer, a combinator (all, any, not) or a fact (granted, tool).",
});

export const PolicyRule = z.strictObject({
  when: Condition,
  decision: z.enum(DECISIONS).describe("The decision when the condition holds."),
  reason: z.string().min(1).optional().describe("The deny reason reported."),
});
export type PolicyRule = z.infer<typeof PolicyRule>;

export const Policy = z.strictObject({
  rules: z.array(PolicyRule).default([]).describe("In order; the first rule whose condition holds decides."),
  otherwise: z.enum(DECISIONS).describe("The decision when no rule holds."),
  otherwiseReason: z.string().min(1).optional().describe("The deny reason of otherwise."),
  mutate: Edit.optional().describe("The policy changes parsedArguments in place after deciding (RFC-0015, invariant 6)."),
  mutateLate: z
    .literal(true)
    .optional()
    .describe("With mutate: the policy returns a promise and makes its edit only after yielding to the event loop, just before the promise settles."),
});
export type Policy = z.infer<typeof Policy>;

export const Hook = z.strictObject({
  id: Identifier.describe("Hook id, unique in the case."),
  tools: z.array(z.string()).min(1).optional().describe("Tool names this hook runs for; every tool when absent."),
  decision: z.enum(["allow", "deny"]).optional().describe("deny stops the attempt; allow is advice, the policy still decides."),
  reason: z.string().min(1).optional().describe("The deny reason reported."),
  rewrite: Edit.optional().describe("The hook's updatedInput: the current input with this edit applied."),
  mutate: Edit.optional().describe("The hook changes the input it was handed, in place, before answering; a runtime that hands hooks a copy loses the change."),
});
export type Hook = z.infer<typeof Hook>;

/** Whether a hook runs for calls to this tool: every tool, unless its `tools` lists some. */
export const hookAppliesTo = (hook: Hook, tool: string) => hook.tools === undefined || hook.tools.includes(tool);

export const Tool = z.strictObject({
  schema: SchemaNode,
  mutate: Edit.optional().describe("The tool changes the arguments it was handed, in place, when it runs."),
});
export type Tool = z.infer<typeof Tool>;

export const Call = z.strictObject({
  id: Identifier.describe("Call id, unique within its turn; a later turn may use it again, as providers do."),
  tool: z.string().min(1).describe("A tool declared under tools, or a handoff declared under handoffs (a handoff call)."),
  arguments: z.string().describe("The exact string the model produced; write it in single quotes."),
});
export type Call = z.infer<typeof Call>;

/** Whether a call of a case is a handoff call: its tool names one of the case's handoffs. */
export const isHandoffCall = (testCase: { handoffs?: readonly string[] | undefined }, call: Pick<Call, "tool">) => testCase.handoffs?.includes(call.tool) ?? false;

export const OUTCOMES = ["executed", "denied", "suspended", "invalid", "handed_off"] as const;
export type OutcomeName = (typeof OUTCOMES)[number];

export const CallExpectation = z.strictObject({
  requirement: z
    .string()
    .optional()
    .describe("The requirement this call's expectations test, one of the case's requirements; default: the case's first."),
  outcome: z.enum(OUTCOMES).describe("The outcome the adapter must report."),
  decoderMayRefuse: z
    .literal(true)
    .optional()
    .describe("A strict decoder may refuse this call's raw string at stage json instead (a member name that reaches a prototype, such as __proto__): then nothing else of this expectation is checked."),
  reason: z.string().optional().describe("With outcome denied: the deny reason."),
  stage: z.enum(["json", "schema"]).optional().describe("With outcome invalid: the validation stage."),
  requestedArguments: Json.optional().describe("The decoded request (before hooks) the policy received."),
  parsedArguments: Json.optional().describe("The schema output at entry to the policy."),
  executedArguments: Json.optional().describe("With outcome executed: the arguments at entry to the tool."),
  hookInputs: z.array(Json).optional().describe("The input each hook that ran was given, in order."),
  executions: z.number().int().nonnegative().optional().describe("How many times the tool ran (default 1 if executed, else 0)."),
  policyEvaluations: z.number().int().nonnegative().optional().describe("How many times the policy was evaluated (default 1 for executed and suspended, 0 for invalid)."),
  handoffInput: Json.optional().describe("With outcome handed_off: the input the handoff handed the receiving agent."),
  decodesLike: Identifier.optional().describe(
    "On a handoff call: a tool call of this or an earlier turn with the very same raw string (see \"Call references\"); the handoff must be refused at stage json when that call was, and else handed off with the value that call was decoded to.",
  ),
  sameHashAs: z.array(Identifier).min(1).optional().describe("Calls of this or an earlier turn (see \"Call references\") with the same proposal hash."),
  differentHashFrom: z.array(Identifier).min(1).optional().describe("Calls of this or an earlier turn (see \"Call references\") with a different proposal hash."),
});
export type CallExpectation = z.infer<typeof CallExpectation>;

export const Grant = z.strictObject({
  call: Identifier.describe("A call of an earlier turn: the latest one with this id."),
  view: z
    .enum(["effective", "requested"])
    .default("effective")
    .describe("effective: the suspended proposal's hash; requested: a hash over the pre-schema request."),
});
export type Grant = z.infer<typeof Grant>;

export const ANSWERS = ["approve", "reject"] as const;
/** A reviewer's answer; `replay`: an approval the application hands back with a record of the call whose arguments are this value. */
export type Answer = (typeof ANSWERS)[number] | { replay: Json };
const AnswerSchema = z.union([
  z.enum(ANSWERS),
  z
    .strictObject({ replay: Json.describe("The arguments the record the application hands back holds for the call (a client that changed them, say).") })
    .describe("Approves, handing the runtime back a record of the call (a conversation, a saved state) whose arguments are this value instead of those suspended: what the runtime's own approval binds to is tested."),
]);

/** Whether an answer approves the call: "approve", or an approval with a replayed record. */
export const approves = (answer: Answer | undefined) => answer === "approve" || (typeof answer === "object" && answer !== null);

export const Step = z
  .strictObject({
    turn: z.array(Call).min(1).optional().describe("The calls one model turn proposes."),
    resume: namedRecord(Identifier, AnswerSchema)
      .refine((answers) => Object.keys(answers).length > 0, "at least one call")
      .optional()
      .describe("Answers the runtime's own pending approval requests, as a reviewer would through the runtime's approve-and-resume path: call id (the latest suspended call with that id) to approve, reject, or { replay: <arguments> } (approve, with a record of the call holding other arguments); the runtime resumes."),
    expect: namedRecord(Identifier, CallExpectation).optional().describe("Call id to what must happen to that call; one entry per call of the turn, or per call the resume answers."),
    grant: Grant.optional().describe("Approves a suspended proposal, as a human reviewer would; runs nothing."),
    redefine: namedRecord(z.string(), Tool)
      .refine((tools) => Object.keys(tools).length > 0, "at least one tool")
      .optional()
      .describe("New definitions for declared tools, in effect from the next turn on, as an application that changes a tool between turns; runs nothing."),
  })
  .superRefine((step, ctx) => {
    const kinds = (["turn", "resume", "grant", "redefine"] as const).filter((kind) => step[kind] !== undefined);
    if (kinds.length !== 1) {
      ctx.addIssue({ code: "custom", message: `a step is one of a "turn" or a "resume" (with "expect"), a "grant" or a "redefine"; found ${kinds.length ? kinds.join(", ") : "none"}` });
    }
    if (step.turn === undefined && step.resume === undefined && step.expect !== undefined) {
      ctx.addIssue({ code: "custom", path: ["expect"], message: `"expect" goes with a "turn" or a "resume", not with a "${step.grant !== undefined ? "grant" : "redefine"}"` });
    }
  });
export type Step = z.infer<typeof Step>;

export const LEVELS = ["must", "should"] as const;

/**
 * Behaviours of a schema library that a case may rely on to show its point (spec/case-format.md,
 * "Library behaviours"): Zod 4 copies a default object one level deep, so nested default objects
 * are shared between parses; Zod 4 turns an own "__proto__" member into the prototype under
 * passthrough.
 */
export const LIBRARY_BEHAVIOURS = ["shared-nested-defaults", "proto-under-passthrough"] as const;
export type Level = (typeof LEVELS)[number];

export const CaseFile = z
  .strictObject({
    id: z
      .string()
      .regex(/^[a-z0-9-]+\/[a-z0-9-]+$/, 'an id "family/name" in lower case, such as "decoy-field/alias-overrides-path"')
      .describe("<family>/<name>, matching the file's place: cases/<family>/<name>.yaml."),
    title: z.string().min(1).describe("One line saying what must hold."),
    description: z.string().optional().describe("The scenario, and what a non-conformant runtime would do here."),
    level: z.enum(LEVELS).describe("must or should; a must case lists only MUST requirements."),
    dependsOn: z
      .array(z.enum(LIBRARY_BEHAVIOURS))
      .min(1)
      .optional()
      .describe("Schema library behaviours the case shows its point with; under a library without them it must still pass."),
    requirements: z.array(z.string()).min(1).describe("Requirement IDs from spec/requirements.yaml; the first is the primary one."),
    tools: namedRecord(z.string(), Tool)
      .refine((tools) => Object.keys(tools).length > 0, "at least one tool")
      .describe("Tool name to its argument schema (and mutate)."),
    handoffs: z
      .array(Name)
      .min(1)
      .optional()
      .describe("Handoff names: a call to one of them is a synthetic handoff call (the model hands the run to another agent), not a tool call."),
    hooks: z.array(Hook).optional().describe("PreToolUse hooks, run in order."),
    policy: Policy.describe("The policy the harness builds and hands to the runtime."),
    steps: z.array(Step).min(1).describe("Model turns and resumes (with expect), grants and tool redefinitions, run in order."),
  })
  .meta({ title: "effective-args case", description: "One conformance case for RFC-0015 (spec/case-format.md)." });
export type CaseFile = z.infer<typeof CaseFile>;
