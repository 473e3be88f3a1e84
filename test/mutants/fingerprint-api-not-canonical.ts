import { proposalHash } from "../../reference/fingerprint.ts";
import { createRuntime, referenceStages } from "../../reference/runtime.ts";
import { mutant, type Mutant } from "./mutant.ts";

const base = mutant(
  "fingerprint-api-not-canonical",
  "The runtime's public fingerprint function serializes the value it is given with JSON.stringify, in the member order it holds, while its own pipeline hashes the RFC 8785 form: the two agree only on values already in sorted member order.",
  ["INV-4"],
  {},
);

// The defect is in the fingerprint entry point alone, not in a stage of the attempt.
const fingerprintApiNotCanonical: Mutant = {
  ...base,
  createSession(wiring) {
    const runtime = createRuntime(wiring, referenceStages);
    return {
      runTurn: (calls, turn) => runtime.runTurn(calls, turn),
      fingerprint: (toolName, args) => proposalHash(toolName, JSON.stringify(args)),
      redefineTools: (tools) => runtime.redefineTools(tools),
      resume: (answers) => runtime.resume(answers),
    };
  },
};

export default fingerprintApiNotCanonical;
