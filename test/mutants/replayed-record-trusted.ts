import { referenceStages } from "../../reference/runtime.ts";
import { mutant } from "./mutant.ts";

export default mutant(
  "replayed-record-trusted",
  "An approval resumes the call from the record the application hands back, and the approval covers whatever arguments that record holds: a client that changed them runs what nobody approved.",
  ["APPROVAL-6"],
  {
    async resume(config, pending, answer) {
      if (!answer.approved || answer.replayedArguments === undefined) return referenceStages.resume.call(this, config, pending, answer);
      // The approval stands in for the policy whatever the record now says.
      const { policy } = config;
      config.policy = () => ({ decision: "allow" });
      try {
        return await this.attempt(config, { ...pending.call, rawArguments: JSON.stringify(answer.replayedArguments) }, pending.turn);
      } finally {
        config.policy = policy;
      }
    },
  },
  { singleCase: "only a case whose resume hands back a changed record (a replayed answer) reaches this resume path, and one such record shows the whole defect" },
);
