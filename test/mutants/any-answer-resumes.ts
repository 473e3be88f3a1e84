import { mutant } from "./mutant.ts";

export default mutant(
  "any-answer-resumes",
  "The runtime resumes a pending call once its request is answered, checking that an answer came rather than what it says: a rejected call runs as an approved one does.",
  ["APPROVAL-7"],
  {
    async resume(config, { call }) {
      // The stored call's schema output, run without asking again: what an approval would run.
      const parsed = this.isolate(this.parse(config.tools[call.toolName]!, this.decode(call.rawArguments)));
      return { callId: call.callId, outcome: "executed", result: await this.execute(config.tools[call.toolName]!, parsed, call.callId) };
    },
  },
);
