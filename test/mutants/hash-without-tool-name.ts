import { createHash } from "node:crypto";
import { mutant } from "./mutant.ts";

export default mutant(
  "hash-without-tool-name",
  "The proposal hash covers the canonical arguments only, so the same arguments sent to two tools get one hash and one approval.",
  ["INV-4"],
  {
    hash: (_config, _toolName, argsCanonicalJson) => createHash("sha256").update(argsCanonicalJson).digest("hex"),
  },
);
