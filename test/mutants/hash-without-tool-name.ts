import { createHash } from "node:crypto";
import { referenceStages } from "../../reference/runtime.ts";
import { mutant } from "./mutant.ts";

export default mutant(
  "hash-without-tool-name",
  "The proposal hash covers the canonical arguments only, so the same arguments sent to two tools get one hash and one approval.",
  ["INV-4"],
  {
    fingerprint(attempt, parsed) {
      const { argsCanonicalJson } = referenceStages.fingerprint(attempt, parsed);
      return { argsCanonicalJson, proposalHash: createHash("sha256").update(argsCanonicalJson).digest("hex") };
    },
  },
);
