import { referenceStages } from "../../reference/runtime.ts";
import { mutant } from "./mutant.ts";

export default mutant(
  "deep-copy-for-tool",
  "The runtime hands the tool a defensive deep copy of the evaluated arguments rather than the evaluated object itself.",
  ["INV-5"],
  {
    execute: (tool, args, callId) => referenceStages.execute(tool, structuredClone(args), callId),
  },
);
