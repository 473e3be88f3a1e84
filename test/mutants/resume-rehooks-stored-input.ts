import { referenceStages, type Stages } from "../../reference/runtime.ts";
import { keptPer, mutant } from "./mutant.ts";

/** Per session: tool name to the hooked input of its last suspended call. */
const stored = keptPer(() => new Map<string, unknown>());

export default mutant(
  "resume-rehooks-stored-input",
  "When a tool with a suspended proposal is called again (the resume), the runtime runs the hooks on the stored, already rewritten input of the suspended call instead of on the model's new request.",
  ["HOOK-1"],
  {
    async attempt(config, call, turn) {
      let hooked: unknown;
      const stages: Stages = {
        ...this,
        async rewrite(innerConfig, attempt) {
          const start = stored(config).has(call.toolName) ? stored(config).get(call.toolName) : attempt.requested;
          const outcome = await referenceStages.rewrite(innerConfig, { ...attempt, requested: start });
          if ("input" in outcome) hooked = outcome.input;
          return outcome;
        },
      };
      const outcome = await referenceStages.attempt.call(stages, config, call, turn);
      const hooksApply = config.hooks.some((hook) => hook.appliesTo(call.toolName));
      if (outcome.outcome === "suspended" && hooksApply) stored(config).set(call.toolName, hooked);
      return outcome;
    },
  },
);
