import { canonicalJson } from "../../reference/fingerprint.ts";
import { canonicalFormBy, mutant } from "./mutant.ts";

/** A copy without the members whose value is null, at every depth (array elements stay). */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).filter(([, member]) => member !== null).map(([name, member]) => [name, withoutNulls(member)]));
}

export default mutant(
  "canonical-form-omits-nulls",
  "The runtime's canonical form leaves out members whose value is null (a serializer set to skip nulls), so an explicit null and an absent member get one canonical text and one proposal hash.",
  ["INV-4", "APPROVAL-3"],
  canonicalFormBy((value) => canonicalJson(withoutNulls(value))),
);
