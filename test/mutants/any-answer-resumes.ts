import { referenceStages } from "../../reference/runtime.ts";
import { mutant } from "./mutant.ts";

export default mutant(
  "any-answer-resumes",
  "The runtime resumes a pending call once its request is answered, checking that an answer came rather than what it says: a rejected call runs as an approved one does.",
  ["APPROVAL-7"],
  {
    // Every answer is taken for an approval; what an approval runs is the reference's.
    resume(config, pending, answer) {
      return referenceStages.resume.call(this, config, pending, { ...answer, approved: true });
    },
  },
);
