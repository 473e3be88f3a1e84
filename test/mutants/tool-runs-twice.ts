import { referenceStages } from "../../reference/runtime.ts";
import { mutant } from "./mutant.ts";

export default mutant(
  "tool-runs-twice",
  "The runtime retries a tool whose result it considers empty, running the allowed call a second time on the same authorization.",
  ["INV-5", "APPROVAL-6"],
  {
    async execute(tool, args, callId) {
      const result = await referenceStages.execute(tool, args, callId);
      return result && typeof result === "object" && !("data" in result) ? referenceStages.execute(tool, args, callId) : result;
    },
  },
);
