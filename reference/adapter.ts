// The reference runtime behind the harness's adapter contract: the oracle every case must pass.
import type { Adapter } from "../harness/adapter.ts";
import { createRuntime, referenceStages, type Stages } from "./runtime.ts";

/** An adapter for the reference runtime, or for a variation of it with some stages replaced. */
export function referenceAdapter(name = "effective-args reference", stages: Stages = referenceStages): Adapter {
  return {
    name,
    version: "0.1.0",
    capabilities: ["approval", "batch", "fingerprint", "handoffs", "hooks", "proposal-hash", "raw-view", "replay", "resume", "tool-changes"],
    createSession(wiring) {
      const runtime = createRuntime(wiring, stages);
      return {
        runTurn: (calls, turn) => runtime.runTurn(calls, turn),
        fingerprint: (toolName, args) => runtime.fingerprint(toolName, args),
        redefineTools: (tools) => runtime.redefineTools(tools),
        resume: (answers) => runtime.resume(answers),
      };
    },
  };
}

export default referenceAdapter();
