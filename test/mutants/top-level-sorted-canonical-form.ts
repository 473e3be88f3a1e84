import { canonicalFormBy, mutant } from "./mutant.ts";
import { jsonText } from "./json-text.ts";

export default mutant(
  "top-level-sorted-canonical-form",
  "The canonicalizer sorts only the top-level members; nested objects keep the order the schema built them in.",
  ["INV-7", "INV-4", "MATRIX-4"],
  canonicalFormBy(jsonText({ nested: false })),
);
