import { ToolArgumentsValidationError } from "../../reference/errors.ts";
import { mutant } from "./mutant.ts";

export default mutant(
  "handoff-duplicates-last-wins",
  "The handoff path decodes with plain JSON.parse, not the runtime's strict decoder: a member named twice is kept last-wins where a tool call with the same string is refused.",
  ["HANDOFF-2"],
  {
    decodeHandoff(raw) {
      try {
        return JSON.parse(raw) as unknown;
      } catch (error) {
        throw new ToolArgumentsValidationError("json", `malformed JSON: ${(error as Error).message}`);
      }
    },
  },
);
