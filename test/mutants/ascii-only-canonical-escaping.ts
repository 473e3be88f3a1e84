import { canonicalFormBy, mutant } from "./mutant.ts";
import { escapeAll, jsonText } from "./json-text.ts";

export default mutant(
  "ascii-only-canonical-escaping",
  "The canonicalizer escapes every non-ASCII character as \\uXXXX (an ensure_ascii encoder), which RFC 8785 does not.",
  ["INV-7"],
  canonicalFormBy(jsonText({ escape: escapeAll(/[^\x00-\x7f]/g) })),
);
