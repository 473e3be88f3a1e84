// The universal checks (DESIGN.md section 2): "evaluated equals executed", checked on every
// call of every case from the probe records, whatever the case itself expects.
import { describeOutcome } from "./expectations.ts";
import type { PolicyRecord } from "../probes.ts";
import { snapshotDiff, jsonDiff } from "../report/diff.ts";
import type { Failure, Observation, TurnObservation } from "../results.ts";
import { describeSnapshot, sameSnapshot, snapshot, type Snapshot } from "../snapshot.ts";

export function universalFailures(observation: Observation): Failure[] {
  return [...observation.turns.flatMap((turn) => turnFailures(observation, turn)), ...fingerprintConsistency(observation)];
}

function turnFailures({ log }: Observation, turn: TurnObservation): Failure[] {
  const failures: Failure[] = [];
  const fail = (requirement: string, callId: string | undefined, message: string) =>
    failures.push({ requirement, message, step: turn.step, ...(callId ? { callId } : {}) });
  const inStep = <T extends { step: number }>(records: T[]) => records.filter((record) => record.step === turn.step);
  const policies = inStep(log.policies);
  const executions = inStep(log.executions);
  const parses = inStep(log.parses);

  for (const call of turn.calls) {
    const outcome = turn.outcomes.get(call.id);
    const callPolicies = policies.filter((record) => record.callId === call.id);
    const callExecutions = executions.filter((record) => record.callId === call.id);
    let malformed = false;
    try {
      JSON.parse(call.arguments);
    } catch {
      malformed = true;
    }
    if (malformed && !(outcome?.outcome === "invalid" && outcome.stage === "json")) {
      fail("INV-2", call.id, `malformed JSON arguments were not rejected at stage json (reported: ${describeOutcome(outcome)})`);
    }
    if (malformed || outcome?.outcome === "invalid") {
      if (callPolicies.length > 0) fail("INV-2", call.id, `invalid arguments reached the policy ${callPolicies.length} time(s)`);
      if (callExecutions.length > 0) fail("INV-2", call.id, `invalid arguments reached the tool ${callExecutions.length} time(s)`);
    }
    if (callExecutions.length > 1) fail("INV-5", call.id, `the tool ran ${callExecutions.length} times for one attempt`);
    for (const execution of callExecutions) {
      const evaluated = callPolicies.filter((record) => record.seq < execution.seq);
      const allowing = evaluated.filter((record) => record.decision.decision === "allow");
      if (evaluated.length !== 1 || allowing.length !== 1) {
        fail("INV-1", call.id, `the tool ran after ${allowing.length} allowing policy evaluation(s) out of ${evaluated.length}; exactly one allowing evaluation must come first`);
        continue;
      }
      const policy = allowing[0]!;
      if (execution.argsRef !== policy.parsedRef) {
        fail("INV-5", call.id, "the tool received a different object from the parsedArguments the policy evaluated");
      }
      if (!sameSnapshot(execution.argsAtEntry, policy.parsedAtEntry)) {
        failures.push({
          requirement: "INV-5",
          message: "the arguments at tool entry differ from the arguments at policy entry",
          diff: snapshotDiff(policy.parsedAtEntry, execution.argsAtEntry, "evaluated", "executed"),
          step: turn.step,
          callId: call.id,
        });
      }
    }
    for (const policy of callPolicies) {
      if (!("canonical" in policy.parsedAtEntry) || policy.argsCanonicalJson !== policy.parsedAtEntry.canonical) {
        fail("INV-4", call.id, `argsCanonicalJson ${policy.argsCanonicalJson} is not the canonical form of parsedArguments ${describeSnapshot(policy.parsedAtEntry)}`);
      }
      const producedBySchema = parses.some(
        (parse) => parse.tool === call.tool && parse.seq < policy.seq && sameSnapshot(parse.output, policy.parsedAtEntry),
      );
      if (!producedBySchema) {
        fail("INV-1", call.id, `the policy evaluated ${describeSnapshot(policy.parsedAtEntry)}, which no schema parse had produced before it`);
      }
    }
    if (outcome?.outcome === "suspended") failures.push(...suspendedProposalFailures(turn, call.id, call.arguments, callPolicies));
  }

  for (const tool of new Set(turn.calls.map((call) => call.tool))) {
    const attempts = turn.calls.filter((call) => call.tool === tool && reachesSchema(turn, call.id, policies, log.hooks));
    const count = parses.filter((parse) => parse.tool === tool).length;
    if (count > attempts.length) {
      fail("INV-3", undefined, `the schema of ${tool} ran ${count} times for ${attempts.length} attempt(s) that reached it`);
    }
  }
  return failures;
}

/** Whether an attempt should have been parsed: it decoded and no hook denied it first. */
function reachesSchema(turn: TurnObservation, callId: string, policies: PolicyRecord[], hooks: Observation["log"]["hooks"]): boolean {
  const outcome = turn.outcomes.get(callId);
  if (outcome?.outcome === "invalid" && outcome.stage === "json") return false;
  const stoppedByHook =
    outcome?.outcome === "denied" &&
    !policies.some((record) => record.callId === callId) &&
    hooks.some((hook) => hook.step === turn.step && hook.callId === callId && hook.decision === "deny");
  return !stoppedByHook;
}

function suspendedProposalFailures(turn: TurnObservation, callId: string, raw: string, policies: PolicyRecord[]): Failure[] {
  const outcome = turn.outcomes.get(callId);
  if (outcome?.outcome !== "suspended") return [];
  const failures: Failure[] = [];
  const fail = (message: string, diff?: string) =>
    failures.push({ requirement: "MATRIX-7", message, step: turn.step, callId, ...(diff ? { diff } : {}) });
  const proposal = outcome.proposal;
  const policy = policies.filter((record) => record.decision.decision === "require_approval").at(-1);
  if (!policy) {
    fail("the call was suspended without a policy evaluation that required approval");
    return failures;
  }
  const parsed = snapshot(proposal.parsedArguments);
  if (!sameSnapshot(parsed, policy.parsedAtEntry)) {
    fail("the suspended parsedArguments differ from what the policy evaluated", snapshotDiff(policy.parsedAtEntry, parsed, "evaluated", "suspended"));
  }
  if (proposal.argsCanonicalJson !== policy.argsCanonicalJson) fail("the suspended argsCanonicalJson differs from the one the policy was given");
  if (proposal.proposalHash !== policy.proposalHash) fail("the suspended proposalHash is not the effective hash the policy was given");
  if (proposal.rawArguments !== raw) fail("the suspended rawArguments are not the model's exact string");
  if (!("requestedArguments" in proposal) || proposal.requestedArguments === undefined) {
    fail("the suspended proposal has no requestedArguments view");
  } else {
    let request: Snapshot;
    try {
      request = snapshot(JSON.parse(raw));
    } catch {
      request = { unrepresentable: "malformed" };
    }
    const requested = snapshot(proposal.requestedArguments);
    if (!sameSnapshot(requested, request)) {
      fail("the suspended requestedArguments are not the model's decoded request", snapshotDiff(request, requested, "request", "suspended"));
    }
  }
  return failures;
}

/** One effective proposal, one hash: the hash depends only on the tool and canonical arguments. */
function fingerprintConsistency({ log }: Observation): Failure[] {
  const failures: Failure[] = [];
  const hashByProposal = new Map<string, PolicyRecord>();
  const proposalByHash = new Map<string, PolicyRecord>();
  for (const record of log.policies) {
    const key = `${record.tool}\u0000${record.argsCanonicalJson}`;
    const sameProposal = hashByProposal.get(key);
    if (sameProposal && sameProposal.proposalHash !== record.proposalHash) {
      failures.push({
        requirement: "INV-4",
        message: `calls ${sameProposal.callId} and ${record.callId} have the same effective arguments ${record.argsCanonicalJson} but different proposal hashes`,
        callId: record.callId,
      });
    }
    const sameHash = proposalByHash.get(record.proposalHash);
    if (sameHash && `${sameHash.tool}\u0000${sameHash.argsCanonicalJson}` !== key) {
      failures.push({
        requirement: "INV-4",
        message: `calls ${sameHash.callId} and ${record.callId} share a proposal hash but differ in effective arguments`,
        diff: jsonDiff(JSON.parse(sameHash.argsCanonicalJson), JSON.parse(record.argsCanonicalJson), sameHash.callId, record.callId),
        callId: record.callId,
      });
    }
    hashByProposal.set(key, record);
    proposalByHash.set(record.proposalHash, record);
  }
  return failures;
}

