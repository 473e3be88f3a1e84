import { decodeStrictJson } from "../../reference/strict-json.ts";
import { mutant } from "./mutant.ts";

export default mutant(
  "duplicate-check-on-raw-names",
  "The duplicate-member check compares member names as written, escapes and all, so \"a\" and \"\\u0061\" pass as two names while JSON.parse keeps the last.",
  ["DECOY-3"],
  { decode: (raw) => decodeStrictJson(raw, undefined, { seen: () => new Set<string>(), read: (quoted) => quoted }) },
);
