import type { CallOutcome } from "../../harness/adapter.ts";
import { variant } from "./variant.ts";

export default variant(
  "terminal-validation-errors",
  "A validation failure ends the turn: the calls after it are not attempted, as with the terminal error delivery RFC-0015 keeps.",
  ["BATCH-5"],
  {
    async runTurn(config, calls, turn) {
      const outcomes: CallOutcome[] = [];
      let ended = false;
      for (const call of calls) {
        const outcome: CallOutcome = ended ? { callId: call.callId, outcome: "not_attempted" } : await this.attempt(config, call, turn);
        ended ||= outcome.outcome === "invalid";
        outcomes.push(outcome);
      }
      return outcomes;
    },
  },
);
