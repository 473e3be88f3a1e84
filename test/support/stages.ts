// Changes to the reference runtime's stages, shared by the mutants (defects) and the variants
// (choices RFC-0015 leaves open): each expresses a common kind of change with the reference's
// own stages, so that a mutant or variant file shows only what it changes.
import type { CallOutcome, ModelCall, ToolPolicy } from "../../harness/adapter.ts";
import { referenceStages, type Attempt, type RuntimeConfig, type Stages } from "../../reference/runtime.ts";

/** Replacement stages; inside them `this` is the changed runtime's whole set of stages. */
export type StageChanges = Partial<Stages> & ThisType<Stages>;

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
  return { canonicalize: serialize };
}

/**
 * A runtime that keeps the first proposal hash it computed for each key of an attempt, and hands
 * it out again for every later attempt with that key, whatever its effective value: a cache whose
 * key does not cover the effective value.
 */
export function proposalHashKeptBy(keyOf: (attempt: Attempt) => string): StageChanges {
  const kept = keptPer(() => new Map<string, string>());
  return {
    fingerprint(config, attempt, parsed) {
      const fresh = referenceStages.fingerprint.call(this, config, attempt, parsed);
      const hashes = kept(config);
      const key = keyOf(attempt);
      if (!hashes.has(key)) hashes.set(key, fresh.proposalHash);
      return { ...fresh, proposalHash: hashes.get(key)! };
    },
  };
}
