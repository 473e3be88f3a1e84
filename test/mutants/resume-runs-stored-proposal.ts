import { canonicalJson, proposalHash } from "../../reference/fingerprint.ts";
import { referenceStages, type Stages } from "../../reference/runtime.ts";
import { keptPer, mutant } from "./mutant.ts";

/** Per session: proposal hash to the parsedArguments of the proposal suspended under it. */
const suspendedArguments = keptPer(() => new Map<string, unknown>());

export default mutant(
  "resume-runs-stored-proposal",
  "Once a resumed call is allowed, the runtime executes the arguments object it stored with the suspended proposal instead of the one just evaluated.",
  ["INV-5"],
  {
    async attempt(config, call, turn) {
      const stored = suspendedArguments(config);
      const stages: Stages = {
        ...this,
        execute: (tool, args, callId) => referenceStages.execute(tool, stored.get(proposalHash(tool.name, canonicalJson(args))) ?? args, callId),
      };
      const outcome = await referenceStages.attempt.call(stages, config, call, turn);
      if (outcome.outcome === "suspended") stored.set(outcome.proposal.proposalHash!, outcome.proposal.parsedArguments);
      return outcome;
    },
  },
);
