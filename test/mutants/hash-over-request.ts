import { canonicalJson, proposalHash } from "../../reference/fingerprint.ts";
import { mutant } from "./mutant.ts";

export default mutant(
  "hash-over-request",
  "The proposal hash is computed from the decoded request instead of the parsed arguments, as before RFC-0015.",
  ["INV-4", "MATRIX-4", "MATRIX-7", "APPROVAL-1", "APPROVAL-2", "APPROVAL-4"],
  {
    fingerprint: ({ call, requested }, parsed) => ({
      argsCanonicalJson: canonicalJson(parsed),
      proposalHash: proposalHash(call.toolName, canonicalJson(requested)),
    }),
  },
);
