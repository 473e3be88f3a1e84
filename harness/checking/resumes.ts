// A resume step: the reviewer answered the runtime's own pending approval requests (spec/case-
// format.md, "resume"). A resume continues the attempt that was suspended: the runtime need not
// decode, parse or evaluate again (RFC-0015 fixes no way to resume: Non-Goals), so the per-attempt
// checks do not apply. What it runs is held to what was approved: an approved call runs at most
// once, with the effective value that was evaluated and suspended (APPROVAL-6), and, if the
// runtime asked its policy again (which then answers as before: an approval is the reviewer's,
// not a policy's), with what it evaluated, and never after a deny (INV-1, INV-5); a rejected call
// never runs (APPROVAL-7).
import type { Failure } from "../running/results.ts";
import { snapshotDiff } from "../values/diff.ts";
import { sameSnapshot, type Snapshot } from "../values/snapshot.ts";
import { referencedStep } from "../vocabulary/call-references.ts";
import { recordsOf } from "../running/observation.ts";
import type { TurnContext } from "./context.ts";
import { whatRan } from "./execution.ts";

export function resumeFailures(context: TurnContext): Failure[] {
  const { turn, observation, failure } = context;
  const failures: Failure[] = [];
  for (const call of turn.calls) {
    const answer = turn.answers?.get(call.id);
    const executions = context.executionsOf(call.id);
    const at = { callId: call.id };
    if (answer === "reject") {
      if (executions.length > 0) failures.push(failure(26, "APPROVAL-7", `the tool ran ${executions.length} time(s) for a call the reviewer rejected`, { ...at, explains: "every expectation" }));
      continue;
    }
    if (executions.length > 1) failures.push(failure(26, "APPROVAL-6", `the tool ran ${executions.length} times for one approval`, { ...at, explains: ["executions", "executedArguments"] }));
    const execution = executions[0];
    if (!execution) continue;
    // Asked again on the way: the run must have what was evaluated, and not follow a deny.
    const evaluated = context.policiesOf(call.id).filter((record) => record.seq < execution.seq);
    const last = evaluated.at(-1);
    // What was approved: the value the policy evaluated when it suspended the call; unless the
    // policy, asked again, allowed what ran by itself (a value that changed since, say).
    const suspendedIn = referencedStep(observation.testCase.steps, call.id, turn.step);
    const approved: Snapshot | undefined = suspendedIn === undefined ? undefined : recordsOf(observation.log.policies, suspendedIn, call.id).at(-1)?.parsedAtEntry;
    const allowedAfresh = last?.decision.decision === "allow" && sameSnapshot(last.parsedAtEntry, execution.argsAtEntry);
    if (approved && !allowedAfresh && !sameSnapshot(approved, execution.argsAtEntry)) {
      const message = `the approved call ran with arguments other than the proposal that was suspended and approved${whatRan(context, call, execution.argsAtEntry, approved)}`;
      failures.push(failure(26, "APPROVAL-6", message, { ...at, diff: snapshotDiff(approved, execution.argsAtEntry, "approved", "executed"), explains: "every expectation" }));
    }
    if (last?.decision.decision === "deny") {
      failures.push(failure(26, "INV-1", "the resumed call ran although the policy, asked again, denied it", { ...at, explains: "every expectation" }));
    } else if (last && !sameSnapshot(last.parsedAtEntry, execution.argsAtEntry)) {
      failures.push(failure(26, "INV-5", `the resumed call ran with arguments other than the ones its policy evaluated again${whatRan(context, call, execution.argsAtEntry, last.parsedAtEntry)}`, { ...at, diff: snapshotDiff(last.parsedAtEntry, execution.argsAtEntry, "evaluated", "executed") }));
    }
  }
  return failures;
}
