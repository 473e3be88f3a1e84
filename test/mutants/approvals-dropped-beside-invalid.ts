import { mutant } from "./mutant.ts";

export default mutant(
  "approvals-dropped-beside-invalid",
  "A turn with an invalid call is handed back to the model whole: the runtime drops the proposals it suspended in that turn, reporting them denied, instead of keeping them for approval.",
  ["BATCH-2"],
  {
    async runTurn(config, calls, turn) {
      const outcomes = [];
      for (const call of calls) outcomes.push(await this.attempt(config, call, turn));
      if (!outcomes.some((outcome) => outcome.outcome === "invalid")) return outcomes;
      return outcomes.map((outcome) => (outcome.outcome === "suspended" ? { callId: outcome.callId, outcome: "denied" as const, reason: "turn_has_invalid_calls" } : outcome));
    },
  },
);
