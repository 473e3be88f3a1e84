import { proposalHash } from "../../reference/fingerprint.ts";
import { referenceStages } from "../../reference/runtime.ts";
import { mutant } from "./mutant.ts";

export default mutant(
  "hash-over-raw-string",
  "The proposal hash is taken over the provider's raw argument string, so whitespace, key order and escapes change it.",
  ["INV-4", "MATRIX-4", "APPROVAL-2"],
  {
    fingerprint: (attempt, parsed) => ({ ...referenceStages.fingerprint(attempt, parsed), proposalHash: proposalHash(attempt.call.toolName, attempt.call.rawArguments) }),
  },
);
