import type { PolicyDecision } from "../../harness/adapter.ts";
import { referenceStages } from "../../reference/runtime.ts";
import { mutant } from "./mutant.ts";

export default mutant(
  "mutation-check-only-on-allow",
  "The runtime checks for policy mutation only before running an allowed tool, so a policy that mutates while requiring approval still suspends.",
  ["INV-6", "MATRIX-6"],
  {
    async authorize(policy, input) {
      let decided: PolicyDecision | undefined;
      const checked = await referenceStages.authorize(async (given) => (decided = await policy(given)), input);
      return decided?.decision === "allow" ? checked : decided!;
    },
  },
);
