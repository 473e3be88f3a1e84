// Invalid arguments stop the attempt (RFC-0015, invariant 2 and "Validation Failures"): a raw
// string that is not JSON is a validation error at stage json, and nothing invalid reaches the
// policy or the tool. A runtime may end the turn at a validation failure (terminal error
// delivery, which RFC-0015 keeps); the calls it then leaves unattempted show only as the
// hardening that continuing the batch would be (BATCH-5).
import { describeOutcome } from "../running/observation.ts";
import type { Failure } from "../running/results.ts";
import { decodedRequest } from "../values/snapshot.ts";
import type { TurnContext } from "./context.ts";

export function validationFailures(context: TurnContext): Failure[] {
  const { turn, failure } = context;
  const failures: Failure[] = [];
  for (const call of turn.calls) {
    const outcome = turn.outcomes.get(call.id);
    if (context.notAttempted(call.id)) {
      failures.push(failure(1, "BATCH-5", `the runtime ended the turn at ${context.stoppedBy(call.id)}'s validation failure and did not attempt ${call.id}`, { callId: call.id }));
      continue;
    }
    const malformed = decodedRequest(call.arguments) === undefined;
    if (malformed && outcome?.outcome === "invalid" && outcome.stage === "schema") {
      failures.push(failure(2, "MATRIX-5", "malformed JSON arguments were reported invalid at stage schema instead of json", { callId: call.id, explains: "every expectation" }));
    } else if (malformed && outcome?.outcome !== "invalid") {
      failures.push(failure(2, "INV-2", `malformed JSON arguments were not rejected as a validation error (reported: ${describeOutcome(outcome)})`, { callId: call.id, explains: "every expectation" }));
    }
    if (malformed || outcome?.outcome === "invalid") {
      const why = !malformed && outcome?.outcome === "invalid" ? `arguments reported invalid at stage ${outcome.stage}` : "malformed JSON arguments";
      const evaluations = context.policiesOf(call.id).length;
      const runs = context.executionsOf(call.id).length;
      if (evaluations > 0) failures.push(failure(3, "INV-2", `${why} reached the policy ${evaluations} time(s)`, { callId: call.id, explains: "every expectation" }));
      if (runs > 0) failures.push(failure(3, "INV-2", `${why} reached the tool ${runs} time(s)`, { callId: call.id, explains: "every expectation" }));
    }
  }
  return failures;
}
