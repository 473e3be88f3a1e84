import { canonicalFormBy, mutant } from "./mutant.ts";
import { escapeAll, jsonText } from "./json-text.ts";

export default mutant(
  "line-separator-escaping",
  "The canonicalizer escapes U+2028 and U+2029, as JavaScript-safe JSON encoders do, which RFC 8785 does not.",
  ["INV-7"],
  canonicalFormBy(jsonText({ escape: escapeAll(/[\u2028\u2029]/g) })),
);
