import { mutant } from "./mutant.ts";

export default mutant(
  "hash-covers-call-id",
  "The proposal hash covers the whole call, its id included, so a resumed call (a new id) never matches the grant for the proposal it repeats.",
  ["INV-4", "MATRIX-4", "APPROVAL-1", "APPROVAL-2"],
  {
    fingerprint(config, { call }, parsed) {
      const argsCanonicalJson = this.canonicalize(parsed);
      return { argsCanonicalJson, proposalHash: this.hash(config, call.toolName, `${call.callId}\u0000${argsCanonicalJson}`) };
    },
  },
);
