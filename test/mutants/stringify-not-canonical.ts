import { canonicalFormBy, mutant } from "./mutant.ts";

export default mutant(
  "stringify-not-canonical",
  "The runtime's canonical form is JSON.stringify of the parsed value, so member order follows the schema and numbers are not in RFC 8785 form.",
  ["INV-4", "INV-7", "MATRIX-4"],
  canonicalFormBy((value) => JSON.stringify(value)),
);
