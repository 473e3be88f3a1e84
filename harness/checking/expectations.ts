// A case's own expectations, call by call. Each failure names the requirement its word tests
// (see attribution.ts): the call's own requirement for what the case is about, a fixed one for
// the words that mean the same in every case.
import type { CallExpectation } from "../loading/case-schema.ts";
import type { Failure } from "../running/results.ts";
import { describeOutcome, recordsOf, type Observation, type ObservedOutcome, type PolicyRecord } from "../running/observation.ts";
import { callLabel, referencedStep, type CallAt } from "../vocabulary/call-references.ts";
import { jsonDiff, snapshotDiff } from "../values/diff.ts";
import { shown, SHOWN_TEXT_CHARACTERS } from "../values/elide.ts";
import { describeSnapshot, sameSnapshot, snapshot, snapshotValue, type Snapshot } from "../values/snapshot.ts";
import { callRequirement, consequenceRequirement, FIELD_REQUIREMENTS, hookInputsRequirement, requestViewRequirement } from "./attribution.ts";
import { explains, turnContext, type TurnContext } from "./context.ts";
import { POLICY_MUTATED_ARGUMENTS } from "./execution.ts";

/**
 * `universal`: what the universal checks found. A failed expectation that one of them accounts
 * for (see explains) is named after it: it shows a consequence of what that check found.
 */
export function expectationFailures(observation: Observation, universal: readonly Failure[] = []): Failure[] {
  const failures: Failure[] = [];
  const cause = (step: number, callId: string, field: keyof CallExpectation) => universal.find((failure) => failure.step === step && failure.callId === callId && explains(failure, field));
  // Calls, by callKey, left unattempted; and with no hash to compare: unattempted, or refused at stage json where the case lets a strict decoder refuse them.
  const unattempted = new Set<string>();
  const unhashed = new Set<string>();
  for (const turn of observation.turns) {
    // After a grant the runtime could not be given (it has no proposal hash), what the case
    // expects presumes the grant: only the universal checks hold those turns.
    if (observation.ungrantedFrom !== undefined && turn.step > observation.ungrantedFrom) break;
    const context = turnContext(observation, turn);
    const expectations = observation.testCase.steps[turn.step]?.expect ?? {};
    for (const call of turn.calls) {
      const key = callKey({ step: turn.step, callId: call.id });
      if (context.notAttempted(call.id)) {
        unattempted.add(key);
        unhashed.add(key);
      } else if (expectations[call.id]?.decoderMayRefuse && refusedAtJson(turn.outcomes.get(call.id))) unhashed.add(key);
    }
    for (const [callId, expectation] of Object.entries(expectations)) {
      // Not attempted after a validation failure: a choice RFC-0015 leaves to the runtime, and
      // reported by the universal checks (BATCH-5); nothing of the call can be expected.
      if (unattempted.has(callKey({ step: turn.step, callId }))) continue;
      // Refused by a stricter decoder than JSON's grammar asks for, which RFC-0015 leaves open;
      // the universal checks hold it to having reached neither policy nor tool.
      // A handoff's decodesLike still holds: it is refused exactly when its tool call was.
      const refused = expectation.decoderMayRefuse && refusedAtJson(turn.outcomes.get(callId));
      const problems = refused ? handoffProblems(context, callId, { outcome: "invalid", decodesLike: expectation.decodesLike }, unattempted) : callProblems(context, callId, expectation, unhashed, unattempted);
      const own = callRequirement(observation.testCase, { step: turn.step, callId });
      // A call the case expects refused at decoding: only what went wrong at decoding (checks 1
      // to 3) can account for its expectations, not a later stage's breach (the policy handed the
      // request before a parse, say), which says nothing about how the raw string was decoded.
      const atDecoding = expectation.outcome === "invalid" && expectation.stage === "json";
      for (const problem of problems) {
        const found = cause(turn.step, callId, problem.field);
        const explained = found && (!atDecoding || (found.check !== undefined && DECODING_CHECKS.has(found.check))) ? found : undefined;
        const requirement = explained ? consequenceRequirement(explained, problem.requirement ?? own) : (problem.requirement ?? own);
        failures.push({ requirement, step: turn.step, callId, field: problem.field, message: problem.message, ...(problem.diff ? { diff: problem.diff } : {}) });
      }
    }
  }
  return failures;
}

const refusedAtJson = (outcome: ObservedOutcome | undefined) => outcome?.outcome === "invalid" && outcome.stage === "json";

/**
 * The universal checks of the decoding stage (spec/adapter-contract.md): 1 unattempted call, 2
 * malformed JSON not rejected, 3 invalid arguments reached policy or tool, 22 malformed handoff,
 * 23 what a handoff hands over.
 */
const DECODING_CHECKS: ReadonlySet<number> = new Set([1, 2, 3, 22, 23]);

interface Problem {
  field: keyof CallExpectation;
  message: string;
  diff?: string;
  /** When the word names a fixed requirement; otherwise the call's. */
  requirement?: string;
}

function callProblems(context: TurnContext, callId: string, written: CallExpectation, unhashed: ReadonlySet<string>, unattempted: ReadonlySet<string>): Problem[] {
  const problems: Problem[] = [];
  const outcome = context.turn.outcomes.get(callId);
  const policies = context.policiesOf(callId);
  const executions = context.executionsOf(callId);
  const lastPolicy = policies.at(-1);
  const expected = effectiveExpectation(written, lastPolicy);

  if (outcome?.outcome !== expected.outcome) {
    problems.push({ field: "outcome", message: `expected outcome ${expected.outcome}, got ${describeOutcome(outcome)}` });
  } else if (expected.reason !== undefined && outcome.outcome === "denied" && outcome.reason !== expected.reason) {
    problems.push({ field: "reason", message: `expected deny reason "${expected.reason}", got "${shown(outcome.reason, SHOWN_TEXT_CHARACTERS)}"` });
  } else if (expected.stage !== undefined && outcome.outcome === "invalid" && outcome.stage !== expected.stage) {
    problems.push({ field: "stage", message: `expected a validation error at stage ${expected.stage}, got stage ${outcome.stage}` });
  }

  const expectedExecutions = expected.executions ?? (expected.outcome === "executed" ? 1 : 0);
  if (executions.length !== expectedExecutions) {
    problems.push({ field: "executions", message: `expected the tool to run ${expectedExecutions} time(s), it ran ${executions.length} time(s)` });
  }
  // A resume need not ask the policy again: only a written count is checked there.
  const expectedEvaluations = expected.policyEvaluations ?? (context.turn.answers ? undefined : defaultEvaluations(expected.outcome));
  if (expectedEvaluations !== undefined && policies.length !== expectedEvaluations) {
    problems.push({ field: "policyEvaluations", message: `expected ${expectedEvaluations} policy evaluation(s), got ${policies.length}` });
  }

  const suspended = outcome?.outcome === "suspended" ? outcome.proposal : undefined;
  const compare = (field: "requestedArguments" | "parsedArguments" | "executedArguments", view: string, got: Snapshot | undefined, missing: string | undefined, requirement?: string) => {
    const want = expected[field];
    if (want === undefined || (got === undefined && missing === undefined)) return;
    if (got === undefined) problems.push({ field, message: `expected ${view} ${shown(JSON.stringify(want))}, but ${missing}` });
    else if (!sameSnapshot(snapshot(want), got)) {
      problems.push({ field, message: `${view} differ from the expectation`, diff: snapshotDiff(snapshot(want), got), ...(requirement ? { requirement } : {}) });
    }
  };
  // The request view the runtime showed: to its policy, else in the suspended proposal. A
  // runtime may hand its policy none (RFC-0015 makes it optional): then nothing is compared.
  const requested = lastPolicy?.requestedAtEntry ?? suspended?.requestedArguments;
  const requestMissing = lastPolicy || suspended ? undefined : "the policy never saw this call";
  compare("requestedArguments", "requestedArguments", requested, requestMissing, requestViewRequirement(context.hooked(callId)));
  compare("parsedArguments", "parsedArguments (at policy entry)", lastPolicy?.parsedAtEntry, "the policy never saw this call");
  compare("executedArguments", "executedArguments (at tool entry)", executions.at(-1)?.argsAtEntry, "the tool never ran for this call");

  if (expected.hookInputs !== undefined) {
    const seen = context.hooks.filter((record) => record.callId === callId).map((record) => record.toolInput);
    const want = expected.hookInputs.map((value) => snapshot(value));
    if (seen.length !== want.length || seen.some((got, i) => !sameSnapshot(want[i], got))) {
      problems.push({
        field: "hookInputs",
        message: "the hooks saw different inputs from the expectation",
        diff: jsonDiff(expected.hookInputs, seen.map(snapshotValue)),
        requirement: hookInputsRequirement(sameSnapshot(want[0], seen[0])),
      });
    }
  }

  problems.push(...handoffProblems(context, callId, expected, unattempted));

  const hashes = (ids: readonly string[] | undefined, field: "sameHashAs" | "differentHashFrom", same: boolean) => {
    const { hashes: hashed } = context.observation;
    for (const other of ids ?? []) {
      const at = referenced(context, other, callId);
      if (!at || unhashed.has(callKey(at))) continue;
      const own = proposalOf(context.observation, { step: context.turn.step, callId });
      const theirs = proposalOf(context.observation, at);
      if (own === undefined || theirs === undefined) {
        problems.push({ field, message: `cannot compare proposal hashes with ${other}: ${own === undefined ? `${callId} has none` : `${other} has none`} (no policy evaluation and no suspended proposal)` });
        continue;
      }
      // Without hashes (no "proposal-hash" capability) only the effective proposals are compared.
      if (hashed && (own.hash === theirs.hash) === same) continue;
      const sameProposal = own.tool === theirs.tool && sameSnapshot(own.value, theirs.value);
      if (sameProposal !== same) {
        // The hash follows the effective proposals, which are not what the case says: the
        // schema output or the hooks differ, which the call's own requirement is about.
        const diff = snapshotDiff(theirs.value, own.value, callLabel(context.observation.testCase.steps, at), callLabel(context.observation.testCase.steps, { step: context.turn.step, callId }));
        const follow = hashed ? ", and the proposal hashes follow what was evaluated" : "";
        problems.push({ field, message: `expected ${same ? "the same effective proposal as" : "an effective proposal different from"} ${other}'s${follow}`, diff });
      } else if (hashed) {
        problems.push({ field, message: `expected ${same ? "the same proposal hash as" : "a proposal hash different from"} ${other}'s: ${shown(own.hash)} vs ${shown(theirs.hash)}`, requirement: FIELD_REQUIREMENTS[field]! });
      }
    }
  };
  hashes(expected.sameHashAs, "sameHashAs", true);
  hashes(expected.differentHashFrom, "differentHashFrom", false);
  return problems;
}

/** A handoff call's words: what it handed over, and that it was decoded as the tool call with the same raw string was. */
function handoffProblems(context: TurnContext, callId: string, expected: CallExpectation, unattempted: ReadonlySet<string>): Problem[] {
  const problems: Problem[] = [];
  const { observation } = context;
  const received = context.handoffsOf(callId).at(-1);
  if (expected.handoffInput !== undefined && received !== undefined && !sameSnapshot(snapshot(expected.handoffInput), received.input)) {
    problems.push({ field: "handoffInput", message: "the input handed over differs from the expectation", diff: snapshotDiff(snapshot(expected.handoffInput), received.input), requirement: FIELD_REQUIREMENTS.handoffInput! });
  }
  const other = expected.decodesLike;
  const at = other === undefined ? undefined : referenced(context, other, callId);
  // A tool call never attempted (after a validation failure, as RFC-0015 allows) decoded nothing to compare with.
  if (!at || unattempted.has(callKey(at))) return problems;
  const requirement = FIELD_REQUIREMENTS.decodesLike!;
  const outcome = context.turn.outcomes.get(callId);
  const theirs = toolDecoding(observation, at);
  if (theirs === "refused") {
    if (!refusedAtJson(outcome)) problems.push({ field: "decodesLike", message: `${other}, a tool call with the same raw arguments, was refused at stage json; this handoff was not (reported: ${describeOutcome(outcome)})`, requirement });
  } else if (theirs === undefined) {
    problems.push({ field: "decodesLike", message: `cannot compare with ${other}: the runtime neither refused it at stage json nor showed what it decoded it to (no parse, no policy evaluation)` });
  } else if (received === undefined) {
    problems.push({ field: "decodesLike", message: `${other}, a tool call with the same raw arguments, was decoded to ${describeSnapshot(theirs)}; this handoff handed nothing over (reported: ${describeOutcome(outcome)})`, requirement });
  } else if (!sameSnapshot(theirs, received.input)) {
    problems.push({ field: "decodesLike", message: `the handoff was decoded otherwise than ${other}, a tool call with the same raw arguments`, diff: snapshotDiff(theirs, received.input, callLabel(observation.testCase.steps, at), callLabel(observation.testCase.steps, { step: context.turn.step, callId })), requirement });
  }
  return problems;
}

/**
 * What the runtime decoded a tool call's raw string to: "refused" at stage json, or the request
 * view its policy was handed, or else what its tool's parse was handed (see parsedDecoding).
 */
export function toolDecoding(observation: Observation, at: CallAt): Snapshot | "refused" | undefined {
  const turn = observation.turns.find((one) => one.step === at.step);
  if (!turn?.outcomes.has(at.callId)) return undefined;
  if (refusedAtJson(turn.outcomes.get(at.callId))) return "refused";
  const policy = recordsOf(observation.log.policies, at.step, at.callId).find((record) => record.requestedAtEntry !== undefined);
  return policy ? policy.requestedAtEntry : parsedDecoding(observation, at);
}

/**
 * The input of a tool call's parse, for a runtime that shows no request view. A parse names its
 * tool, not its call: only a call alone with its tool in its step can be told by it.
 */
export function parsedDecoding(observation: Observation, { step, callId }: CallAt): Snapshot | undefined {
  const turn = observation.turns.find((one) => one.step === step);
  const tool = turn?.calls.find((call) => call.id === callId)?.tool;
  if (!turn || turn.calls.filter((call) => call.tool === tool).length !== 1) return undefined;
  return observation.log.parses.find((parse) => parse.step === turn.step && parse.tool === tool)?.input;
}

/**
 * What the call is held to. A call expected to be denied for policy_mutated_arguments whose
 * policy's edit changed nothing (the runtime handed the policy read-only arguments) had no
 * mutation to deny: it is held to what the policy decided instead (RFC-0015, invariant 6).
 */
function effectiveExpectation(written: CallExpectation, lastPolicy: PolicyRecord | undefined): CallExpectation {
  if (written.reason !== POLICY_MUTATED_ARGUMENTS || lastPolicy?.mutation !== "unchanged") return written;
  const { decision } = lastPolicy.decision;
  const { reason: _reason, executions: _executions, ...rest } = written;
  if (decision === "deny") return { ...rest, outcome: "denied", reason: lastPolicy.decision.reason };
  return { ...rest, outcome: decision === "allow" ? "executed" : "suspended" };
}

function defaultEvaluations(outcome: CallExpectation["outcome"]): number | undefined {
  if (outcome === "executed" || outcome === "suspended") return 1;
  if (outcome === "invalid") return 0;
  return undefined; // a deny may come from the policy or from a hook before it
}

/**
 * The proposal a call was evaluated as, and its hash: its last policy record, else its
 * suspended proposal; one with a hash, unless the runtime computes none.
 */
function proposalOf(observation: Observation, { step, callId }: CallAt): { tool: string; value: Snapshot; hash?: string } | undefined {
  const counts = (hash: string | undefined) => hash !== undefined || !observation.hashes;
  const record = recordsOf(observation.log.policies, step, callId).at(-1);
  if (record && counts(record.proposalHash)) return { tool: record.tool, value: record.parsedAtEntry, hash: record.proposalHash };
  const outcome: ObservedOutcome | undefined = observation.turns.find((turn) => turn.step === step)?.outcomes.get(callId);
  if (outcome?.outcome === "suspended" && counts(outcome.proposal.proposalHash)) return { tool: outcome.proposal.toolName, value: outcome.proposal.parsedArguments, hash: outcome.proposal.proposalHash };
  return undefined;
}

/** The call an expectation of `by` names by `id` (spec/case-format.md, "Call references"). */
function referenced(context: TurnContext, id: string, by: string): CallAt | undefined {
  const step = referencedStep(context.observation.testCase.steps, id, context.turn.step, by);
  return step === undefined ? undefined : { step, callId: id };
}

/** One key per call of a case: its step and its id. */
const callKey = ({ step, callId }: CallAt) => `${step}\u0000${callId}`;
