import { referenceStages } from "../../reference/runtime.ts";
import { mutant } from "./mutant.ts";

export default mutant(
  "handoff-malformed-as-empty",
  "Handoff arguments are optional in the runtime's handoff path, so arguments that do not decode are taken as an empty object and the run is handed over anyway.",
  ["HANDOFF-1", "HANDOFF-2"],
  {
    decodeHandoff(raw) {
      try {
        return referenceStages.decode(raw);
      } catch {
        return {};
      }
    },
  },
);
