// Differential fuzzing finds every class of defect the hand-written cases cover: each mutant
// below from seed 1, with the fewest generated cases that find it (the divergence is the last
// case run, so one fewer would not find it), written out as a small case that loads, holds on
// the reference, fails on the mutant, and names only requirements the mutant really breaks.
import { describe, expect, it } from "vitest";
import { fuzz } from "../../harness/fuzz/differential.ts";
import { loadCaseText } from "../../harness/loading/loader.ts";
import { runCase } from "../../harness/running/runner.ts";
import referenceAdapter from "../../reference/adapter.ts";
import { MUTANTS } from "../mutants/catalogue.ts";

/** The most lines a written divergence may have, its header and expectations included. */
const MAX_LINES = 30;

/** Divergences that need more, each with why. */
const LONGER: Record<string, { lines: number; why: string }> = {
  "fingerprint-api-not-canonical": {
    lines: 35,
    why: "a mixed batch whose nested schema member cannot be pruned (its nested default decides the member order the mutant hashes, and pruning reaches top-level members only), written for tool_a and tool_b",
  },
  "hash-cached-by-request": { lines: 43, why: "a mixed batch, its grant, and the granted tool's redefinition, which writes the tool's schema again" },
};

/** Each class, with its mutants and the generated cases it takes to find each from seed 1. */
const CLASSES: { name: string; found: Record<string, number> }[] = [
  {
    name: "canonical form",
    found: {
      "locale-ordered-canonical-form": 10,
      "top-level-sorted-canonical-form": 4,
      "html-safe-canonical-escaping": 19,
      "line-separator-escaping": 106,
      "ascii-only-canonical-escaping": 1,
    },
  },
  { name: "hash encoding", found: { "latin1-hash": 59 } },
  { name: "string fidelity", found: { "trims-strings-before-tool": 1, "normalizes-strings-before-tool": 66 } },
  { name: "duplicate keys by special names", found: { "duplicate-check-in-plain-object": 115, "duplicate-check-on-raw-names": 21 } },
  {
    name: "hook semantics",
    found: {
      "hook-deny-lost-to-rewrite": 12,
      "falsy-rewrite-ignored": 30,
      "hooks-get-live-input": 1,
      "hook-results-cached-per-tool": 1,
      "resume-rehooks-stored-input": 54,
    },
  },
  { name: "async policies", found: { "mutation-check-before-settle": 51 } },
  { name: "batches", found: { "batch-off-by-one": 17 } },
  // Issue 23's classes that slipped through: the fingerprint asked in the runtime's own member order,
  // explicit null beside absent, edits that add or append, special names that survive the schema,
  // rewrites equal to the request, a suspended call beside an invalid one.
  {
    name: "slipped through before",
    found: {
      "fingerprint-api-not-canonical": 48,
      "canonical-form-omits-nulls": 1,
      "mutation-check-one-sided": 90,
      "prototype-keys-scrubbed-for-tool": 20,
      "rewrite-to-request-runs-own-parse": 88,
      "approvals-dropped-beside-invalid": 13,
    },
  },
  // What a runtime keeps between turns: by call id, which a provider uses again in a later turn
  // (hash-cached-by-call-id, decode-cached-by-call-id), or by request, which means another value
  // once the application redefines the tool (hash-cached-by-request).
  {
    name: "kept across turns",
    found: {
      "hash-cached-by-call-id": 20,
      "decode-cached-by-call-id": 13,
      "hash-cached-by-request": 67,
    },
  },
  // Answers to the runtime's own pending approval requests (resume steps): an approved call run
  // from the model's stored request, a rejection that runs the call, an approval kept by call id
  // that a later call under that id runs on.
  {
    name: "answers to pending approvals",
    found: {
      "resume-runs-request-view": 41,
      "any-answer-resumes": 13,
      "approvals-kept-by-call-id": 40,
    },
  },
];

/**
 * What a mutant breaks beyond its catalogue entry. resume-rehooks-stored-input hooks a resumed
 * call from the input stored with the suspended one; when no hook rewrites, that stored input
 * is what the schema parses, so the policy evaluates another call's input (universal checks 5
 * and 6 name INV-1) as well as the first hook missing the model's request (HOOK-1).
 */

const mutantNamed = (defect: string) => MUTANTS.find((mutant) => mutant.defect === defect)!;

describe.each(CLASSES)("differential fuzzing finds the $name class", ({ found }) => {
  it.each(Object.entries(found))("%s, from seed 1 in %i generated cases", async (defect, runs) => {
    const mutant = mutantNamed(defect);
    const outcome = await fuzz(mutant, { runs, seed: 1, timeoutMs: 10_000 });
    if (outcome.kind !== "diverged") throw new Error(`no divergence from ${defect}: ${outcome.kind}`);
    expect(outcome.runs).toBe(runs);

    const { yaml, path } = outcome.divergence;
    expect(yaml.trimEnd().split("\n").length).toBeLessThanOrEqual(LONGER[defect]?.lines ?? MAX_LINES);
    const loaded = loadCaseText(`cases/${path}`, yaml);
    if (!("case" in loaded)) throw new Error(loaded.errors.map((error) => error.message).join("\n"));
    const written = loaded.case;
    const calls = written.steps.flatMap((step) => Object.values(step.expect ?? {}).flatMap((expectation) => expectation.requirement ?? []));
    const named = new Set([...written.requirements, ...calls]);
    expect([...named].filter((id) => !mutant.breaks.includes(id))).toEqual([]);

    expect((await runCase(referenceAdapter, written, 10_000)).failures).toEqual([]);
    const onMutant = await runCase(mutant, written, 10_000);
    expect(onMutant.status).toBe("failed");
    expect(onMutant.failures.filter((failure) => !named.has(failure.requirement))).toEqual([]);
  });
});

describe("a divergence found through a grant and a pruned schema", () => {
  it("is found again, the same, from the same seed", async () => {
    const mutant = mutantNamed("normalizes-strings-before-tool");
    const [first, second] = await Promise.all([1, 1].map((seed) => fuzz(mutant, { runs: 66, seed, timeoutMs: 10_000 })));
    expect(first?.kind === "diverged" && first.divergence.yaml).toContain("- grant: { call: c1, view: effective }");
    expect(second?.kind === "diverged" && second.divergence.yaml).toBe(first?.kind === "diverged" && first.divergence.yaml);
  });
});

describe("the divergences of answers to pending approvals are found through what they need", () => {
  it.each([
    ["resume-runs-request-view", 41, "an approval of a suspended call", /^ {2}- resume: \{ (?:c\d: \w+, )*c\d: approve[ ,]/m],
    ["any-answer-resumes", 13, "a rejection of a suspended call", /^ {2}- resume: \{ (?:c\d: \w+, )*c\d: reject[ ,]/m],
    ["approvals-kept-by-call-id", 40, "an approval, then a call under the approved call's id", /^ {2}- resume: \{ c1: approve \}\n[^]*\n {2}- turn:\n {6}- \{ id: c1,/m],
  ] as const)("%s (%i generated cases): %s", async (defect, runs, _, shape) => {
    const outcome = await fuzz(mutantNamed(defect), { runs, seed: 1, timeoutMs: 10_000 });
    expect(outcome.kind === "diverged" && outcome.divergence.yaml).toMatch(shape);
  });
});

describe("the divergences kept across turns are found through what they need", () => {
  it.each([
    ["hash-cached-by-call-id", 20, "a call id used again in a later turn", /^ {2}- turn:\n {6}- \{ id: c1,[^]*\n {2}- turn:\n {6}- \{ id: c1,/m],
    ["decode-cached-by-call-id", 13, "a call id used again in a later turn", /^ {2}- turn:\n {6}- \{ id: c1,[^]*\n {2}- turn:\n {6}- \{ id: c1,/m],
    ["hash-cached-by-request", 67, "a redefinition of the granted tool between the grant and the resume", /^ {2}- grant: \{ call: c1, view: effective \}\n {2}- redefine:\n/m],
  ] as const)("%s (%i generated cases): %s", async (defect, runs, _, shape) => {
    const outcome = await fuzz(mutantNamed(defect), { runs, seed: 1, timeoutMs: 10_000 });
    expect(outcome.kind === "diverged" && outcome.divergence.yaml).toMatch(shape);
  });
});
