// Runs cases against an implementation: a fresh session and fresh probes per case, the steps
// in order, then the universal checks and the case's own expectations.
import type { CallOutcome } from "../adapter.ts";
import type { Grant } from "../loading/case-schema.ts";
import { expectationFailures } from "../checking/expectations.ts";
import { universalFailures } from "../checking/universal.ts";
import type { LoadedCase } from "../loading/loader.ts";
import { ImplementationBroke, isImplementation, type CaseSession, type Implementation, type Runnable } from "./implementation.ts";
import { inProcess } from "./in-process.ts";
import type { CaseResult, Failure, Observation, TurnObservation } from "./results.ts";
import { CallOutcome as OutcomeShape } from "./stdio/protocol.ts";
import { decodedRequest } from "../values/snapshot.ts";
import { proposalHash } from "../../reference/fingerprint.ts";

export const DEFAULT_TIMEOUT_MS = 10_000;

export interface RunOptions {
  /** How long one case (session start and every turn) may take. */
  timeoutMs?: number;
  /** Called after each case, for progress output. */
  onResult?: (result: CaseResult) => void;
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
  const base = {
    id: testCase.id,
    file: testCase.file,
    title: testCase.title,
    level: testCase.level,
    family: testCase.family,
    requirements: testCase.requirements,
  };
  const finish = (rest: Pick<CaseResult, "status" | "failures"> & { reason?: string }): CaseResult => ({
    ...base,
    ...rest,
    durationMs: Math.round(performance.now() - started),
  });

  const missing = testCase.capabilities.filter((capability) => !implementation.capabilities.includes(capability));
  if (missing.length > 0) return finish({ status: "skipped", failures: [], reason: `the adapter does not declare: ${missing.join(", ")}` });

  const observed = await observeCase(implementation, testCase, timeoutMs);
  if ("errored" in observed) return finish({ status: "errored", failures: [], reason: observed.errored });
  const { observation } = observed;
  const failures = [...observation.runFailures, ...universalFailures(observation), ...expectationFailures(observation)];
  return finish({ status: failures.length > 0 ? "failed" : "passed", failures });
}

/** Runs a case's steps and returns what the implementation reported and the probes recorded. */
export async function observeCase(runnable: Runnable, testCase: LoadedCase, timeoutMs: number): Promise<{ observation: Observation } | { errored: string }> {
  let session: CaseSession | undefined;
  try {
    session = await asImplementation(runnable).openSession(testCase, timeoutMs);
    return { observation: await runSteps(session, testCase) };
  } catch (error) {
    if (error instanceof ImplementationBroke) return { errored: error.message };
    throw error;
  } finally {
    await session?.close();
  }
}

async function runSteps(session: CaseSession, testCase: LoadedCase): Promise<Observation> {
  const observation: Observation = { testCase, log: session.log, turns: [], runFailures: [] };
  let turnNumber = 0;
  for (const [step, definition] of testCase.steps.entries()) {
    session.enterStep(step);
    if (definition.grant) {
      const problem = giveGrant(definition.grant, observation, session.grants);
      if (problem) observation.runFailures.push({ requirement: testCase.requirements[0]!, message: problem, step });
      continue;
    }
    const calls = definition.turn ?? [];
    turnNumber += 1;
    const modelCalls = calls.map((call) => ({ callId: call.id, toolName: call.tool, rawArguments: call.arguments }));
    const reported = await session.runTurn(modelCalls, turnNumber);
    observation.turns.push({ step, turn: turnNumber, calls, outcomes: outcomesByCall(reported, calls.map((call) => call.id)) });
  }
  return observation;
}

function outcomesByCall(reported: unknown, callIds: readonly string[]): TurnObservation["outcomes"] {
  if (!Array.isArray(reported)) throw new ImplementationBroke(`runTurn returned ${describeValue(reported)} instead of a list of call outcomes`);
  const outcomes = new Map<string, CallOutcome>();
  for (const entry of reported as CallOutcome[]) {
    // The same shape the stdio protocol demands, so a malformed outcome errors its case
    // instead of breaking a check later.
    const shape = OutcomeShape.safeParse(entry);
    if (!shape.success) {
      const issue = shape.error.issues[0]!;
      throw new ImplementationBroke(`runTurn reported a malformed outcome (${issue.path.join(".") || "the outcome"}: ${issue.message}): ${describeValue(entry)}`);
    }
    if (!callIds.includes(entry.callId)) throw new ImplementationBroke(`runTurn reported an unknown call "${entry.callId}"`);
    if (outcomes.has(entry.callId)) throw new ImplementationBroke(`runTurn reported call "${entry.callId}" twice`);
    outcomes.set(entry.callId, entry);
  }
  const missing = callIds.filter((id) => !outcomes.has(id));
  if (missing.length > 0) throw new ImplementationBroke(`runTurn reported no outcome for ${missing.join(", ")}`);
  return outcomes;
}

/**
 * A grant for the call's proposal. "effective" takes the hash from the suspended proposal;
 * "requested" forges what a pre-RFC runtime would have hashed: the decoded request.
 */
function giveGrant(grant: Grant, observation: Observation, grants: Set<string>): string | undefined {
  for (const turn of observation.turns) {
    const call = turn.calls.find((candidate) => candidate.id === grant.call);
    if (!call) continue;
    if (grant.view === "requested") {
      const request = decodedRequest(call.arguments);
      if (!request || !("canonical" in request)) return `cannot compute a pre-schema grant for ${call.id}: its arguments are not canonical JSON`;
      grants.add(proposalHash(call.tool, request.canonical));
      return undefined;
    }
    const outcome = turn.outcomes.get(call.id);
    if (outcome?.outcome !== "suspended") return `cannot grant approval for ${call.id}: it was not suspended`;
    grants.add(outcome.proposal.proposalHash);
    return undefined;
  }
  return `cannot grant approval for ${grant.call}: no such call ran`;
}

function describeValue(value: unknown): string {
  try {
    const text = JSON.stringify(value);
    return text === undefined ? String(value) : text.length > 200 ? `${text.slice(0, 200)}…` : text;
  } catch {
    return String(value);
  }
}
