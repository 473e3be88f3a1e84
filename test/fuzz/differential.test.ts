// Differential fuzzing, each rule directly: an adapter that breaks counts as diverging, a
// broken oracle is reported as a bug of the suite, the written case holds what the oracle did
// and names what diverged, a case built directly during the search is the one the loader makes
// of it written out, and the command reports each outcome with its exit code.
import { deepStrictEqual } from "node:assert/strict";
import fc from "fast-check";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import type { Adapter } from "../../harness/adapter.ts";
import { reportFuzzOutcome } from "../../harness/commands/fuzz.ts";
import { caseSkeleton } from "../../harness/fuzz/arbitraries.ts";
import { expectedData, fuzz, generatedCase, writtenCase, type FuzzOutcome } from "../../harness/fuzz/differential.ts";
import { loadCaseText } from "../../harness/loading/loader.ts";
import { runCase } from "../../harness/running/runner.ts";
import referenceAdapter from "../../reference/adapter.ts";
import doubleParse from "../mutants/double-parse.ts";
import noMutationCheck from "../mutants/no-mutation-check.ts";

const options = { runs: 30, seed: 1, timeoutMs: 5_000 };

describe("fuzz", () => {
  it("agrees with the reference on the reference, over every run asked for", async () => {
    expect(await fuzz(referenceAdapter, options)).toEqual({ kind: "agreed", runs: 30, seed: 1 });
  });

  it("counts an adapter that breaks as diverging: an errored case is no agreement", async () => {
    const throws: Adapter = { name: "throws", version: "0", capabilities: [], createSession: () => ({ runTurn: () => Promise.reject(new Error("boom")) }) };
    const outcome = await fuzz(throws, options);
    expect(outcome.kind).toBe("diverged");
    expect(outcome.kind === "diverged" && [outcome.divergence.result.status, outcome.divergence.result.reason]).toEqual(["errored", "the adapter threw: Error: boom"]);
  });

  it("reports an oracle that breaks a universal check as a bug of the suite, with the problems", async () => {
    const outcome = await fuzz(referenceAdapter, { ...options, oracle: doubleParse });
    expect(outcome.kind).toBe("reference-broke");
    expect(outcome.kind === "reference-broke" && outcome.problems).toEqual(expect.arrayContaining([expect.stringMatching(/^INV-3: /)]));
  });

  it("writes a case whose expectations are what the reference did, executed arguments included, naming the requirement of what diverged", async () => {
    const outcome = await fuzz(noMutationCheck, options);
    if (outcome.kind !== "diverged") throw new Error(`expected a divergence, got ${outcome.kind}`);
    const written = parse(outcome.divergence.yaml) as { id: string; requirements: string[]; steps: { expect: Record<string, { requirement?: string; outcome: string; reason?: string; parsedArguments?: unknown; executedArguments?: unknown }> }[] };
    expect(written.requirements).toContain("INV-6");
    expect(outcome.divergence.path).toBe(`${written.id}.yaml`);
    const expectations = written.steps.flatMap((step) => Object.values(step.expect));
    const denied = expectations.find((expectation) => expectation.reason === "policy_mutated_arguments")!;
    expect(denied).toMatchObject({ requirement: "INV-6", outcome: "denied", parsedArguments: expect.anything() });
    for (const expectation of expectations.filter((each) => each.outcome === "executed")) expect(expectation.executedArguments).toBeDefined();
    for (const expectation of expectations.filter((each) => each.outcome === "executed" || each.reason === "policy_mutated_arguments")) {
      expect(Object.keys(expectation)).toEqual(expect.arrayContaining(["requestedArguments", "parsedArguments"]));
    }
    for (const expectation of expectations.filter((each) => each.outcome === "invalid")) expect(Object.keys(expectation)).not.toContain("parsedArguments");
    const loaded = loadCaseText(`cases/${outcome.divergence.path}`, outcome.divergence.yaml);
    if (!("case" in loaded)) throw new Error(loaded.errors.map((error) => error.message).join("\n"));
    expect((await runCase(referenceAdapter, loaded.case, 5_000)).status).toBe("passed");
    expect((await runCase(noMutationCheck, loaded.case, 5_000)).status).toBe("failed");
  });
});

describe("a case built directly from generated data", () => {
  const skeletons = caseSkeleton({ hooks: true, approval: true, batch: true });
  const naming = { requirements: ["HOOK-1", "INV-5"], calls: new Map([["c1", "INV-5"]]) };

  // The search skips YAML and the loader's checks; this keeps the shortcut from drifting from them.
  it.each([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])("equals what the loader makes of it written out (seed %i)", async (seed) => {
    await fc.assert(
      fc.asyncProperty(skeletons, fc.boolean(), async (skeleton, named) => {
        const data = named ? await expectedData(skeleton, naming, options, seed) : await expectedData(skeleton, { requirements: ["INV-5"] }, options);
        const { source: _direct, ...direct } = generatedCase(data);
        const { source: _written, ...written } = writtenCase(data);
        // Copied because fast-check builds records without a prototype, which case data is not read
        // through; node's comparison, because vitest's takes an own "constructor" member for a class.
        deepStrictEqual(structuredClone(direct), written);
      }),
      { seed, numRuns: 40 },
    );
  });
});

describe("the fuzz command's report", () => {
  const io = () => {
    const printed = { out: "" };
    return { printed, io: { out: (text: string) => void (printed.out += text), err: () => undefined } };
  };

  it("exits 0 on agreement, 1 on a broken reference and on a divergence, writing the case", async () => {
    const agreed = io();
    expect(reportFuzzOutcome({ kind: "agreed", runs: 5, seed: 2 }, "rt 1", "unused", agreed.io)).toBe(0);
    expect(agreed.printed.out).toBe("No divergence: rt 1 agreed with the reference on 5 generated cases (seed 2).\n");

    const broke = io();
    const brokeOutcome: FuzzOutcome = { kind: "reference-broke", runs: 3, seed: 2, skeleton: { tools: {}, policy: { rules: [], otherwise: "allow" }, steps: [] }, problems: ["INV-3: parsed twice"] };
    expect(reportFuzzOutcome(brokeOutcome, "rt 1", "unused", broke.io)).toBe(1);
    expect(broke.printed.out).toMatch(/^The reference itself broke a universal check on a generated case \(seed 2\); this is a bug in effective-args:\n {2}INV-3: parsed twice\n\{/);

    const outcome = await fuzz(noMutationCheck, options);
    const out = mkdtempSync(join(tmpdir(), "effective-args-fuzz-report-"));
    const diverged = io();
    expect(reportFuzzOutcome(outcome, "mutant 1", out, diverged.io)).toBe(1);
    const path = outcome.kind === "diverged" ? outcome.divergence.path : "";
    expect(readFileSync(join(out, path), "utf8")).toBe(outcome.kind === "diverged" ? outcome.divergence.yaml : "");
    expect(diverged.printed.out).toMatch(/^Divergence after \d+ generated cases \(seed 1\): mutant 1 differs from the reference\.\n\nFAIL /);
  });
});
