// What the checks of one turn look at: that turn's records, call by call, and what each call's
// attempt should have been (its schema input, whether it reached the schema, whether the
// runtime legitimately did not attempt it).
import { hookAppliesTo, type Call, type CallExpectation } from "../loading/case-schema.ts";
import type { Failure } from "../running/results.ts";
import type { ExecutionRecord, HandoffRecord, HookRecord, Observation, ParseRecord, PolicyRecord, TurnObservation } from "../running/observation.ts";
import { decodedRequest, sameSnapshot, type Snapshot } from "../values/snapshot.ts";
import { replayedRecords } from "./replays.ts";

export interface TurnContext {
  observation: Observation;
  turn: TurnObservation;
  policies: PolicyRecord[];
  executions: ExecutionRecord[];
  parses: ParseRecord[];
  hooks: HookRecord[];
  policiesOf(callId: string): PolicyRecord[];
  executionsOf(callId: string): ExecutionRecord[];
  /** The hook runs of a call, in order. */
  hooksOf(callId: string): HookRecord[];
  /** What a handoff call handed over (its handoff probe's records), in order. */
  handoffsOf(callId: string): HandoffRecord[];
  /** This turn's parses by a tool's schema of an input equal to `input`, in order. */
  parsesWith(tool: string, input: Snapshot | undefined): ParseRecord[];
  /** Whether the tool's schema turned `input` into `output` (undefined: rejected it) in this turn before record `seq`. */
  parsedBefore(seq: number, tool: string, input: Snapshot | undefined, output: Snapshot | undefined): boolean;
  /** The hook runs of a call that returned a replacement input, in order. */
  rewritesOf(callId: string): HookRecord[];
  /** Whether any hook ran for the call (a hook may change what it was handed, with or without a rewrite). */
  hooked(callId: string): boolean;
  /** What the schema must parse for a call: the last hook rewrite, else the decoded request. */
  schemaInput(call: Call): Snapshot | undefined;
  /** A call reported not attempted after an earlier call of the turn failed validation, and left no record. */
  notAttempted(callId: string): boolean;
  /** For a call left unattempted: the call of the step whose validation failure ended the turn first. */
  stoppedBy(callId: string): string | undefined;
  /** A call whose raw string is not JSON, or that the runtime reported invalid. */
  invalid(call: Call): boolean;
  /** The ids of the case's hooks that apply to the call's tool, in order. */
  applicableHooks(call: Call): string[];
  /**
   * The call's hooks went astray (check 4's HOOK-1 causes): one that applies did not run for it,
   * or the first was not handed the decoded request, and none denied it. What its schema should
   * have parsed is then unknown, so checks 5 to 7 leave the call to check 4.
   */
  hooksAstray(call: Call): boolean;
  /** Builds a failure of universal check `check` (the table of spec/adapter-contract.md) in this turn; `explains`: see explains(). */
  failure(check: number, requirement: string, message: string, details?: { callId?: string; diff?: string; explains?: Explained }): Failure;
}

/** The expectation words a universal failure accounts for: every word, or the ones listed. */
export type Explained = "every expectation" | readonly (keyof CallExpectation)[];

const EXPLAINS = new WeakMap<Failure, Explained>();

/**
 * Whether a universal failure accounts for a failed expectation of its call. A failure that
 * breaks the order of the attempt itself (invalid input went on, a hook ran out of place, the
 * policy was not handed the call's own parse output, a tool ran without an allowing evaluation)
 * makes every expectation of the call a consequence of it; a narrower one, some words only.
 * Without a word: whether it accounts for every expectation.
 */
/** Marks a failure made outside a turn's context as accounting for every expectation of its call. */
export function explainsEverything(failure: Failure): void {
  EXPLAINS.set(failure, "every expectation");
}

export function explains(failure: Failure, field: keyof CallExpectation | undefined): boolean {
  const explained = EXPLAINS.get(failure);
  return explained === "every expectation" || (field !== undefined && explained !== undefined && explained.includes(field));
}

export function turnContext(observation: Observation, turn: TurnObservation): TurnContext {
  const inStep = <T extends { step: number }>(records: T[]) => records.filter((record) => record.step === turn.step);
  // What replays an earlier turn's proposal is no part of this turn's attempts (activity.ts reports it).
  const replayed = replayedRecords(observation);
  const policies = inStep(observation.log.policies).filter((record) => !replayed.has(record));
  const executions = inStep(observation.log.executions).filter((record) => !replayed.has(record));
  const hooks = inStep(observation.log.hooks);
  // Indexed once, so that the checks of a turn take time in proportion to its calls and records.
  const policiesOf = indexed(policies, (record) => record.callId);
  const executionsOf = indexed(executions, (record) => record.callId);
  const hooksOf = indexed(hooks, (record) => record.callId);
  const handoffsOf = indexed(inStep(observation.log.handoffs), (record) => record.callId);
  const parses = inStep(observation.log.parses);
  const parsesByInput = indexed(parses, (parse) => inputKey(parse.tool, parse.input));
  const rewritesOf = (callId: string) => hooksOf(callId).filter((hook) => hook.output !== undefined);
  // The first parse of each input and output: "before record seq" is then one lookup, however many parses share the input.
  const firstParse = new Map<string, number>();
  const resultKey = (tool: string, input: Snapshot | undefined, output: Snapshot | undefined) => {
    const key = inputKey(tool, input);
    return key === undefined ? undefined : `${key}\u0000${output === undefined ? "rejected" : output.text}`;
  };
  for (const parse of parses) {
    const key = resultKey(parse.tool, parse.input, parse.output);
    if (key !== undefined && !firstParse.has(key)) firstParse.set(key, parse.seq);
  }
  const applicableHooks = (call: Call) => (observation.testCase.hooks ?? []).filter((hook) => hookAppliesTo(hook, call.tool)).map((hook) => hook.id);
  // Each call left unattempted, with the call whose validation failure ended the turn before it.
  const notAttempted = new Map<string, string>();
  let stopper: string | undefined;
  // Every call of the step, in the model's order: a handoff call's validation failure ends the turn as a tool call's does.
  for (const call of observation.testCase.steps[turn.step]?.turn ?? turn.calls) {
    const outcome = turn.outcomes.get(call.id);
    if (outcome?.outcome === "not_attempted" && stopper !== undefined && policiesOf(call.id).length === 0 && executionsOf(call.id).length === 0) notAttempted.set(call.id, stopper);
    if (outcome?.outcome === "invalid") stopper ??= call.id;
  }
  return {
    observation,
    turn,
    policies,
    executions,
    parses,
    hooks,
    policiesOf,
    executionsOf,
    hooksOf,
    handoffsOf,
    parsesWith(tool, input) {
      const key = inputKey(tool, input);
      return key === undefined ? [] : parsesByInput(key);
    },
    parsedBefore(seq, tool, input, output) {
      const key = resultKey(tool, input, output);
      return key !== undefined && (firstParse.get(key) ?? Infinity) < seq;
    },
    rewritesOf,
    hooked: (callId) => hooksOf(callId).length > 0,
    schemaInput: (call) => rewritesOf(call.id).at(-1)?.output ?? decodedRequest(call.arguments),
    notAttempted: (callId) => notAttempted.has(callId),
    stoppedBy: (callId) => notAttempted.get(callId),
    invalid: (call) => turn.outcomes.get(call.id)?.outcome === "invalid" || decodedRequest(call.arguments) === undefined,
    applicableHooks,
    hooksAstray(call) {
      const runs = hooksOf(call.id);
      if (runs.some((run) => run.decision === "deny")) return false;
      const missing = applicableHooks(call).some((id) => !runs.some((run) => run.hookId === id));
      return missing || (runs[0] !== undefined && !sameSnapshot(runs[0].toolInput, decodedRequest(call.arguments)));
    },
    failure: (check, requirement, message, details = {}) => {
      const failure: Failure = {
        requirement,
        check,
        message,
        step: turn.step,
        ...(details.callId ? { callId: details.callId } : {}),
        ...(details.diff ? { diff: details.diff } : {}),
      };
      if (details.explains) EXPLAINS.set(failure, details.explains);
      return failure;
    },
  };
}

/** The records with each key, in order; looked up by key. */
function indexed<T>(records: readonly T[], keyOf: (record: T) => string | undefined): (key: string) => T[] {
  const index = new Map<string, T[]>();
  for (const record of records) {
    const key = keyOf(record);
    if (key === undefined) continue;
    const list = index.get(key);
    if (list) list.push(record);
    else index.set(key, [record]);
  }
  return (key) => index.get(key) ?? [];
}

/** A tool and a schema input as one key; none for no input, which equals nothing (sameSnapshot). */
export function inputKey(tool: string, input: Snapshot | undefined): string | undefined {
  return input === undefined ? undefined : `${tool}\u0000${input.text}`;
}
