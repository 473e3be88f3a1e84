// The schemas adapters/openai-agents/adapter.ts hands the OpenAI Agents SDK (@openai/agents 0.20.0): a
// tool's parameters, wrapping the harness's probe schema, and a handoff's inputType. Neither
// decodes, parses or copies anything itself; each says why the SDK needs it in this shape.
import type { StandardSchemaWithJSON } from "@openai/agents";
import type { StandardSchemaV1 } from "@standard-schema/spec";
import type { WiredTool } from "../../harness/adapter.ts";

/**
 * The SDK takes a Standard Schema only with `~standard.jsonSchema` (utils/standardSchema.mjs,
 * isStandardSchemaWithJSON), or a Zod *object* it converts itself; the probe schema is a Zod
 * 4.1.12 pipe (preprocess -> schema -> transform) with neither. This wrapper adds only what the
 * SDK needs: `validate` hands the value to the probe's own `~standard.validate` and returns its
 * result object untouched (so the probe records the SDK's one parse and its output is the very
 * object the SDK gets), and `jsonSchema` describes any object (the scripted model ignores it).
 * `{ type: "object" }` has no `properties`, so the SDK's strict-mode input normalizer
 * (strictToolSchema.mjs, normalizeStrictJsonSchemaValue) returns the decoded value itself.
 */
export function sdkSchemaOf(probe: WiredTool["schema"]): StandardSchemaWithJSON {
  const standard = (probe as unknown as StandardSchemaV1)["~standard"];
  const anyObject = () => ({ type: "object" });
  return {
    "~standard": {
      version: 1,
      vendor: "effective-args-adapter",
      validate: (value: unknown) => standard.validate(value),
      jsonSchema: { input: anyObject, output: anyObject },
    },
  };
}

/**
 * A handoff's inputType: RFC-0015 gives handoffs no schema, so this is the most permissive one the
 * SDK accepts (a Standard Schema must describe an object at its root: utils/standardSchema.mjs,
 * assertStandardSchemaObjectRoot). validate returns the value it is given, as it is; `{ type:
 * "object" }` has no properties, so the strict normalizer hands over the decoded value itself.
 */
export const ANY_HANDOFF_INPUT: StandardSchemaWithJSON = {
  "~standard": {
    version: 1,
    vendor: "effective-args-adapter",
    validate: (value: unknown) => ({ value }),
    jsonSchema: { input: () => ({ type: "object" }), output: () => ({ type: "object" }) },
  },
};

