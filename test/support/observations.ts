// Observations to test the checks on: the reference's real run of a small fixture case, which
// passes every check, copied so that a test can change one record and see one failure.
import { fileURLToPath } from "node:url";
import { loadCaseFile, type LoadedCase } from "../../harness/loading/loader.ts";
import type { ExecutionRecord, Observation, ObservedOutcome, PolicyRecord } from "../../harness/running/observation.ts";
import type { Failure } from "../../harness/running/results.ts";
import { universalFailures } from "../../harness/checking/universal.ts";
import { observeCase } from "../../harness/running/runner.ts";
import referenceAdapter from "../../reference/adapter.ts";
import type { Adapter } from "../../harness/adapter.ts";

export function fixtureCase(path: string): LoadedCase {
  const loaded = loadCaseFile(fileURLToPath(new URL(`../fixtures/${path}.yaml`, import.meta.url)));
  if (!("case" in loaded)) throw new Error(loaded.errors.map((error) => error.message).join("\n"));
  return loaded.case;
}

/** What `adapter` (the reference by default) did with a fixture case. */
export async function observed(path: string, adapter: Adapter = referenceAdapter): Promise<Observation> {
  const result = await observeCase(adapter, fixtureCase(path), 10_000);
  if ("errored" in result) throw new Error(result.errored);
  return result.observation;
}

/**
 * A deep copy of what was observed (the case itself is shared). Object identities among the
 * records survive: the policy's and the tool's references to one object stay one object.
 */
export function copyOf(observation: Observation): Observation {
  const { log, turns, fingerprints, runFailures } = structuredClone({ log: observation.log, turns: observation.turns, fingerprints: observation.fingerprints, runFailures: observation.runFailures });
  return { ...observation, log, turns, fingerprints, runFailures };
}

/** A copy of `base` with `change` applied. */
export function changed(base: Observation, change: (observation: Observation) => void): Observation {
  const observation = copyOf(base);
  change(observation);
  return observation;
}

/** The universal failures of a copy of `base` with `change` applied. */
export function universalAfter(base: Observation, change: (observation: Observation) => void): Failure[] {
  return universalFailures(changed(base, change));
}

/** Replaces what the runtime reported for one call of a step. */
export function setOutcome(observation: Observation, step: number, outcome: ObservedOutcome): void {
  (observation.turns.find((turn) => turn.step === step)!.outcomes as Map<string, ObservedOutcome>).set(outcome.callId, outcome);
}

export const policyOf = (observation: Observation, callId: string): PolicyRecord => observation.log.policies.find((record) => record.callId === callId)!;
export const executionOf = (observation: Observation, callId: string): ExecutionRecord => observation.log.executions.find((record) => record.callId === callId)!;
/** Where a failure is reported: its step, and its call when it has one. */
export const at = (step: number, callId?: string) => ({ step, ...(callId ? { callId } : {}) });

/** The reference's runs of the five fixture cases the checks' tests start from; each passes every check. */
export async function checkBases() {
  return {
    oneCall: await observed("checks/invariant/one-call"),
    suspended: await observed("checks/approval-resume/suspend-then-grant"),
    hooked: await observed("checks/hook-rewrite/two-hooks"),
    batch: await observed("checks/read-batch/mixed-batch"),
    mutating: await observed("checks/matrix/mutating-policy"),
  };
}
