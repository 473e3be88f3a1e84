import { referenceStages, type HookOutcome } from "../../reference/runtime.ts";
import { mutant } from "./mutant.ts";

export default mutant(
  "hooks-see-original-input",
  "Every PreToolUse hook is handed the model's original input and only the last hook's rewrite is kept, so earlier rewrites are lost.",
  ["HOOK-4"],
  {
    async rewrite(config, attempt) {
      let last: HookOutcome = { input: attempt.requested };
      for (const hook of config.hooks) {
        const outcome = await referenceStages.rewrite({ ...config, hooks: [hook] }, attempt);
        if ("deniedWith" in outcome) return outcome;
        if (outcome.input !== attempt.requested) last = outcome;
      }
      return last;
    },
  },
);
