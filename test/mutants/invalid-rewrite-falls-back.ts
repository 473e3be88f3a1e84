import { referenceStages } from "../../reference/runtime.ts";
import { mutant } from "./mutant.ts";

export default mutant(
  "invalid-rewrite-falls-back",
  "When a hook's rewrite fails the schema, the runtime retries the call with the model's original input instead of failing closed.",
  ["HOOK-2", "INV-3"],
  {
    async attempt(config, call, turn) {
      const outcome = await referenceStages.attempt.call(this, config, call, turn);
      const rewriteRejected = outcome.outcome === "invalid" && outcome.stage === "schema" && config.hooks.length > 0;
      return rewriteRejected ? referenceStages.attempt.call(this, { ...config, hooks: [] }, call, turn) : outcome;
    },
  },
);
