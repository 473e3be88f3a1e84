import { referenceStages } from "../../reference/runtime.ts";
import { keptPer, mutant } from "./mutant.ts";

/** Per session: the call ids a reviewer has approved. */
const approvedIds = keptPer(() => new Set<string>());

export default mutant(
  "approvals-kept-by-call-id",
  "The runtime records approvals by call id and skips asking for a call it has an approval for, so a provider that uses the id again in a later turn gets its new arguments run on the old approval.",
  ["APPROVAL-8", "INV-1"],
  {
    // The approved call itself resumes as the reference's does; its id is recorded afterwards.
    async resume(config, pending, answer) {
      const outcome = await referenceStages.resume.call(this, config, pending, answer);
      if (answer.approved) approvedIds(config).add(answer.callId);
      return outcome;
    },
    // A later call under an approved id: the policy is not asked; decoding and validation are the reference's.
    async attempt(config, call, turn) {
      if (!approvedIds(config).has(call.callId)) return referenceStages.attempt.call(this, config, call, turn);
      const { policy } = config;
      config.policy = (input) => (input.callId === call.callId ? { decision: "allow" } : policy(input));
      try {
        return await referenceStages.attempt.call(this, config, call, turn);
      } finally {
        config.policy = policy;
      }
    },
  },
);
