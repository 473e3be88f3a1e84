import type { PolicyDecision, ToolPolicy } from "../../harness/adapter.ts";
import { referenceStages } from "../../reference/runtime.ts";
import { mutant } from "./mutant.ts";

export default mutant(
  "batch-decision-per-tool",
  "The calls of one turn to the same tool are approved as a group: the first call's policy decision is reused for the rest.",
  ["BATCH-1"],
  {
    runTurn(config, calls, turn) {
      const decided = new Map<string, PolicyDecision>();
      const policy: ToolPolicy = async (input) => {
        const decision = decided.get(input.toolName) ?? (await config.policy(input));
        decided.set(input.toolName, decision);
        return decision;
      };
      return referenceStages.runTurn.call(this, { ...config, policy }, calls, turn);
    },
  },
);
