// What a mutant is: the reference with one deliberate defect, and the requirements it breaks.
// A mutant is itself an adapter, so `npx tsx harness/cli.ts run --adapter test/mutants/<name>.ts`
// shows what catches it. The helpers below express the common kinds of defect with the
// reference's own stages, so that each mutant file shows only what it changes.
import type { Adapter, CallOutcome, ModelCall, ToolPolicy } from "../../harness/adapter.ts";
import { referenceAdapter } from "../../reference/adapter.ts";
import { POLICY_MUTATED_ARGUMENTS } from "../../reference/errors.ts";
import { proposalHash } from "../../reference/fingerprint.ts";
import { referenceStages, type RuntimeConfig, type Stages } from "../../reference/runtime.ts";

export interface Mutant extends Adapter {
  /** Named after its defect. */
  defect: string;
  /** The real-world mistake it models, in one sentence. */
  models: string;
  /** Requirements this defect really breaks; a catching failure must name one of them. */
  breaks: string[];
}

/** Replacement stages; inside them `this` is the mutant's whole set of stages. */
export type StageChanges = Partial<Stages> & ThisType<Stages>;

export function mutant(defect: string, models: string, breaks: string[], changes: StageChanges): Mutant {
  return { ...referenceAdapter(`mutant ${defect}`, { ...referenceStages, ...changes }), defect, models, breaks };
}

/** The reference attempt, with the runtime calling `wrap(policy)` (made afresh for each attempt) instead of the policy. */
export function wrapPolicy(wrap: (policy: ToolPolicy, config: RuntimeConfig) => ToolPolicy): StageChanges {
  return {
    attempt(config, call, turn) {
      return referenceStages.attempt.call(this, { ...config, policy: wrap(config.policy, config) }, call, turn);
    },
  };
}

/** The reference attempt, followed by a change to what the runtime does with its outcome. */
export function afterAttempt(
  change: (outcome: CallOutcome, config: RuntimeConfig, call: ModelCall, turn: number) => CallOutcome | Promise<CallOutcome>,
): StageChanges {
  return {
    async attempt(config, call, turn) {
      return change(await referenceStages.attempt.call(this, config, call, turn), config, call, turn);
    },
  };
}

/**
 * State a runtime keeps for as long as an object lives: a session's config, or one of its
 * tools (the harness makes both afresh for every case, so nothing leaks between sessions).
 */
export function keptPer<T>(make: () => T): (owner: object) => T {
  const states = new WeakMap<object, T>();
  return (owner) => {
    let state = states.get(owner);
    if (state === undefined) states.set(owner, (state = make()));
    return state;
  };
}

/**
 * A runtime whose "canonical" form is its own serializer: it fingerprints with it and, after
 * the policy returns, compares with it again to detect mutation, as the reference does with RFC 8785.
 */
export function canonicalFormBy(serialize: (value: unknown) => string): StageChanges {
  return {
    fingerprint({ call }, parsed) {
      const argsCanonicalJson = serialize(parsed);
      return { argsCanonicalJson, proposalHash: proposalHash(call.toolName, argsCanonicalJson) };
    },
    async authorize(policy, input) {
      const decision = await policy(input);
      return serialize(input.parsedArguments) === input.argsCanonicalJson ? decision : { decision: "deny", reason: POLICY_MUTATED_ARGUMENTS };
    },
  };
}
