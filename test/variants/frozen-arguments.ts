import { referenceStages } from "../../reference/runtime.ts";
import { variant } from "./variant.ts";

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null) {
    for (const member of Object.values(value)) deepFreeze(member);
    Object.freeze(value);
  }
  return value;
}

export default variant(
  "frozen-arguments",
  "parsedArguments are deep-frozen before the policy sees them, so a policy cannot change them at all: RFC-0015's invariant 6 then has nothing to deny.",
  [],
  { isolate: (parsed) => deepFreeze(referenceStages.isolate(parsed)) },
);
