import { referenceStages, type Stages } from "../../reference/runtime.ts";
import { mutant } from "./mutant.ts";

export default mutant(
  "rewrite-skips-schema",
  "The model's request is validated and a hook's updatedInput then replaces the validated arguments as it is, without going through the schema.",
  ["HOOK-1", "INV-1"],
  {
    attempt(config, call, turn) {
      let replacement: { input: unknown } | undefined;
      const stages: Stages = {
        ...this,
        async rewrite(config, attempt) {
          const outcome = await referenceStages.rewrite(config, attempt);
          if ("deniedWith" in outcome) return outcome;
          if (outcome.input !== attempt.requested) replacement = outcome;
          return { input: attempt.requested };
        },
        isolate: (parsed) => (replacement ? replacement.input : referenceStages.isolate(parsed)),
      };
      return referenceStages.attempt.call(stages, config, call, turn);
    },
  },
);
