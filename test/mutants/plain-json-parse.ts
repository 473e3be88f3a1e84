import { ToolArgumentsValidationError } from "../../reference/errors.ts";
import { mutant } from "./mutant.ts";

export default mutant(
  "plain-json-parse",
  "Arguments are decoded with plain JSON.parse: a duplicated member silently keeps its last value, and runaway nesting and overflowing numbers get through.",
  ["DECOY-3", "DECOY-4"],
  {
    decode(raw) {
      try {
        return JSON.parse(raw) as unknown;
      } catch (error) {
        throw new ToolArgumentsValidationError("json", (error as Error).message);
      }
    },
  },
);
