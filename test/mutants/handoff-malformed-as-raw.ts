import { referenceStages } from "../../reference/runtime.ts";
import { mutant } from "./mutant.ts";

export default mutant(
  "handoff-malformed-as-raw",
  "Handoff arguments that do not decode are wrapped as { __raw: <the string> } for the receiving agent to sort out, instead of failing at stage json.",
  ["HANDOFF-1", "HANDOFF-2"],
  {
    decodeHandoff(raw) {
      try {
        return referenceStages.decode(raw);
      } catch {
        return { __raw: raw };
      }
    },
  },
);
