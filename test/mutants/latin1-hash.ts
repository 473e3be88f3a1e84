import { createHash } from "node:crypto";
import { mutant } from "./mutant.ts";

export default mutant(
  "latin1-hash",
  "The proposal hash is taken over the canonical text encoded as Latin-1 (a string hashed without saying its encoding), so characters that differ only above U+00FF collide.",
  ["INV-4"],
  {
    hash: (_config, toolName, argsCanonicalJson) => createHash("sha256").update(`${toolName}\u0000${argsCanonicalJson}`, "latin1").digest("hex"),
  },
);
