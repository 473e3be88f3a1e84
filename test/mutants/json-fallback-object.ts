import { referenceStages } from "../../reference/runtime.ts";
import { mutant } from "./mutant.ts";

export default mutant(
  "json-fallback-object",
  "Arguments that fail to decode are replaced by an empty object and the call carries on, so schema defaults decide what runs.",
  ["INV-1", "INV-2", "MATRIX-3", "MATRIX-5", "DECOY-3", "DECOY-4", "HANDOFF-1"],
  {
    decode(raw) {
      try {
        return referenceStages.decode(raw);
      } catch {
        return {};
      }
    },
  },
);
