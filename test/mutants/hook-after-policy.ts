import type { WiredTool } from "../../harness/adapter.ts";
import { referenceStages } from "../../reference/runtime.ts";
import { mutant } from "./mutant.ts";

export default mutant(
  "hook-after-policy",
  "PreToolUse hooks run at tool entry, after authorization, so the policy approves one input and the tool runs the rewritten one.",
  ["HOOK-1", "INV-5"],
  {
    attempt(config, call, turn) {
      const tools: Record<string, WiredTool> = {};
      for (const [name, tool] of Object.entries(config.tools)) {
        tools[name] = {
          ...tool,
          async execute(args, context) {
            const rewritten = await referenceStages.rewrite(config, { call, turn, tool, requested: args });
            if ("deniedWith" in rewritten) return undefined;
            return tool.execute(rewritten.input, context);
          },
        };
      }
      return referenceStages.attempt.call(this, { ...config, hooks: [], tools }, call, turn);
    },
  },
);
