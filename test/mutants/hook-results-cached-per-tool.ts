import { referenceStages, type HookOutcome } from "../../reference/runtime.ts";
import { keptPer, mutant } from "./mutant.ts";

/** Per session: "<turn> <tool>" to the hooks' outcome for the first call of that tool in that turn. */
const cached = keptPer(() => new Map<string, HookOutcome>());

export default mutant(
  "hook-results-cached-per-tool",
  "The hooks' outcome is cached per tool for the turn, so a second call of the same tool in a batch gets the first call's rewrite (or deny) without its own hooks running.",
  ["HOOK-1"],
  {
    async rewrite(config, attempt) {
      if (!config.hooks.some((hook) => hook.appliesTo(attempt.call.toolName))) return referenceStages.rewrite(config, attempt);
      const key = `${attempt.turn} ${attempt.call.toolName}`;
      const known = cached(config).get(key);
      if (known) return known;
      const outcome = await referenceStages.rewrite(config, attempt);
      cached(config).set(key, outcome);
      return outcome;
    },
  },
);
