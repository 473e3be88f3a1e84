import { referenceStages } from "../../reference/runtime.ts";
import { mutant } from "./mutant.ts";
import { replaceStringsInPlace } from "./strings-in-place.ts";

export default mutant(
  "trims-strings-before-tool",
  "The tool wrapper trims every string of the arguments in place before calling the tool, a tidy-up the schema never asked for, after the policy has decided.",
  ["INV-5"],
  { execute: (tool, args, callId) => referenceStages.execute(tool, replaceStringsInPlace(args, (text) => text.trim()), callId) },
);
