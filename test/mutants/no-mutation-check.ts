import { mutant } from "./mutant.ts";

export default mutant(
  "no-mutation-check",
  "The runtime trusts the policy not to touch its input and never re-canonicalizes after it returns.",
  ["INV-6", "MATRIX-6", "INV-5"],
  {
    authorize: async (policy, input) => policy(input),
  },
);
