import { referenceStages } from "../../reference/runtime.ts";
import { mutant } from "./mutant.ts";

export default mutant(
  "falsy-rewrite-ignored",
  "A hook's updatedInput is taken only when it is truthy, so a rewrite to null, \"\", 0 or false is ignored and the previous input goes on to the schema.",
  ["HOOK-1"],
  { applyHookResult: (result, input) => referenceStages.applyHookResult(result.updatedInput || result.decision === "deny" ? result : {}, input) },
);
