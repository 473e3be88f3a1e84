import { afterAttempt, mutant } from "./mutant.ts";

export default mutant(
  "suspended-without-request-view",
  "A proposal suspended for approval keeps only the effective arguments and drops the request view a reviewer needs.",
  ["MATRIX-7"],
  afterAttempt((outcome) => {
    if (outcome.outcome !== "suspended") return outcome;
    const { requestedArguments: _dropped, ...proposal } = outcome.proposal;
    return { ...outcome, proposal };
  }),
);
