import { referenceStages, type Stages } from "../../reference/runtime.ts";
import { mutant } from "./mutant.ts";

export default mutant(
  "fresh-parse-for-tool",
  "The tool wrapper decodes and validates the model's raw arguments again at execution instead of taking the evaluated object.",
  ["INV-2", "INV-3", "INV-5", "DECOY-2", "BATCH-4"],
  {
    attempt(config, call, turn) {
      const stages: Stages = {
        ...this,
        execute: (tool, _evaluated, callId) => referenceStages.execute(tool, referenceStages.parse(tool, referenceStages.decode(call.rawArguments)), callId),
      };
      return referenceStages.attempt.call(stages, config, call, turn);
    },
  },
);
