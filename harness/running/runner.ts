// Runs cases against an implementation: a fresh session and fresh probes per case, the steps
// in order, then the universal checks and the case's own expectations.
import { approves, isHandoffCall, type Answer, type Call, type Grant } from "../loading/case-schema.ts";
import { expectationFailures } from "../checking/expectations.ts";
import { universalFailures } from "../checking/universal.ts";
import type { LoadedCase } from "../loading/loader.ts";
import { declaredExtras, ImplementationBroke, isImplementation, isImplementationBroke, type CaseSession, type Implementation, type Runnable } from "./implementation.ts";
import { inProcess } from "./in-process.ts";
import { describeOutcome, recordsOf, type ObservedOutcome, type Observation, type PolicyRecord, type TurnObservation } from "./observation.ts";
import { caseResult, type CaseResult, type Failure, type Verdict } from "./results.ts";
import { notApplicableReason, skippedBeforeRunning } from "./applicability.ts";
import { explains } from "../checking/context.ts";
import { callRequirement, consequenceRequirement } from "../checking/attribution.ts";
import { sameSnapshot, snapshot } from "../values/snapshot.ts";
import { notApplicableTo } from "../loading/requirements.ts";
import { referencedCall, referencedStep } from "../vocabulary/call-references.ts";

export const DEFAULT_TIMEOUT_MS = 10_000;

/** The reason a reviewer gives the runtime with a rejection; the runtime records it in its own words, if at all. */
export const REVIEWER_REJECTED = "rejected by the reviewer";

export interface RunOptions {
  /** How long one case (session start and every turn) may take. */
  timeoutMs?: number;
  /** Called after each case, for progress output. */
  onResult?: (result: CaseResult) => void;
}

/** What a run drives, cases in and results out: an implementation in this process, or an adapter module isolated in its own (isolated.ts). */
export interface CaseRunner extends Pick<Implementation, "name" | "version" | "capabilities" | "transportLimits" | "components" | "runBy"> {
  runCases(cases: readonly LoadedCase[], options?: RunOptions): Promise<CaseResult[]>;
  /** Releases what it holds (child processes). */
  dispose(): Promise<void>;
}

/** An implementation run in this process: the reference, or an adapter command's connection. */
export function directRunner(implementation: Implementation): CaseRunner {
  const { name, version, capabilities, runBy } = implementation;
  return {
    name,
    version,
    capabilities,
    ...declaredExtras(implementation),
    ...(runBy && { runBy }),
    runCases: (cases, options) => runCases(implementation, cases, options),
    dispose: async () => implementation.dispose?.(),
  };
}

export async function runCases(runnable: Runnable, cases: readonly LoadedCase[], options: RunOptions = {}): Promise<CaseResult[]> {
  const implementation = asImplementation(runnable);
  const results: CaseResult[] = [];
  for (const testCase of cases) {
    const result = await runCase(implementation, testCase, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    options.onResult?.(result);
    results.push(result);
  }
  return results;
}

export function asImplementation(runnable: Runnable): Implementation {
  return isImplementation(runnable) ? runnable : inProcess(runnable);
}

export async function runCase(runnable: Runnable, testCase: LoadedCase, timeoutMs: number): Promise<CaseResult> {
  const implementation = asImplementation(runnable);
  const started = performance.now();
  return skippedBeforeRunning(implementation, testCase, started) ?? judgeObserved(implementation, testCase, await observeCase(implementation, testCase, timeoutMs), started);
}

/** The verdict on what a case run observed: the universal checks and the case's own expectations. */
export function judgeObserved(implementation: Pick<Implementation, "capabilities">, testCase: LoadedCase, observed: Observed, started: number): CaseResult {
  const finish = (verdict: Verdict) => caseResult(testCase, started, verdict);
  if ("errored" in observed) return finish({ status: "errored", failures: [], reason: observed.errored });
  const { observation } = observed;
  const universal = universalFailures(observation);
  // A requirement the runtime has nothing for (its proposal hash) is neither broken nor held.
  const notApplicable = notApplicableTo(implementation.capabilities);
  const failures = [...consequences(testCase, observation.runFailures, universal), ...universal, ...expectationFailures(observation, universal)].filter((failure) => !notApplicable.has(failure.requirement));
  if (failures.length > 0) return finish({ status: "failed", failures });
  if (testCase.requirements.every((id) => notApplicable.has(id))) return finish({ status: "skipped", failures, reason: notApplicableReason(testCase.requirements, implementation.capabilities), notApplicable: true });
  return finish({ status: "passed", failures });
}

/** A grant that could not be given for a call whose outcome a universal failure accounts for shows a consequence of that. */
function consequences(testCase: LoadedCase, runFailures: readonly Failure[], universal: readonly Failure[]): Failure[] {
  return runFailures.map((failure) => {
    const callStep = failure.callId === undefined || failure.step === undefined ? undefined : referencedStep(testCase.steps, failure.callId, failure.step);
    const cause = universal.find((candidate) => candidate.callId === failure.callId && candidate.step === callStep && explains(candidate, "outcome"));
    return cause ? { ...failure, requirement: consequenceRequirement(cause, failure.requirement) } : failure;
  });
}

/** What running a case's steps gave: what the implementation reported and the probes recorded, or why the implementation broke. */
export type Observed = { observation: Observation } | { errored: string };

/** Runs a case's steps and returns what the implementation reported and the probes recorded. */
export async function observeCase(runnable: Runnable, testCase: LoadedCase, timeoutMs: number): Promise<Observed> {
  let session: CaseSession | undefined;
  try {
    session = await asImplementation(runnable).openSession(testCase, timeoutMs);
    const observation = await runSteps(session, testCase);
    // Closed before the verdict: an implementation that breaks as the case ends (an adapter's
    // second answer to "end") errors this case, not the next one.
    const closing = session;
    session = undefined;
    await closing.close();
    return { observation };
  } catch (error) {
    if (isImplementationBroke(error)) return { errored: error.message };
    throw error;
  } finally {
    await session?.close();
  }
}

async function runSteps(session: CaseSession, testCase: LoadedCase): Promise<Observation> {
  const observation: Observation = { testCase, hashes: session.hashes, log: session.log, turns: [], fingerprints: [], runFailures: [] };
  let turnNumber = 0;
  for (const [step, definition] of testCase.steps.entries()) {
    session.enterStep(step);
    if (definition.grant) {
      // A grant binds to the runtime's proposal hash; a runtime without one cannot be granted anything.
      if (observation.hashes) await giveGrant(definition.grant, step, observation, session);
      else observation.ungrantedFrom ??= step;
      continue;
    }
    if (definition.redefine) {
      await session.redefineTools(definition.redefine);
      continue;
    }
    if (definition.resume) {
      observation.turns.push(await resumeStep(definition.resume, step, turnNumber, observation, session));
      continue;
    }
    const calls = definition.turn ?? [];
    turnNumber += 1;
    const modelCalls = calls.map((call) => ({ callId: call.id, toolName: call.tool, rawArguments: call.arguments }));
    const reported = await session.runTurn(modelCalls, turnNumber);
    observation.turns.push({ step, turn: turnNumber, calls, outcomes: outcomesByCall(reported, calls, testCase) });
  }
  return observation;
}

/** Outcomes that only one kind of call can have: a tool call is never handed off, a handoff call never runs a tool or suspends. */
const TOOL_ONLY = new Set(["executed", "suspended"]);

function outcomesByCall(reported: readonly ObservedOutcome[], calls: readonly Call[], testCase: LoadedCase): TurnObservation["outcomes"] {
  const outcomes = new Map<string, ObservedOutcome>();
  const asked = new Map(calls.map((call) => [call.id, call]));
  const callIds = [...asked.keys()];
  for (const entry of reported) {
    const call = asked.get(entry.callId);
    if (!call) throw new ImplementationBroke(`runTurn reported an unknown call "${entry.callId}"`);
    if (outcomes.has(entry.callId)) throw new ImplementationBroke(`runTurn reported call "${entry.callId}" twice`);
    const handoff = isHandoffCall(testCase, call);
    if (handoff ? TOOL_ONLY.has(entry.outcome) : entry.outcome === "handed_off") {
      throw new ImplementationBroke(`runTurn reported ${entry.outcome} for call "${entry.callId}", a ${handoff ? "handoff" : "tool"} call`);
    }
    outcomes.set(entry.callId, entry);
  }
  const missing = callIds.filter((id) => !outcomes.has(id));
  if (missing.length > 0) throw new ImplementationBroke(`runTurn reported no outcome for ${missing.join(", ")}`);
  return outcomes;
}

/**
 * A resume step: the reviewer's answers to the runtime's own pending approval requests for the
 * suspended calls it names (each the latest call with its id), and what the runtime made of them.
 */
async function resumeStep(resume: Readonly<Record<string, Answer>>, step: number, turn: number, observation: Observation, session: CaseSession): Promise<TurnObservation> {
  const { testCase } = observation;
  const answered = Object.entries(resume).map(([callId, answer]) => ({ answer, ...referencedCall(testCase.steps, callId, step)! }));
  const answers = answered.map(({ answer, call }) => ({
    callId: call.id,
    toolName: call.tool,
    approved: approves(answer),
    ...(answer === "reject" && { reason: REVIEWER_REJECTED }),
    // A copy: what the adapter or its runtime does to it cannot reach the case.
    ...(typeof answer === "object" && { replayedArguments: structuredClone(answer.replay) }),
  }));
  const calls = answered.map(({ call }) => call);
  const reported = await session.resume(answers);
  return { step, turn, calls, outcomes: outcomesByCall(reported, calls, testCase), answers: new Map(Object.entries(resume)) };
}

/**
 * A grant for a call's proposal. "effective" takes the hash from the suspended proposal;
 * "requested" asks the runtime's own fingerprint of the decoded request: what a runtime that
 * still hashed the request would have approved. The runtime is also asked for the fingerprint
 * of the value its policy evaluated, so that the checks can hold its answers to the hashes it
 * really handed out.
 */
async function giveGrant(grant: Grant, step: number, observation: Observation, session: CaseSession): Promise<void> {
  // The latest call with that id: a provider may have used it again since (spec/case-format.md, "Call references").
  const callStep = referencedStep(observation.testCase.steps, grant.call, step);
  const turn = observation.turns.find((candidate) => candidate.step === callStep);
  const call = turn?.calls.find((candidate) => candidate.id === grant.call);
  const requirement = callRequirement(observation.testCase, { step: callStep ?? step, callId: grant.call });
  const fail = (message: string) => void observation.runFailures.push({ requirement, message, step, callId: grant.call });
  if (!turn || !call) return fail(`cannot grant approval for ${grant.call}: no such call ran`);
  if (grant.view === "effective") {
    const outcome = turn.outcomes.get(call.id);
    // A strict decoder may refuse what the case lets it refuse (decoderMayRefuse): then there is nothing to grant, and what follows presumed the grant.
    const refusable = observation.testCase.steps[turn.step]?.expect?.[call.id]?.decoderMayRefuse && outcome?.outcome === "invalid" && outcome.stage === "json";
    if (refusable) return void (observation.ungrantedFrom ??= step);
    if (outcome?.outcome !== "suspended") return fail(`cannot grant approval for ${call.id}: it was not suspended (reported: ${describeOutcome(outcome)})`);
    if (outcome.proposal.proposalHash === undefined) return fail(`cannot grant approval for ${call.id}: its suspended proposal has no proposalHash`);
    session.grants.add(outcome.proposal.proposalHash);
    return;
  }
  if (!session.fingerprint) throw new ImplementationBroke("the case needs the runtime's fingerprint, which the implementation cannot compute");
  const asked = async (value: unknown) => {
    const proposalHash = await session.fingerprint!(call.tool, value);
    observation.fingerprints.push({ step, tool: call.tool, value: snapshot(value), proposalHash, callId: call.id });
    return proposalHash;
  };
  session.grants.add(await asked(JSON.parse(call.arguments)));
  const evaluated = recordsOf(observation.log.policies, turn.step, call.id).at(-1);
  if (!evaluated?.parsedAtEntry.json) return;
  // As the runtime holds it first (a fingerprint that hashes member order as given agrees with
  // the pipeline only on sorted values), then in sorted order when that is another text.
  const held = heldValue(evaluated);
  if (held !== undefined) await asked(held);
  if (held === undefined || JSON.stringify(held) !== evaluated.parsedAtEntry.text) await asked(JSON.parse(evaluated.parsedAtEntry.text));
}

/**
 * The value the policy evaluated, with the runtime's own member order: what a stdio adapter
 * reported, or in-process a copy of the object itself while it is still what was evaluated.
 */
function heldValue(record: PolicyRecord): unknown {
  if (record.parsedReported !== undefined) return record.parsedReported;
  try {
    return sameSnapshot(snapshot(record.parsedRef), record.parsedAtEntry) ? structuredClone(record.parsedRef) : undefined;
  } catch {
    return undefined; // a proxy, say: the sorted value is still asked about
  }
}
