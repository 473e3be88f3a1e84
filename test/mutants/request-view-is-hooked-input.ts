import { referenceStages } from "../../reference/runtime.ts";
import { mutant } from "./mutant.ts";

export default mutant(
  "request-view-is-hooked-input",
  "A hook's rewrite overwrites the stored request, so requestedArguments show the hook's output instead of what the model asked for.",
  ["HOOK-5", "MATRIX-7"],
  {
    async rewrite(config, attempt) {
      const outcome = await referenceStages.rewrite(config, attempt);
      if ("input" in outcome) attempt.requested = outcome.input;
      return outcome;
    },
  },
);
