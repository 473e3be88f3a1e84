import { ToolArgumentsValidationError } from "../../reference/errors.ts";
import { referenceStages } from "../../reference/runtime.ts";
import { mutant } from "./mutant.ts";

/** The longest prefix of `raw` that is JSON, as a streaming decoder that stops after one value reads it. */
function firstValue(raw: string): string {
  for (let end = raw.length; end > 0; end--) {
    try {
      JSON.parse(raw.slice(0, end));
      return raw.slice(0, end);
    } catch {
      // shorter
    }
  }
  throw new ToolArgumentsValidationError("json", "no JSON value");
}

export default mutant(
  "trailing-text-ignored",
  "A streaming decoder reads the first complete JSON value and ignores whatever follows it, so two concatenated objects or trailing garbage still run.",
  ["INV-2", "MATRIX-5", "HANDOFF-1"],
  {
    decode: (raw) => referenceStages.decode(firstValue(raw)),
  },
);
