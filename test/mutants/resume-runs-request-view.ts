import { referenceStages } from "../../reference/runtime.ts";
import { mutant } from "./mutant.ts";

export default mutant(
  "resume-runs-request-view",
  "An approved pending call is resumed from the model's stored request: the runtime decodes the raw string again and hands the tool that, without the schema that made the proposal the reviewer approved.",
  ["APPROVAL-6"],
  {
    async resume(config, pending, answer) {
      if (!answer.approved) return referenceStages.resume.call(this, config, pending, answer);
      const { call } = pending;
      return { callId: call.callId, outcome: "executed", result: await this.execute(config.tools[call.toolName]!, this.decode(call.rawArguments), call.callId) };
    },
  },
);
