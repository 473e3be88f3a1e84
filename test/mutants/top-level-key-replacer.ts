import { canonicalFormBy, mutant } from "./mutant.ts";

export default mutant(
  "top-level-key-replacer",
  "The canonical form is JSON.stringify(value, Object.keys(value).sort()), whose key list also filters nested objects, so nested members drop out of hash and mutation check.",
  ["INV-4", "INV-5", "INV-6", "MATRIX-6", "APPROVAL-3"],
  canonicalFormBy((value) => JSON.stringify(value, Object.keys(Object(value)).sort())),
);
