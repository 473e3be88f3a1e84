import { mutant, wrapPolicy } from "./mutant.ts";

export default mutant(
  "policy-without-request-view",
  "The policy is handed only the effective arguments, without requestedArguments, so stripped or rewritten input leaves no trace it could check.",
  ["MATRIX-3", "HOOK-5"],
  wrapPolicy((policy) => ({ requestedArguments: _dropped, ...input }) => policy(input)),
);
