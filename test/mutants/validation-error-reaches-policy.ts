import { policyInput, referenceStages, type Attempt } from "../../reference/runtime.ts";
import { afterAttempt, mutant } from "./mutant.ts";

export default mutant(
  "validation-error-reaches-policy",
  "Before reporting a schema error, the runtime shows the failed call to the policy (the request standing in for parsed arguments), as an audit step.",
  ["INV-2", "MATRIX-5", "HOOK-2", "BATCH-2"],
  afterAttempt(async (outcome, config, call, turn) => {
    if (outcome.outcome === "invalid" && outcome.stage === "schema") {
      const attempt: Attempt = { call, turn, tool: config.tools[call.toolName]!, requested: referenceStages.decode(call.rawArguments) };
      await config.policy(policyInput(config, attempt, attempt.requested, referenceStages.fingerprint(config, attempt, attempt.requested)));
    }
    return outcome;
  }),
);
