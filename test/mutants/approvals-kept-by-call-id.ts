import { referenceStages } from "../../reference/runtime.ts";
import { keptPer, mutant } from "./mutant.ts";

/** Per session: the call ids a reviewer has approved. */
const approvedIds = keptPer(() => new Set<string>());

export default mutant(
  "approvals-kept-by-call-id",
  "The runtime records approvals by call id and skips asking for a call it has an approval for, so a provider that uses the id again in a later turn gets its new arguments run on the old approval.",
  ["APPROVAL-8", "INV-1"],
  {
    async resume(config, pending, answer) {
      if (answer.approved) approvedIds(config).add(answer.callId);
      return referenceStages.resume.call(this, config, pending, answer);
    },
    async attempt(config, call, turn) {
      if (!approvedIds(config).has(call.callId)) return referenceStages.attempt.call(this, config, call, turn);
      const tool = config.tools[call.toolName]!;
      return { callId: call.callId, outcome: "executed", result: await this.execute(tool, this.isolate(this.parse(tool, this.decode(call.rawArguments))), call.callId) };
    },
  },
);
