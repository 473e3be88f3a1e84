import { mutant } from "./mutant.ts";

export default mutant(
  "hash-over-raw-string",
  "The proposal hash is taken over the provider's raw argument string, so whitespace, key order and escapes change it.",
  ["INV-4", "MATRIX-4", "APPROVAL-2", "APPROVAL-3"],
  {
    fingerprint(config, { call }, parsed) {
      return { argsCanonicalJson: this.canonicalize(parsed), proposalHash: this.hash(config, call.toolName, call.rawArguments) };
    },
  },
);
