import { mutant } from "./mutant.ts";

export default mutant(
  "hash-over-request",
  "The proposal hash is computed from the decoded request instead of the parsed arguments, as before RFC-0015.",
  ["INV-4", "MATRIX-4", "APPROVAL-2", "APPROVAL-3", "APPROVAL-4"],
  {
    fingerprint(config, { call, requested }, parsed) {
      return { argsCanonicalJson: this.canonicalize(parsed), proposalHash: this.hash(config, call.toolName, this.canonicalize(requested)) };
    },
  },
);
