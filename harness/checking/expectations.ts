// A case's own expectations, call by call. A failure here names the case's primary
// requirement: the first one its "requirements" list gives.
import type { CallExpectation } from "../loading/case-schema.ts";
import type { CallOutcome } from "../adapter.ts";
import { recordsOf, type PolicyRecord } from "../running/probes.ts";
import { jsonDiff, snapshotDiff } from "../values/diff.ts";
import type { Failure, Observation, TurnObservation } from "../running/results.ts";
import { sameSnapshot, snapshot, snapshotValue, type Snapshot } from "../values/snapshot.ts";

export function expectationFailures(observation: Observation): Failure[] {
  const requirement = observation.testCase.requirements[0]!;
  const failures: Failure[] = [];
  for (const turn of observation.turns) {
    const expectations = observation.testCase.steps[turn.step]?.expect ?? {};
    for (const [callId, expectation] of Object.entries(expectations)) {
      for (const problem of callProblems(observation, turn, callId, expectation)) {
        failures.push({ requirement, step: turn.step, callId, ...problem });
      }
    }
  }
  return failures;
}

type Problem = { field: keyof CallExpectation; message: string; diff?: string };

function callProblems(observation: Observation, turn: TurnObservation, callId: string, expected: CallExpectation): Problem[] {
  const { log } = observation;
  const problems: Problem[] = [];
  const outcome = turn.outcomes.get(callId);
  const policies = recordsOf(log.policies, turn.step, callId);
  const executions = recordsOf(log.executions, turn.step, callId);
  const lastPolicy = policies.at(-1);

  if (outcome?.outcome !== expected.outcome) {
    problems.push({ field: "outcome", message: `expected outcome ${expected.outcome}, got ${describeOutcome(outcome)}` });
  } else if (expected.reason !== undefined && outcome.outcome === "denied" && outcome.reason !== expected.reason) {
    problems.push({ field: "reason", message: `expected deny reason "${expected.reason}", got "${outcome.reason}"` });
  } else if (expected.stage !== undefined && outcome.outcome === "invalid" && outcome.stage !== expected.stage) {
    problems.push({ field: "stage", message: `expected a validation error at stage ${expected.stage}, got stage ${outcome.stage}` });
  }

  const expectedExecutions = expected.executions ?? (expected.outcome === "executed" ? 1 : 0);
  if (executions.length !== expectedExecutions) {
    problems.push({ field: "executions", message: `expected the tool to run ${expectedExecutions} time(s), it ran ${executions.length} time(s)` });
  }
  const expectedEvaluations = expected.policyEvaluations ?? defaultEvaluations(expected.outcome);
  if (expectedEvaluations !== undefined && policies.length !== expectedEvaluations) {
    problems.push({ field: "policyEvaluations", message: `expected ${expectedEvaluations} policy evaluation(s), got ${policies.length}` });
  }

  const suspended = outcome?.outcome === "suspended" ? outcome.proposal : undefined;
  const compare = (field: "requestedArguments" | "parsedArguments" | "executedArguments", view: string, got: Snapshot | undefined, where: string) => {
    const want = expected[field];
    if (want === undefined) return;
    if (got === undefined) {
      problems.push({ field, message: `expected ${view} ${JSON.stringify(want)}, but ${where}` });
    } else if (!sameSnapshot(snapshot(want), got)) {
      problems.push({ field, message: `${view} differ from the expectation`, diff: snapshotDiff(snapshot(want), got) });
    }
  };
  compare(
    "requestedArguments",
    "requestedArguments",
    // What the policy was handed; the suspended proposal only speaks when no policy ran.
    lastPolicy ? lastPolicy.requestedAtEntry : suspended && "requestedArguments" in suspended ? snapshot(suspended.requestedArguments) : undefined,
    lastPolicy ? "the policy was handed no requestedArguments" : "the policy never saw this call",
  );
  compare("parsedArguments", "parsedArguments (at policy entry)", lastPolicy?.parsedAtEntry, "the policy never saw this call");
  compare("executedArguments", "executedArguments (at tool entry)", executions.at(-1)?.argsAtEntry, "the tool never ran for this call");

  if (expected.hookInputs !== undefined) {
    const seen = recordsOf(log.hooks, turn.step, callId).map((record) => record.toolInput);
    const want = expected.hookInputs.map((value) => snapshot(value));
    if (seen.length !== want.length || seen.some((got, i) => !sameSnapshot(want[i], got))) {
      problems.push({
        field: "hookInputs",
        message: "the hooks saw different inputs from the expectation",
        diff: jsonDiff(expected.hookInputs, seen.map(snapshotValue)),
      });
    }
  }

  const ownHash = hashOf(observation, callId);
  for (const other of expected.sameHashAs ?? []) {
    const otherHash = hashOf(observation, other);
    if (ownHash === undefined || otherHash === undefined || ownHash !== otherHash) {
      problems.push({ field: "sameHashAs", message: `expected the same proposal hash as ${other}: ${ownHash ?? "(none)"} vs ${otherHash ?? "(none)"}` });
    }
  }
  for (const other of expected.differentHashFrom ?? []) {
    const otherHash = hashOf(observation, other);
    if (ownHash === undefined || otherHash === undefined || ownHash === otherHash) {
      problems.push({ field: "differentHashFrom", message: `expected a proposal hash different from ${other}'s: ${ownHash ?? "(none)"} vs ${otherHash ?? "(none)"}` });
    }
  }
  return problems;
}

function defaultEvaluations(outcome: CallExpectation["outcome"]): number | undefined {
  if (outcome === "executed" || outcome === "suspended") return 1;
  if (outcome === "invalid") return 0;
  return undefined; // a deny may come from the policy or from a hook before it
}

/** The proposal hash a call was evaluated under: its last policy record, else its suspended proposal. */
function hashOf(observation: Observation, callId: string): string | undefined {
  const record: PolicyRecord | undefined = observation.log.policies.filter((policy) => policy.callId === callId).at(-1);
  if (record) return record.proposalHash;
  for (const turn of observation.turns) {
    const outcome = turn.outcomes.get(callId);
    if (outcome?.outcome === "suspended") return outcome.proposal.proposalHash;
  }
  return undefined;
}

export function describeOutcome(outcome: CallOutcome | undefined): string {
  if (!outcome) return "no report";
  if (outcome.outcome === "denied") return `denied ("${outcome.reason}")`;
  if (outcome.outcome === "invalid") return `invalid at stage ${outcome.stage} (${outcome.message})`;
  return outcome.outcome;
}
