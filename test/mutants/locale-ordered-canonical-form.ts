import { canonicalFormBy, mutant } from "./mutant.ts";
import { jsonText } from "./json-text.ts";

export default mutant(
  "locale-ordered-canonical-form",
  "The canonicalizer sorts member names with localeCompare, as a human-friendly sort would, instead of by UTF-16 code units.",
  ["INV-7"],
  canonicalFormBy(jsonText({ order: (a, b) => a.localeCompare(b) })),
);
