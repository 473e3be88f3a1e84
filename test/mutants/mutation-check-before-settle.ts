import { POLICY_MUTATED_ARGUMENTS } from "../../reference/errors.ts";
import { mutant } from "./mutant.ts";

export default mutant(
  "mutation-check-before-settle",
  "The runtime canonicalizes the arguments again as soon as the policy function returns its promise, before the decision settles, so a change the policy makes after an await goes unnoticed.",
  ["INV-6", "MATRIX-6", "INV-5"],
  {
    async authorize(policy, input) {
      const pending = Promise.resolve(policy(input));
      let after: string | undefined;
      try {
        after = this.canonicalize(input.parsedArguments);
      } catch {
        after = undefined;
      }
      const decision = await pending;
      return after === input.argsCanonicalJson ? decision : { decision: "deny", reason: POLICY_MUTATED_ARGUMENTS };
    },
  },
);
