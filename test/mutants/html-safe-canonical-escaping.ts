import { canonicalFormBy, mutant } from "./mutant.ts";
import { escapeAll, jsonText } from "./json-text.ts";

export default mutant(
  "html-safe-canonical-escaping",
  "The canonicalizer escapes <, > and & as \\u003c, \\u003e and \\u0026, as HTML-safe JSON encoders do, which RFC 8785 does not.",
  ["INV-7"],
  canonicalFormBy(jsonText({ escape: escapeAll(/[<>&]/g) })),
);
