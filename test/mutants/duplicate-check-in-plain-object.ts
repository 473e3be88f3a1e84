import { decodeStrictJson } from "../../reference/strict-json.ts";
import { mutant } from "./mutant.ts";

/** Names seen, kept as the members of a plain object: assigning "__proto__" sets its prototype instead. */
function namesInPlainObject() {
  const seen: Record<string, boolean> = {};
  return { has: (name: string) => Object.prototype.hasOwnProperty.call(seen, name), add: (name: string) => (seen[name] = true) };
}

export default mutant(
  "duplicate-check-in-plain-object",
  "The duplicate-member check keeps the names it has seen in a plain object, so a repeated __proto__ (which sets the object's prototype instead of a member) is never found.",
  ["DECOY-3"],
  { decode: (raw) => decodeStrictJson(raw, undefined, { seen: namesInPlainObject, read: (quoted) => JSON.parse(quoted) as string }) },
);
