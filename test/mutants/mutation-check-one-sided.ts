import { POLICY_MUTATED_ARGUMENTS } from "../../reference/errors.ts";
import { mutant } from "./mutant.ts";

/** A hand-written deep equality that walks only the members and elements of `before`. */
function stillHolds(before: unknown, after: unknown): boolean {
  if (before === null || typeof before !== "object") return Object.is(before, after);
  if (after === null || typeof after !== "object") return false;
  return Object.entries(before).every(([name, member]) => stillHolds(member, (after as Record<string, unknown>)[name]));
}

export default mutant(
  "mutation-check-one-sided",
  "The check for policy mutation walks the members and elements the arguments had before the policy ran, so a member the policy adds or an element it appends (a longer array) goes unnoticed.",
  ["INV-6", "INV-5"],
  {
    async authorize(policy, input) {
      const before = structuredClone(input.parsedArguments);
      const decision = await policy(input);
      return stillHolds(before, input.parsedArguments) ? decision : { decision: "deny", reason: POLICY_MUTATED_ARGUMENTS };
    },
  },
);
