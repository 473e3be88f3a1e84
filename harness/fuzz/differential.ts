// Differential fuzzing: random cases from the shared arbitraries run on the reference, whose
// observed behaviour becomes the case's expectations; then on the adapter. A case the adapter
// fails is shrunk by fast-check and written out as an ordinary YAML case file. During the search
// a case is built straight from its data, which is valid by construction; only the case written
// out goes through YAML and the loader's checks.
import { createHash } from "node:crypto";
import fc from "fast-check";
import { z } from "zod";
import type { CaseSession, Implementation, Runnable } from "../running/implementation.ts";
import { isHandoffCall, type Call, type CallExpectation, type CaseFile, type Json, type Level } from "../loading/case-schema.ts";
import { universalFailures } from "../checking/universal.ts";
import { CASE_FILE_HEADER } from "../loading/json-schema.ts";
import { loadCaseText, loadedCase, type LoadedCase } from "../loading/loader.ts";
import { REQUIREMENTS } from "../loading/requirements.ts";
import { atLevels, levelOf } from "../reporting/summary.ts";
import type { CaseResult } from "../running/results.ts";
import { recordsOf, type ObservedOutcome, type Observation, type PolicyRecord, type TurnObservation } from "../running/observation.ts";
import { asImplementation, observeCase, runCase } from "../running/runner.ts";
import { caseResult } from "../running/results.ts";
import { parseYamlFile } from "../loading/source-location.ts";
import { sameSnapshot, snapshotValue, type Snapshot } from "../values/snapshot.ts";
import { parsedDecoding, toolDecoding } from "../checking/expectations.ts";
import { definitionOf, referencedCall, referencedStep } from "../vocabulary/call-references.ts";
import { callKey, divergenceRequirements, namedFailures, type Naming } from "./divergence.ts";
import { decoderMayRefuse, givenReasons } from "./latitude.ts";
import { caseSkeleton } from "./arbitraries.ts";
import { compactYaml } from "./render.ts";
import { shardsOf, type Shard } from "./shards.ts";
import referenceAdapter from "../../reference/adapter.ts";

export type Skeleton = Omit<CaseFile, "id" | "title" | "level" | "requirements">;

export interface FuzzOptions {
  runs: number;
  seed: number;
  timeoutMs: number;
  /** The levels whose failures count, as `run --level` counts them; every level unless given. */
  levels?: readonly Level[];
  /** Whose behaviour becomes the expectations: the reference runtime unless given. */
  oracle?: Runnable;
  /** Generated cases per shard (shards.ts); SHARD_RUNS unless given. */
  shardRuns?: number;
  /** Told each generated case before it runs: a watcher in another process can then name the case that never finished (parallel.ts). */
  onCase?: (skeleton: Skeleton) => void;
  /** Told after each generated case ran on the implementation; it may throw to end the search (shard-process.ts). */
  afterCase?: () => void;
}

export interface Divergence {
  /** Where the case belongs under cases/: "<family>/<name>.yaml". */
  path: string;
  yaml: string;
  result: CaseResult;
}

export type FuzzOutcome =
  | { kind: "agreed"; runs: number; seed: number }
  | { kind: "diverged"; runs: number; seed: number; divergence: Divergence }
  /** The reference itself broke a universal check on a generated case: a bug in the suite. */
  | { kind: "reference-broke"; runs: number; seed: number; skeleton: Skeleton; problems: string[] };

class ReferenceBroke extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join("; "));
  }
}

/** Fuzzes `adapter` on this thread, one shard after another (parallel.ts runs them on workers, to the same outcome). */
export function fuzz(adapter: Runnable, options: FuzzOptions): Promise<FuzzOutcome> {
  return withJitlessZod(async () => {
    const shards = shardsOf(options.runs, options.seed, options.shardRuns);
    const outcomes: FuzzOutcome[] = [];
    for (const shard of shards) {
      const outcome = await search(adapter, shard, options);
      outcomes.push(outcome);
      if (outcome.kind !== "agreed") break;
    }
    return decidedOutcome(outcomes, shards.slice(0, outcomes.length), options.seed)!;
  });
}

/**
 * The run's outcome from its shards' outcomes, in shard order: the first shard that did not
 * agree decides, once every shard before it has agreed; `undefined` while that is not known.
 * Runs count every case tried up to the deciding one.
 */
export function decidedOutcome(outcomes: readonly (FuzzOutcome | undefined)[], shards: readonly Shard[], seed: number): FuzzOutcome | undefined {
  let runs = 0;
  for (const shard of shards) {
    const outcome = outcomes[shard.index];
    if (outcome === undefined) return undefined;
    runs += outcome.runs;
    if (outcome.kind !== "agreed") return { ...outcome, runs, seed };
  }
  return { kind: "agreed", runs, seed };
}

/** One shard's search: its outcome counts the shard's runs alone. */
export function fuzzShard(adapter: Runnable, shard: Shard, options: FuzzOptions): Promise<FuzzOutcome> {
  return withJitlessZod(() => search(adapter, shard, options));
}

async function search(adapter: Runnable, shard: Shard, options: FuzzOptions): Promise<FuzzOutcome> {
  const capabilities = new Set(adapter.capabilities);
  const arbitrary = caseSkeleton(fuzzOptionsOf(capabilities));
  const property = fc.asyncProperty(arbitrary, async (skeleton) => {
    options.onCase?.(skeleton);
    const candidate = await provisionalCase(skeleton, options);
    const result = await runCase(adapter, candidate, options.timeoutMs);
    options.afterCase?.();
    return judged(candidate, result, options).status === "passed";
  });
  const details = await fc.check(property, { seed: shard.seed, numRuns: shard.runs, endOnFailure: false });
  const base = { runs: details.numRuns, seed: options.seed };
  if (!details.failed || !details.counterexample) return { kind: "agreed", ...base };
  const [skeleton] = details.counterexample;
  if (details.errorInstance instanceof ReferenceBroke) return { kind: "reference-broke", ...base, skeleton, problems: details.errorInstance.problems };
  return { kind: "diverged", ...base, divergence: await describeDivergence(adapter, skeleton, options) };
}

/** What the generated cases may use: what the adapter declares. */
export function fuzzOptionsOf(capabilities: ReadonlySet<string>) {
  const has = (capability: string) => capabilities.has(capability);
  return {
    hooks: has("hooks"),
    approval: has("approval"),
    batch: has("batch"),
    handoffs: has("handoffs"),
    fingerprint: has("fingerprint"),
    toolChanges: has("tool-changes"),
    resume: has("resume") && has("approval"),
  };
}

/** How many fuzz runs are going on, and Zod's setting from before the first. */
let fuzzing = 0;
let jitlessBefore: boolean | undefined;

/**
 * Runs `work` with Zod's JIT off: Zod compiles an object schema's parser on its first parse,
 * which pays for a schema parsed many times, while fuzzing builds schemas for every case that
 * are parsed a few times. The parse is the same either way.
 */
async function withJitlessZod<T>(work: () => Promise<T>): Promise<T> {
  if (fuzzing++ === 0) {
    jitlessBefore = z.config().jitless;
    z.config({ jitless: true });
  }
  try {
    return await work();
  } finally {
    if (--fuzzing === 0) z.config({ jitless: jitlessBefore });
  }
}

/** Stands in for the requirements until the divergence tells which ones the case shows. */
const PROVISIONAL = "INV-5";

/**
 * A generated case's result as `run --level` counts it: each failure named as the written case
 * will name it, and only those at the selected levels count.
 */
function judged(candidate: LoadedCase, result: CaseResult, { levels }: FuzzOptions): CaseResult {
  if (!levels || result.status !== "failed") return result;
  return atLevels({ ...result, failures: namedFailures(candidate, result.failures, PROVISIONAL) }, new Set(levels));
}

/** The requirements at the selected levels first, so that the written case is filed under one that counted. */
function selectedFirst(requirements: string[], { levels }: FuzzOptions): string[] {
  if (!levels) return requirements;
  const selected = (id: string) => levels.includes(levelOf(id));
  return [...requirements.filter(selected), ...requirements.filter((id) => !selected(id))];
}

/**
 * The final case: its requirements are the ones the adapter's failures name, and each call
 * whose expectations diverged names the requirement of the expectation that did.
 */
async function describeDivergence(adapter: Runnable, skeleton: Skeleton, options: FuzzOptions): Promise<Divergence> {
  options.onCase?.(skeleton);
  const candidate = await provisionalCase(skeleton, options);
  const first = await runCase(adapter, candidate, options.timeoutMs);
  const named = divergenceRequirements(candidate, first.failures, PROVISIONAL);
  const testCase = writtenCase(await expectedData(skeleton, { ...named, requirements: selectedFirst(named.requirements, options) }, options, options.seed));
  const result = await runCase(adapter, testCase, options.timeoutMs);
  // Shown as `run --level` shows the written case.
  return { path: `${testCase.id}.yaml`, yaml: renderCase(testCase), result: options.levels ? atLevels(result, new Set(options.levels)) : result };
}

/**
 * A generated case the implementation never finished (it kept its process busy, or the process
 * died): written out as found, not shrunk, its result errored with `reason`.
 */
export async function unfinishedDivergence(skeleton: Skeleton, reason: string, options: FuzzOptions): Promise<Divergence> {
  const testCase = writtenCase(await expectedData(skeleton, { requirements: [PROVISIONAL] }, options, options.seed));
  const result = caseResult(testCase, performance.now(), { status: "errored", failures: [], reason });
  return { path: `${testCase.id}.yaml`, yaml: renderCase(testCase), result };
}

/** The case the search runs on the adapter: the reference's behaviour, every expectation named by the provisional requirement. */
async function provisionalCase(skeleton: Skeleton, options: FuzzOptions): Promise<LoadedCase> {
  return generatedCase(await expectedData(skeleton, { requirements: [PROVISIONAL] }, options));
}

/** Runs the skeleton on the reference and turns what it did into expectations: the data of a case file. */
export async function expectedData(skeleton: Skeleton, naming: Pick<Naming, "requirements"> & Partial<Naming>, options: FuzzOptions, seed?: number): Promise<CaseFile> {
  const { requirements } = naming;
  const { observation, kept } = await definiteObservation(skeleton, options);

  const primary = REQUIREMENTS.get(requirements[0]!)!;
  const level: Level = requirements.every((id) => REQUIREMENTS.get(id)?.level === "must") ? "must" : "should";
  // A grant or redefine step runs nothing, so there is nothing to expect of it.
  const steps = kept.steps.map((step, index) => (step.turn || step.resume ? { ...step, expect: expectationsFor(observation, index, naming.calls) } : step));
  // Only a case to write out needs a name of its own.
  const name = seed === undefined ? "fuzz-provisional" : `fuzz-${seed}-${fingerprintOf(skeleton)}`;
  return {
    id: `${primary.family}/${name}`,
    title: `Found by differential fuzzing (seed ${seed ?? 0}): the reference's behaviour on a generated case`,
    description:
      "Generated by `npx effective-args fuzz`. The expectations are what the reference runtime did with this case; " +
      `the runtime under test diverged from it on ${requirements.join(", ")}.`,
    level,
    requirements,
    ...kept,
    steps,
  };
}

/** The oracle's observation of a skeleton, which must break no universal check. */
async function observe(skeleton: Skeleton, options: FuzzOptions, oracle: Runnable = options.oracle ?? referenceAdapter): Promise<Observation> {
  const observed = await observeCase(oracle, provisional(skeleton), options.timeoutMs);
  if ("errored" in observed) throw new ReferenceBroke([observed.errored]);
  const problems = [...observed.observation.runFailures, ...universalFailures(observed.observation)].map((failure) => `${failure.requirement}: ${failure.message}`);
  if (problems.length > 0) throw new ReferenceBroke(problems);
  return observed.observation;
}

/**
 * The oracle's observation of a skeleton, and the skeleton it holds for. A grant that matched a
 * proposal only because its hash stayed the same across a redefinition of its tool matched by a
 * choice RFC-0015 leaves open (a runtime may let its hash cover the tool's definition:
 * spec/latitude.md), so what the resume does could not be expected: the skeleton is then
 * observed, and written, without its redefinitions.
 */
async function definiteObservation(skeleton: Skeleton, options: FuzzOptions): Promise<{ observation: Observation; kept: Skeleton }> {
  const { observation: observed, kept: answerable } = await observeAnsweringWaiting(skeleton, options);
  if (!grantedAcrossRedefinition(observed) && !approvedAcrossRedefinition(observed)) return { observation: observed, kept: answerable };
  const kept = { ...answerable, steps: answerable.steps.filter((step) => !step.redefine) };
  return { observation: await observe(kept, options), kept };
}

/**
 * The oracle's observation of a skeleton whose resume steps answer only calls left waiting for a
 * reviewer (spec/case-format.md, "resume": a runtime errors an answer to a call with no pending
 * request), and that skeleton. The generators answer a turn's tool calls by position, not knowing
 * which the policy suspends; the oracle is handed only the answers to calls it suspended and has
 * not settled since (see answeringWaiting), and the others are dropped from the skeleton, then a
 * resume left without answers, and a redefinition that no turn follows any more. What the oracle
 * did is the same as on the skeleton so kept: it was asked nothing else, and a resume is no turn
 * (turns are numbered alike), so the observation is that one once its steps are renumbered.
 */
async function observeAnsweringWaiting(skeleton: Skeleton, options: FuzzOptions): Promise<{ observation: Observation; kept: Skeleton }> {
  if (!skeleton.steps.some((step) => step.resume)) return { observation: await observe(skeleton, options), kept: skeleton };
  const dropped: Set<string>[] = [];
  const observation = await observe(skeleton, options, answeringWaiting(options.oracle ?? referenceAdapter, dropped));
  if (dropped.every((ids) => ids.size === 0)) return { observation, kept: skeleton };
  // From the last step back, so that the steps still to look at keep their index.
  let { steps } = skeleton;
  let { turns, log, fingerprints } = observation;
  let resumes = dropped.length;
  for (let at = steps.length - 1; at >= 0; at -= 1) {
    const resume = steps[at]!.resume;
    if (!resume) continue;
    const gone = dropped[(resumes -= 1)]!;
    const kept = Object.entries(resume).filter(([callId]) => !gone.has(callId));
    if (gone.size === 0) continue;
    if (kept.length > 0) {
      steps = steps.map((step, index) => (index === at ? { resume: Object.fromEntries(kept) } : step));
      turns = turns.map((turn) => (turn.step === at ? answeredOnly(turn, gone) : turn));
      continue;
    }
    steps = steps.filter((_, index) => index !== at);
    const renumbered = <T extends { step: number }>(records: readonly T[]) => records.filter((record) => record.step !== at).map((record) => (record.step > at ? { ...record, step: record.step - 1 } : record));
    turns = renumbered(turns);
    fingerprints = renumbered(fingerprints);
    log = { parses: renumbered(log.parses), hooks: renumbered(log.hooks), policies: renumbered(log.policies), executions: renumbered(log.executions), handoffs: renumbered(log.handoffs) };
  }
  // A redefinition only a dropped resume followed changes nothing any step sees: no record comes after it.
  while (steps.at(-1)?.redefine) steps = steps.slice(0, -1);
  const kept = { ...skeleton, steps };
  return { observation: { ...observation, testCase: provisional(kept), turns, log, fingerprints }, kept };
}

/** A resume step's observation without the answers that were dropped. */
function answeredOnly(turn: TurnObservation, gone: ReadonlySet<string>): TurnObservation {
  const kept = <T>(entries: ReadonlyMap<string, T> | undefined) => new Map([...(entries ?? [])].filter(([callId]) => !gone.has(callId)));
  return { ...turn, calls: turn.calls.filter((call) => !gone.has(call.id)), outcomes: kept(turn.outcomes), answers: kept(turn.answers) };
}

/**
 * The oracle, handed in each resume only the answers to calls waiting for a reviewer in every
 * conformant runtime: calls it suspended and has not settled since (by a later call with the
 * same id, or an answer), but for a call after an invalid one in its turn (a runtime may end the
 * turn there and never attempt it: BATCH-5, a SHOULD) and a call whose raw string a strict
 * decoder may refuse (spec/latitude.md). The other answers are reported not_attempted without
 * reaching it, and noted in `dropped`, a set per resume, in order.
 */
function answeringWaiting(oracle: Runnable, dropped: Set<string>[]): Implementation {
  const implementation = asImplementation(oracle);
  return {
    name: implementation.name,
    version: implementation.version,
    capabilities: implementation.capabilities,
    async openSession(testCase, timeoutMs) {
      const session = await implementation.openSession(testCase, timeoutMs);
      // Call id to whether its call waits for a reviewer in every conformant runtime.
      const waiting = new Map<string, boolean>();
      const settle = (outcomes: readonly ObservedOutcome[], waits: (callId: string) => boolean) => {
        for (const { callId, outcome } of outcomes) {
          if (outcome === "suspended") waiting.set(callId, waits(callId));
          else waiting.delete(callId);
        }
      };
      const wrapped: CaseSession = Object.create(session);
      wrapped.runTurn = async (calls, turn) => {
        const outcomes = await session.runTurn(calls, turn);
        const firstInvalid = calls.findIndex((call) => outcomes.find((outcome) => outcome.callId === call.callId)?.outcome === "invalid");
        const position = (callId: string) => calls.findIndex((call) => call.callId === callId);
        settle(outcomes, (callId) => (firstInvalid < 0 || position(callId) < firstInvalid) && !decoderMayRefuse(calls[position(callId)]!.rawArguments));
        return outcomes;
      };
      wrapped.resume = async (answers) => {
        const handed = answers.filter((answer) => waiting.get(answer.callId) === true);
        dropped.push(new Set(answers.filter((answer) => !handed.includes(answer)).map((answer) => answer.callId)));
        const outcomes = handed.length > 0 ? await session.resume(handed) : [];
        settle(outcomes, () => true);
        return answers.map(({ callId }) => outcomes.find((outcome) => outcome.callId === callId) ?? { callId, outcome: "not_attempted" as const });
      };
      return wrapped;
    },
  };
}

/**
 * Whether a resume ran an approved call across a redefinition of its tool between its suspension
 * and the resume: the oracle ran it because its proposal stayed the one suspended (the same
 * hash), where a runtime whose hash covers the tool's definition (spec/latitude.md) puts it to
 * its policy again, which lets it wait; so neither outcome can be expected.
 */
function approvedAcrossRedefinition({ testCase: { steps }, turns }: Observation): boolean {
  if (!steps.some((step) => step.redefine)) return false;
  return turns.some(({ step: at, answers, outcomes }) =>
    [...(answers ?? [])].some(([callId, answer]) => {
      const pending = answer === "approve" ? referencedCall(steps, callId, at) : undefined;
      const tool = pending?.call.tool ?? "";
      return pending !== undefined && outcomes.get(callId)?.outcome === "executed" && definitionOf(steps, tool, pending.step) !== definitionOf(steps, tool, at);
    }),
  );
}

/** Whether a later proposal of a granted tool, under another definition of it, had the hash a grant holds. */
function grantedAcrossRedefinition({ testCase: { steps }, turns, log, fingerprints }: Observation): boolean {
  if (!steps.some((step) => step.redefine)) return false;
  return steps.some((step, at) => {
    const granted = step.grant && referencedCall(steps, step.grant.call, at);
    if (!granted) return false;
    const { tool } = granted.call;
    // Over the request: the runtime's fingerprint asked first at the grant; else the suspended proposal's hash.
    const requested = step.grant!.view === "requested";
    const outcome = turns.find((turn) => turn.step === granted.step)?.outcomes.get(granted.callId);
    const hash = requested ? fingerprints.find((record) => record.step === at)?.proposalHash : outcome?.outcome === "suspended" ? outcome.proposal.proposalHash : undefined;
    const definition = definitionOf(steps, tool, requested ? at : granted.step);
    return hash !== undefined && log.policies.some((record) => record.step > at && record.tool === tool && record.proposalHash === hash && definitionOf(steps, tool, record.step) !== definition);
  });
}

/** Where a case file with this data belongs. */
const fileOf = (data: CaseFile) => `cases/${data.id}.yaml`;

/** The source of a case that has no text: nothing to point at in a message. */
const NO_SOURCE = parseYamlFile("generated.yaml", "");

/**
 * A case built directly from generated data, which the arbitraries make valid: what the loader
 * would make of the data written out (test/fuzz/differential.test.ts holds the two equal).
 */
export function generatedCase(data: CaseFile): LoadedCase {
  return loadedCase(data, fileOf(data), NO_SOURCE);
}

/** A case to write out: rendered and loaded through the loader, which checks it like any case file. */
export function writtenCase(data: CaseFile): LoadedCase {
  const loaded = loadCaseText(fileOf(data), renderCase(data));
  if ("errors" in loaded) throw new Error(`a generated case does not load: ${loaded.errors.map((error) => error.message).join("; ")}`);
  return loaded.case;
}

/** A case without expectations, to observe a runtime on. */
export function provisional(skeleton: Skeleton): LoadedCase {
  return generatedCase({ id: "invariant/fuzz", title: "generated", level: "must", requirements: ["INV-5"], ...skeleton });
}

function expectationsFor(observation: Observation, step: number, requirements?: Naming["calls"]): Record<string, CallExpectation> {
  const turn = observation.turns.find((candidate) => candidate.step === step)!;
  if (turn.answers) return resumeExpectations(observation, turn, requirements);
  const expectations: Record<string, CallExpectation> = {};
  const reasons = givenReasons(observation.testCase);
  const { steps } = observation.testCase;
  for (const call of turn.calls) {
    const outcome = turn.outcomes.get(call.id)!;
    if (outcome.outcome === "not_attempted") throw new ReferenceBroke([`the reference did not attempt ${call.id}`]);
    const requirement = requirements?.get(callKey({ step, callId: call.id }));
    const expectation: CallExpectation = { ...(requirement ? { requirement } : {}), outcome: outcome.outcome };
    // RFC-0015 leaves a strict decoder free to refuse what the reference accepted, and the runtime free to word its own reasons.
    if (decoderMayRefuse(call.arguments) && !(outcome.outcome === "invalid" && outcome.stage === "json")) expectation.decoderMayRefuse = true;
    if (outcome.outcome === "denied" && reasons.has(outcome.reason)) expectation.reason = outcome.reason;
    if (outcome.outcome === "invalid") expectation.stage = outcome.stage;
    const policy = recordsOf(observation.log.policies, step, call.id).at(-1);
    const execution = recordsOf(observation.log.executions, step, call.id).at(-1);
    // A view the reference did not hand over is left out, as a case file leaves it out.
    const views = { requestedArguments: jsonOf(policy?.requestedAtEntry), parsedArguments: jsonOf(policy?.parsedAtEntry), executedArguments: jsonOf(execution?.argsAtEntry) };
    for (const [view, value] of Object.entries(views)) if (value !== undefined) expectation[view as keyof typeof views] = value;
    if (policy) {
      // Earlier proposals of other calls that their id names from this call: an id a later turn used again names only its latest call.
      const earlier = observation.log.policies.filter(
        (record) => record.seq < policy.seq && !(record.step === step && record.callId === call.id) && referencedStep(steps, record.callId, step, call.id) === record.step,
      );
      // The same hash only under the same definition of the tool: across a redefinition, a runtime may give the same value another (spec/latitude.md).
      const sameDefinition = (record: PolicyRecord) => definitionOf(steps, record.tool, record.step) === definitionOf(steps, call.tool, step);
      const earlierSameHash = earlier.filter((record) => record.proposalHash === policy.proposalHash && sameDefinition(record)).map((record) => record.callId);
      if (earlierSameHash.length > 0) expectation.sameHashAs = [...new Set(earlierSameHash)];
      // The latest earlier proposal with another hash: two effective values must not share one.
      const other = earlier.filter((record) => record.proposalHash !== policy.proposalHash).at(-1);
      if (other) expectation.differentHashFrom = [other.callId];
    }
    Object.assign(expectation, attemptExpectations(observation, step, call, expectation));
    expectations[call.id] = expectation;
  }
  return expectations;
}

/**
 * What a resume step must do to each call it answers, from what the oracle did: the outcome, and
 * for a call that ran, what it ran with; how often it ran, written out. Nothing about the
 * attempt: a runtime may resume without decoding, hooking or asking its policy again (only a
 * written policyEvaluations is checked in a resume step), and a rejection's reason is the
 * runtime's wording.
 */
function resumeExpectations(observation: Observation, turn: TurnObservation, requirements?: Naming["calls"]): Record<string, CallExpectation> {
  const { step } = turn;
  const reasons = givenReasons(observation.testCase);
  const expectations: Record<string, CallExpectation> = {};
  for (const call of turn.calls) {
    const outcome = turn.outcomes.get(call.id)!;
    if (outcome.outcome === "not_attempted") throw new ReferenceBroke([`the reference did not resume ${call.id}`]);
    const requirement = requirements?.get(callKey({ step, callId: call.id }));
    const expectation: CallExpectation = { ...(requirement ? { requirement } : {}), outcome: outcome.outcome };
    const approved = turn.answers?.get(call.id) === "approve";
    if (outcome.outcome === "denied" && approved && reasons.has(outcome.reason)) expectation.reason = outcome.reason;
    if (outcome.outcome === "invalid") expectation.stage = outcome.stage;
    const executions = recordsOf(observation.log.executions, step, call.id);
    const executed = jsonOf(executions.at(-1)?.argsAtEntry);
    if (outcome.outcome === "executed" && executed !== undefined) expectation.executedArguments = executed;
    expectation.executions = executions.length;
    expectations[call.id] = expectation;
  }
  return expectations;
}

/**
 * What the defaults of a call's expectation do not say already: the inputs its hooks saw, how
 * often a denied call's policy ran (a hook's deny stops it before the policy), and for a handoff
 * what it handed over and that it was decoded as the latest tool call with the very same raw
 * string was (the checks' own reading of that call, so that the reference holds it).
 */
function attemptExpectations(observation: Observation, step: number, call: Call, expectation: CallExpectation): Partial<CallExpectation> {
  const words: Partial<CallExpectation> = {};
  const hookInputs = recordsOf(observation.log.hooks, step, call.id).map((record) => jsonOf(record.toolInput));
  if (hookInputs.length > 0 && hookInputs.every((input) => input !== undefined)) words.hookInputs = hookInputs as Json[];
  if (expectation.outcome === "denied") words.policyEvaluations = recordsOf(observation.log.policies, step, call.id).length;
  if (!isHandoffCall(observation.testCase, call)) return words;
  delete words.hookInputs;
  delete words.policyEvaluations;
  const handedOver = jsonOf(recordsOf(observation.log.handoffs, step, call.id).at(-1)?.input);
  if (expectation.outcome === "handed_off" && handedOver !== undefined) words.handoffInput = handedOver;
  // The latest such call that the handoff can name: its id must name it from here (spec/case-format.md, "Call references").
  const twin = observation.turns
    .filter((turn) => turn.step <= step)
    .flatMap((turn) => turn.calls.map((other) => ({ step: turn.step, callId: other.id, call: other })))
    .filter((other) => !(other.step === step && other.callId === call.id) && other.call.arguments === call.arguments && !isHandoffCall(observation.testCase, other.call))
    .filter((other) => referencedStep(observation.testCase.steps, other.callId, step, call.id) === other.step)
    .at(-1);
  if (!twin) return words;
  const decoding = toolDecoding(observation, twin);
  const refused = expectation.outcome === "invalid" && expectation.stage === "json";
  const received = recordsOf(observation.log.handoffs, step, call.id).at(-1)?.input;
  // Decoded alike on either evidence a runtime may give: the request view, or its tool's parse (without one).
  const alike = (decoded: Snapshot | undefined) => decoded !== undefined && received !== undefined && sameSnapshot(decoded, received);
  if (decoding === "refused" ? refused : alike(decoding) && alike(parsedDecoding(observation, twin))) words.decodesLike = twin.callId;
  return words;
}

/** The value a snapshot holds; none for a value without a canonical form, which cannot be expected. */
function jsonOf(snapshot: Snapshot | undefined): Json | undefined {
  return snapshot?.json ? (snapshotValue(snapshot) as Json) : undefined;
}

/** The case as a file for cases/<family>/, headed like the suite's own cases. */
export function renderCase(data: CaseFile): string {
  const { id, title, description, level, requirements, tools, handoffs, hooks, policy, steps } = data;
  const ordered = { id, title, description, level, requirements, tools, ...(handoffs ? { handoffs } : {}), ...(hooks ? { hooks } : {}), policy, steps };
  return `${CASE_FILE_HEADER}\n${compactYaml(ordered)}`;
}

/** A short stable name for a skeleton, so one divergence always gets one file name. */
function fingerprintOf(skeleton: Skeleton): string {
  return createHash("sha256").update(JSON.stringify(skeleton)).digest("hex").slice(0, 8);
}
