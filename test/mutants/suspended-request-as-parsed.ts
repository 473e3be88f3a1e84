import { afterAttempt, mutant } from "./mutant.ts";

export default mutant(
  "suspended-request-as-parsed",
  "The suspended proposal is filled from the model's request, so its parsedArguments show the request instead of the effective arguments.",
  ["MATRIX-7"],
  afterAttempt((outcome) =>
    outcome.outcome === "suspended" ? { ...outcome, proposal: { ...outcome.proposal, parsedArguments: outcome.proposal.requestedArguments } } : outcome,
  ),
);
