import type { PreToolUseHook, ToolPolicy } from "../../harness/adapter.ts";
import { referenceStages } from "../../reference/runtime.ts";
import { mutant } from "./mutant.ts";

export default mutant(
  "hook-allow-skips-policy",
  "A PreToolUse hook's allow is taken as the final decision, so the call runs without asking the policy.",
  ["HOOK-3"],
  {
    attempt(config, call, turn) {
      let allowedByHook = false;
      const hooks = config.hooks.map((hook): PreToolUseHook => ({
        ...hook,
        async run(input) {
          const result = await hook.run(input);
          allowedByHook ||= result.decision === "allow";
          return result;
        },
      }));
      const policy: ToolPolicy = (input) => (allowedByHook ? { decision: "allow" } : config.policy(input));
      return referenceStages.attempt.call(this, { ...config, hooks, policy }, call, turn);
    },
  },
);
