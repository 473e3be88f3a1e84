// The fuzzer generates the whole case vocabulary: every word the case schema knows (each member
// name of every object, each value of every closed list) appears in the first cases of a seeded
// run, written as the fuzzer writes a divergence (expectations from the reference, a call named
// by a requirement). The words come from the schema itself, so a word added to the case format
// without a generator fails here. A use of the format that is no word of its own, a call id
// taken again in a later turn, is checked beside them.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { caseSkeleton } from "../../harness/fuzz/arbitraries.ts";
import { expectedData, fuzzOptionsOf, type Skeleton } from "../../harness/fuzz/differential.ts";
import { callKey } from "../../harness/fuzz/divergence.ts";
import { CaseFile } from "../../harness/loading/case-schema.ts";
import { jsonSchemaOf } from "../../harness/loading/json-schema.ts";
import referenceAdapter from "../../reference/adapter.ts";

/** Generated cases looked at: enough for every word, few enough to keep the test to a few seconds. */
const CASES = 400;
const SEED = 1;

/** Words no generated case can meaningfully use, each with why. */
const EXCEPTIONS: Record<string, string> = {
  dependsOn: "declares schema-library behaviours a hand-written case shows its point with; a generated case's expectations are what the reference did, relying on none",
  "shared-nested-defaults": "a dependsOn value (see dependsOn)",
  "proto-under-passthrough": "a dependsOn value (see dependsOn)",
  should: "a case's level follows the requirements a divergence names, which the generators do not choose",
  replay:
    "an answer that forges the record an application hands back: conformant runtimes refuse it, ask again or run what was suspended, so it carries no expectation from the reference, and check 26 alone judges it (approval-resume/replayed-other-arguments-run-nothing); not generated yet",
};

/** Every member name and every value of a closed list (enum, const) in a JSON Schema, at any depth. */
export function schemaWords(schema: unknown, words = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) {
    for (const item of schema) schemaWords(item, words);
    return words;
  }
  if (typeof schema !== "object" || schema === null) return words;
  const node = schema as Record<string, unknown>;
  const properties = typeof node.properties === "object" && node.properties !== null ? node.properties : {};
  for (const [key, member] of Object.entries(properties)) {
    words.add(key);
    schemaWords(member, words);
  }
  for (const value of Array.isArray(node.enum) ? node.enum : []) if (typeof value === "string") words.add(value);
  if (typeof node.const === "string") words.add(node.const);
  for (const [key, value] of Object.entries(node)) if (!["properties", "enum", "const"].includes(key)) schemaWords(value, words);
  return words;
}

/** Every member name and string value of a case's data, at any depth. */
function usedWords(value: unknown, words: Set<string>): void {
  if (typeof value === "string") words.add(value);
  else if (Array.isArray(value)) for (const item of value) usedWords(item, words);
  else if (typeof value === "object" && value !== null) {
    for (const [key, member] of Object.entries(value)) {
      words.add(key);
      usedWords(member, words);
    }
  }
}

/** The calls that take again the id of a call of an earlier turn, each with that call. */
function reusedIds(skeleton: Skeleton): { again: { id: string; arguments: string }; before: { arguments: string }; afterGrant: boolean }[] {
  const found: { again: { id: string; arguments: string }; before: { arguments: string }; afterGrant: boolean }[] = [];
  const last = new Map<string, { arguments: string }>();
  const granted = new Set<string>();
  for (const step of skeleton.steps) {
    if (step.grant) granted.add(step.grant.call);
    for (const call of step.turn ?? []) {
      const before = last.get(call.id);
      if (before) found.push({ again: call, before, afterGrant: granted.has(call.id) });
    }
    for (const call of step.turn ?? []) last.set(call.id, call);
  }
  return found;
}

describe("the fuzzer's vocabulary", () => {
  const vocabulary = schemaWords(jsonSchemaOf(CaseFile));
  const options = fuzzOptionsOf(new Set(referenceAdapter.capabilities));

  it("is read from the case schema: member names and closed lists at every depth", () => {
    for (const word of ["turn", "grant", "resume", "approve", "reject", "decodesLike", "handoffInput", "unknownKeys", "passthrough", "normalize_path", "require_approval", "handed_off", "mutateLate", "notEquals", "items"]) {
      expect(vocabulary.has(word), word).toBe(true);
    }
    for (const word of Object.keys(EXCEPTIONS)) expect(vocabulary.has(word), `exception ${word} is a word of the schema`).toBe(true);
  });

  it(`is generated whole within the first ${CASES} cases of seed ${SEED}, but for the listed exceptions`, async () => {
    const used = new Set<string>();
    for (const skeleton of fc.sample(caseSkeleton(options), { seed: SEED, numRuns: CASES })) {
      // Named as a divergence is written: the first call by the requirement that diverged.
      const naming = { requirements: ["INV-5"], calls: new Map([[callKey({ step: 0, callId: "c1" }), "INV-5"]]) };
      usedWords(await expectedData(skeleton, naming, { runs: 1, seed: SEED, timeoutMs: 10_000 }, SEED), used);
    }
    const missing = [...vocabulary].filter((word) => !used.has(word) && !Object.hasOwn(EXCEPTIONS, word)).sort();
    expect(missing, "words of the case schema no generated case used").toEqual([]);
  }, 60_000);

  // Not a word but a use of one: a call id is unique within its turn only, and a later turn may take it again (spec/case-format.md, "Call references").
  it(`uses a call id again in a later turn within the first ${CASES} cases of seed ${SEED}: with other raw arguments and the same, and right after the grant of that id`, () => {
    const reused = fc.sample(caseSkeleton(options), { seed: SEED, numRuns: CASES }).flatMap(reusedIds);
    expect(reused.some(({ again, before }) => again.arguments !== before.arguments), "other raw arguments").toBe(true);
    expect(reused.some(({ again, before }) => again.arguments === before.arguments), "the same raw arguments").toBe(true);
    expect(reused.some(({ again, before, afterGrant }) => afterGrant && again.arguments !== before.arguments), "after the grant of that id, other raw arguments").toBe(true);
  });
});
