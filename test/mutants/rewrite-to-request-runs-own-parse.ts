import { referenceStages, type Stages } from "../../reference/runtime.ts";
import { mutant } from "./mutant.ts";

export default mutant(
  "rewrite-to-request-runs-own-parse",
  "When the hooks' rewrite comes out equal to the model's request (a hook pinning a value the model already sent), the runtime takes the call as unhooked and runs the tool on a parse of the request of its own, a second object the policy never evaluated.",
  ["INV-5", "INV-3"],
  {
    attempt(config, call, turn) {
      const runtime = this;
      // Set for this attempt when hooks rewrote the request into an equal value.
      let unchangedRequest: unknown;
      const stages: Stages = {
        ...runtime,
        async rewrite(wired, attempt) {
          const outcome = await runtime.rewrite.call(stages, wired, attempt);
          if ("input" in outcome && outcome.input !== attempt.requested && sameValue(runtime, outcome.input, attempt.requested)) unchangedRequest = attempt.requested;
          return outcome;
        },
        execute(tool, args, callId) {
          return runtime.execute.call(stages, tool, unchangedRequest === undefined ? args : stages.isolate(stages.parse(tool, unchangedRequest)), callId);
        },
      };
      return referenceStages.attempt.call(stages, config, call, turn);
    },
  },
);

function sameValue(stages: Stages, one: unknown, other: unknown): boolean {
  try {
    return stages.canonicalize(one) === stages.canonicalize(other);
  } catch {
    return false;
  }
}
