import { referenceStages } from "../../reference/runtime.ts";
import { mutant } from "./mutant.ts";

export default mutant(
  "double-parse",
  "The schema parses once to build the policy input and again right before execution, so the tool gets a fresh object.",
  ["INV-2", "INV-3", "INV-5"],
  {
    execute: async (tool, args, callId) => tool.execute(referenceStages.parse(tool, args), { callId }),
  },
);
