import { referenceStages } from "../../reference/runtime.ts";
import { ToolArgumentsValidationError } from "../../reference/errors.ts";
import { variant } from "./variant.ts";

/** Whether a decoded value holds, at any depth, an own "__proto__" member or a "constructor" member holding "prototype". */
function reachesAPrototype(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  const own = (object: object, name: string) => Object.prototype.hasOwnProperty.call(object, name);
  if (own(value, "__proto__")) return true;
  const constructor = own(value, "constructor") ? (value as { constructor: unknown }).constructor : undefined;
  if (typeof constructor === "object" && constructor !== null && own(constructor, "prototype")) return true;
  return Object.values(value).some(reachesAPrototype);
}

export default variant(
  "prototype-safe-decoding",
  "The decoder refuses member names that reach a prototype (an own __proto__, a constructor holding prototype) at stage json, as secure-json-parse does: strict JSON decoding, which RFC-0015 does not define further.",
  [],
  {
    decode(raw) {
      const requested = referenceStages.decode(raw);
      if (reachesAPrototype(requested)) throw new ToolArgumentsValidationError("json", "a member name reaches a prototype");
      return requested;
    },
  },
);
