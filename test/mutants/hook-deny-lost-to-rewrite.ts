import { referenceStages } from "../../reference/runtime.ts";
import { mutant } from "./mutant.ts";

export default mutant(
  "hook-deny-lost-to-rewrite",
  "A hook result carrying both a deny and an updatedInput is applied as a rewrite: the runtime looks for a replacement first and only then for a deny.",
  ["HOOK-5"],
  { applyHookResult: (result, input) => (result.updatedInput !== undefined ? { input: result.updatedInput } : referenceStages.applyHookResult(result, input)) },
);
