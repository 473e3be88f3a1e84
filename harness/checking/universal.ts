// The universal checks (DESIGN.md section 2): "evaluated equals executed", checked on every
// call of every case from the probe records, whatever the case itself expects.
import { describeOutcome } from "./expectations.ts";
import type { Call } from "../loading/case-schema.ts";
import { recordsOf, type HookRecord, type ParseRecord, type PolicyRecord } from "../running/probes.ts";
import { snapshotDiff } from "../values/diff.ts";
import { proposalHash } from "../../reference/fingerprint.ts";
import type { Failure, Observation, TurnObservation } from "../running/results.ts";
import { decodedRequest, describeSnapshot, sameSnapshot, snapshot, type Snapshot } from "../values/snapshot.ts";

export function universalFailures(observation: Observation): Failure[] {
  return [
    ...observation.turns.flatMap((turn) => turnFailures(observation, turn)),
    ...strayActivity(observation),
  ];
}

/**
 * Policy and tool activity must belong to a call of the turn it happens in: a runtime that
 * replays an approved proposal by itself, or acts while approval is being granted, fails here.
 */
function strayActivity({ log, turns }: Observation): Failure[] {
  const callsOfStep = new Map(turns.map((turn) => [turn.step, new Set(turn.calls.map((call) => call.id))]));
  const stray = <T extends { step: number; callId: string }>(records: T[]) =>
    records.filter((record) => !callsOfStep.get(record.step)?.has(record.callId));
  return [
    ...stray(log.executions).map((record) => ({
      requirement: "INV-1",
      message: `the tool ${record.tool} ran for call ${record.callId} outside any attempt of that call`,
      step: record.step,
      callId: record.callId,
    })),
    ...stray(log.policies).map((record) => ({
      requirement: "INV-1",
      message: `the policy evaluated call ${record.callId} outside any attempt of that call`,
      step: record.step,
      callId: record.callId,
    })),
  ];
}

function turnFailures({ log }: Observation, turn: TurnObservation): Failure[] {
  const failures: Failure[] = [];
  const fail = (requirement: string, callId: string | undefined, message: string) =>
    failures.push({ requirement, message, step: turn.step, ...(callId ? { callId } : {}) });
  const inStep = <T extends { step: number }>(records: T[]) => records.filter((record) => record.step === turn.step);
  const policies = inStep(log.policies);
  const executions = inStep(log.executions);
  const parses = inStep(log.parses);
  const schemaInputs = new Map(turn.calls.map((call) => [call.id, schemaInput(call, log.hooks, turn.step)]));

  for (const call of turn.calls) {
    const outcome = turn.outcomes.get(call.id);
    const callPolicies = policies.filter((record) => record.callId === call.id);
    const callExecutions = executions.filter((record) => record.callId === call.id);
    const malformed = decodedRequest(call.arguments) === undefined;
    if (malformed && !(outcome?.outcome === "invalid" && outcome.stage === "json")) {
      fail("INV-2", call.id, `malformed JSON arguments were not rejected at stage json (reported: ${describeOutcome(outcome)})`);
    }
    if (malformed || outcome?.outcome === "invalid") {
      if (callPolicies.length > 0) fail("INV-2", call.id, `invalid arguments reached the policy ${callPolicies.length} time(s)`);
      if (callExecutions.length > 0) fail("INV-2", call.id, `invalid arguments reached the tool ${callExecutions.length} time(s)`);
    }
    if (callExecutions.length > 1) fail("INV-5", call.id, `the tool ran ${callExecutions.length} times for one attempt`);
    for (const execution of callExecutions) {
      if (execution.inherited.length > 0) fail("DECOY-2", call.id, hiddenMembersMessage("tool", execution.inherited));
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
      if (policy.proposalHash !== proposalHash(call.tool, policy.argsCanonicalJson)) {
        fail("INV-4", call.id, `proposalHash ${policy.proposalHash} is not the fingerprint of ${call.tool} with ${policy.argsCanonicalJson}`);
      }
      const input = schemaInputs.get(call.id);
      const producedBySchema = parses.some(
        (parse) => parse.seq < policy.seq && parseKey(parse.tool, parse.input) === attemptKey(call.tool, input) && sameSnapshot(parse.output, policy.parsedAtEntry),
      );
      if (!producedBySchema) {
        fail("INV-1", call.id, `the policy evaluated ${describeSnapshot(policy.parsedAtEntry)}, which no parse of this call's input ${describeSnapshot(input)} had produced before it`);
      }
      if (policy.inherited.length > 0) fail("DECOY-2", call.id, hiddenMembersMessage("policy", policy.inherited));
    }
    if (outcome?.outcome === "suspended") failures.push(...suspendedProposalFailures(turn, call.id, call.arguments, callPolicies));
  }

  // One parse per attempt: parses are matched to attempts by tool and input, since an
  // in-process schema cannot tell which call it is parsing for.
  const attemptsByKey = new Map<string, number>();
  for (const call of turn.calls) {
    if (!reachesSchema(turn, call.id, policies, log.hooks)) continue;
    const key = attemptKey(call.tool, schemaInputs.get(call.id));
    attemptsByKey.set(key, (attemptsByKey.get(key) ?? 0) + 1);
  }
  const parsesByKey = new Map<string, ParseRecord[]>();
  for (const parse of parses) {
    const key = parseKey(parse.tool, parse.input);
    parsesByKey.set(key, [...(parsesByKey.get(key) ?? []), parse]);
  }
  for (const [key, group] of parsesByKey) {
    const attempts = attemptsByKey.get(key) ?? 0;
    const { tool, input } = group[0]!;
    if (attempts === 0) {
      const rewritten = turn.calls.some((call) => call.tool === tool && hookRewrites(log.hooks, turn.step, call.id).length > 0);
      fail(
        rewritten ? "HOOK-1" : "INV-3",
        undefined,
        `the schema of ${tool} parsed ${describeSnapshot(input)}, which is neither a decoded request of this turn nor a hook's final rewrite`,
      );
    } else if (group.length > attempts) {
      fail("INV-3", undefined, `the schema of ${tool} parsed the same input ${group.length} times for ${attempts} attempt(s)`);
    }
  }
  return failures;
}

function hiddenMembersMessage(receiver: string, members: string[]): string {
  return `the arguments handed to the ${receiver} inherit members that no view shows: ${members.join(", ")}`;
}

/** What the schema must parse for a call: the last hook rewrite, else the decoded request. */
function schemaInput(call: Call, hooks: HookRecord[], step: number): Snapshot | undefined {
  const rewrite = hookRewrites(hooks, step, call.id).at(-1);
  return rewrite ? rewrite.output : decodedRequest(call.arguments);
}

function hookRewrites(hooks: HookRecord[], step: number, callId: string): HookRecord[] {
  return recordsOf(hooks, step, callId).filter((hook) => hook.output !== undefined);
}

const parseKey = (tool: string, input: Snapshot) => `${tool}\u0000${describeSnapshot(input)}`;
const attemptKey = (tool: string, input: Snapshot | undefined) => (input ? parseKey(tool, input) : `${tool}\u0000(undecodable)`);

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
    const request = decodedRequest(raw);
    const requested = snapshot(proposal.requestedArguments);
    if (!sameSnapshot(requested, request)) {
      fail("the suspended requestedArguments are not the model's decoded request", snapshotDiff(request, requested, "request", "suspended"));
    }
  }
  return failures;
}
