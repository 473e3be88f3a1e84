import { mutant, wrapPolicy } from "./mutant.ts";

export default mutant(
  "policy-sees-request",
  "The runtime parses and executes correctly but wires the decoded request into the policy's parsedArguments field.",
  ["INV-1", "INV-4", "INV-5", "INV-6", "MATRIX-1", "MATRIX-2", "MATRIX-3", "MATRIX-6", "MATRIX-7", "DECOY-1", "HOOK-1", "BATCH-1", "APPROVAL-6"],
  wrapPolicy((policy) => (input) => policy({ ...input, parsedArguments: input.requestedArguments })),
);
