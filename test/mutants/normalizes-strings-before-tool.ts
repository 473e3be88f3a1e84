import { referenceStages } from "../../reference/runtime.ts";
import { mutant } from "./mutant.ts";
import { replaceStringsInPlace } from "./strings-in-place.ts";

export default mutant(
  "normalizes-strings-before-tool",
  "The tool wrapper Unicode-normalizes (NFC) every string of the arguments in place before calling the tool, after the policy has decided on the original characters.",
  ["INV-5"],
  { execute: (tool, args, callId) => referenceStages.execute(tool, replaceStringsInPlace(args, (text) => text.normalize("NFC")), callId) },
);
