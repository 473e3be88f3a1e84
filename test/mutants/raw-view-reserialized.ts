import { referenceStages } from "../../reference/runtime.ts";
import { mutant } from "./mutant.ts";

export default mutant(
  "raw-view-reserialized",
  "The policy input is rebuilt from the decoded request, so its rawArguments are JSON.stringify of the request rather than the string the provider sent.",
  ["INV-8"],
  {
    authorize(policy, input) {
      return referenceStages.authorize.call(this, policy, { ...input, rawArguments: JSON.stringify(input.requestedArguments) });
    },
  },
);
