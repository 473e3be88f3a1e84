// Activity that repeats an earlier turn's attempt under a call id the model used again. A call id
// may come back in a later turn (spec/case-format.md, "Call references"), so a runtime that
// replays an earlier proposal under its old id leaves records that carry an id of the turn. They
// are told apart from the turn's own attempt: an extra policy evaluation of the call handed the
// very parsedArguments object an earlier turn's policy evaluated (the turn's own attempt, however
// wrongly it got its object, evaluates once), and a tool run with that replayed object.
import { isObjectRef, type ExecutionRecord, type Observation, type PolicyRecord } from "../running/observation.ts";

/** The policy and execution records that replay an earlier turn's evaluated proposal beside the call's own attempt. */
export function replayedRecords({ log }: Observation): ReadonlySet<PolicyRecord | ExecutionRecord> {
  const replayed = new Set<PolicyRecord | ExecutionRecord>();
  const firstEvaluated = new Map<unknown, number>();
  const evaluations = new Map<string, number>();
  const key = (record: { step: number; callId: string }) => `${record.step}\u0000${record.callId}`;
  for (const record of log.policies) evaluations.set(key(record), (evaluations.get(key(record)) ?? 0) + 1);
  const replayedObjects = new Map<unknown, number>();
  for (const record of log.policies) {
    if (!isObjectRef(record.parsedRef)) continue;
    const step = firstEvaluated.get(record.parsedRef);
    if (step === undefined) firstEvaluated.set(record.parsedRef, record.step);
    else if (step < record.step && evaluations.get(key(record))! > 1) {
      replayed.add(record);
      replayedObjects.set(record.parsedRef, record.step);
    }
  }
  for (const record of log.executions) {
    if (replayedObjects.get(record.argsRef) === record.step) replayed.add(record);
  }
  return replayed;
}
