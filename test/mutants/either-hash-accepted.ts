import { canonicalJson, proposalHash } from "../../reference/fingerprint.ts";
import { referenceStages } from "../../reference/runtime.ts";
import { mutant } from "./mutant.ts";

export default mutant(
  "either-hash-accepted",
  "For migration, a call that needs approval is evaluated a second time under the pre-schema request hash, so old grants still authorize.",
  ["APPROVAL-4", "INV-1", "INV-4", "MATRIX-4", "MATRIX-7"],
  {
    async authorize(policy, input) {
      const effective = await referenceStages.authorize(policy, input);
      if (effective.decision !== "require_approval") return effective;
      return referenceStages.authorize(policy, { ...input, proposalHash: proposalHash(input.toolName, canonicalJson(input.requestedArguments)) });
    },
  },
);
