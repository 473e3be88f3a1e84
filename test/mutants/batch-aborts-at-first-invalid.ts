import type { CallOutcome } from "../../harness/adapter.ts";
import { mutant } from "./mutant.ts";

type Invalid = Extract<CallOutcome, { outcome: "invalid" }>;

export default mutant(
  "batch-aborts-at-first-invalid",
  "The first invalid call in a turn fails the rest of the batch: the calls after it are reported invalid without being attempted.",
  ["BATCH-2"],
  {
    async runTurn(config, calls, turn) {
      const outcomes: CallOutcome[] = [];
      let first: Invalid | undefined;
      for (const call of calls) {
        const outcome = first ? { ...first, callId: call.callId, message: `not attempted: ${first.callId} was invalid` } : await this.attempt(config, call, turn);
        if (outcome.outcome === "invalid") first ??= outcome;
        outcomes.push(outcome);
      }
      return outcomes;
    },
  },
);
