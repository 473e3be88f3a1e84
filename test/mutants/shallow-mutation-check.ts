import { POLICY_MUTATED_ARGUMENTS } from "../../reference/errors.ts";
import { mutant } from "./mutant.ts";

const members = (value: unknown) => Object.entries(Object(value));

export default mutant(
  "shallow-mutation-check",
  "The check for policy mutation compares only the top-level members by identity, so a change inside a nested object goes unnoticed.",
  ["INV-6", "INV-5", "MATRIX-6"],
  {
    async authorize(policy, input) {
      const before = members(input.parsedArguments);
      const decision = await policy(input);
      const after = members(input.parsedArguments);
      const unchanged = before.length === after.length && before.every(([key, value], i) => after[i]?.[0] === key && Object.is(after[i]?.[1], value));
      return unchanged ? decision : { decision: "deny", reason: POLICY_MUTATED_ARGUMENTS };
    },
  },
);
