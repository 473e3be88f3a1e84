import { referenceStages } from "../../reference/runtime.ts";
import { mutant } from "./mutant.ts";

export default mutant(
  "empty-arguments-as-object",
  "An empty argument string, which providers send for tools without parameters, is read as {} instead of rejected as malformed JSON.",
  ["INV-2", "MATRIX-5", "HANDOFF-1"],
  {
    decode: (raw) => (raw.trim() === "" ? {} : referenceStages.decode(raw)),
  },
);
