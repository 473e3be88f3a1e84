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
import { expectedData, fuzz, generatedCase, renderCase, writtenCase, type FuzzOutcome, type Skeleton } from "../../harness/fuzz/differential.ts";
import { callKey } from "../../harness/fuzz/divergence.ts";
import { loadCaseText } from "../../harness/loading/loader.ts";
import type { Tool } from "../../harness/loading/case-schema.ts";
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
  // Every word the generators write, redefinitions, resumes and ids used again included.
  const skeletons = caseSkeleton({ hooks: true, approval: true, batch: true, handoffs: true, fingerprint: true, toolChanges: true, resume: true });
  const naming = { requirements: ["HOOK-1", "INV-5"], calls: new Map([[callKey({ step: 0, callId: "c1" }), "INV-5"]]) };

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

describe("expectations written with call ids used again and tools redefined", () => {
  const tool: Tool = { schema: { type: "object", properties: { path: { type: "string" } } } };
  const turn = (...calls: [string, string, string?][]) => ({ turn: calls.map(([id, raw, name]) => ({ id, tool: name ?? "tool_a", arguments: raw })) });
  const expected = async (skeleton: Skeleton, calls = new Map<string, string>()) => {
    const data = await expectedData(skeleton, { requirements: ["INV-5", ...new Set(calls.values())], calls }, options, 1);
    writtenCase(data);
    return data.steps.map((step) => step.expect);
  };

  it("names by id only a call the id resolves to from the referring call: the latest with that id in an earlier turn", async () => {
    // c1 twice, then c2 with the first c1's value: "c1" from c2 names the second c1, whose hash differs.
    const skeleton: Skeleton = {
      tools: { tool_a: tool },
      policy: { rules: [], otherwise: "allow" },
      steps: [turn(["c1", '{"path": "/a"}']), turn(["c1", '{"path": "/b"}']), turn(["c2", '{"path": "/a"}'])],
    };
    const [first, second, third] = await expected(skeleton);
    expect(first!.c1).not.toHaveProperty("differentHashFrom");
    expect(second!.c1).toMatchObject({ differentHashFrom: ["c1"] });
    expect(second!.c1).not.toHaveProperty("sameHashAs");
    expect(third!.c2).toMatchObject({ differentHashFrom: ["c1"] });
    expect(third!.c2).not.toHaveProperty("sameHashAs");
  });

  it("names the same hash under an id used again, and a tool call the handoff decoded like under the handoff's own id", async () => {
    const skeleton: Skeleton = {
      tools: { tool_a: tool },
      handoffs: ["handoff_a"],
      policy: { rules: [], otherwise: "allow" },
      steps: [turn(["c1", '{"path": "/a"}']), turn(["c1", '{ "path" : "/a" }']), turn(["c1", '{ "path" : "/a" }', "handoff_a"])],
    };
    const [, second, third] = await expected(skeleton);
    expect(second!.c1).toMatchObject({ sameHashAs: ["c1"] });
    expect(third!.c1).toMatchObject({ outcome: "handed_off", decodesLike: "c1" });
  });

  it("gives two calls with one id in different turns their own requirement", async () => {
    const skeleton: Skeleton = { tools: { tool_a: tool }, policy: { rules: [], otherwise: "allow" }, steps: [turn(["c1", '{"path": "/a"}']), turn(["c1", '{"path": "/b"}'])] };
    const [first, second] = await expected(skeleton, new Map([[callKey({ step: 1, callId: "c1" }), "INV-4"]]));
    expect(first!.c1).not.toHaveProperty("requirement");
    expect(second!.c1).toMatchObject({ requirement: "INV-4" });
  });

  it("leaves the hash of one value under two definitions of its tool free: no sameHashAs across a redefinition", async () => {
    // The redefinition adds an optional member, so the same request keeps its value; a runtime may still let the new definition change its hash.
    const redefined: Tool = { schema: { ...tool.schema, properties: { ...tool.schema.properties, mode: { type: "string", optional: true } } } };
    const skeleton: Skeleton = { tools: { tool_a: tool }, policy: { rules: [], otherwise: "allow" }, steps: [turn(["c1", '{"path": "/a"}']), { redefine: { tool_a: redefined } }, turn(["c2", '{"path": "/a"}'], ["c3", '{"path": "/a"}'])] };
    const [, , third] = await expected(skeleton);
    expect(third!.c2).not.toHaveProperty("sameHashAs");
    expect(third!.c3).toMatchObject({ sameHashAs: ["c2"] });
  });

  it("writes a grant met across a redefinition of its tool only where the resume means another value: else without the redefinition", async () => {
    const policy = { rules: [{ when: { granted: true }, decision: "allow" as const }], otherwise: "require_approval" as const };
    const grantThen = (redefined: Tool): Skeleton => ({
      tools: { tool_a: tool },
      policy,
      steps: [turn(["c1", '{"path": "/a"}']), { grant: { call: "c1", view: "effective" } }, { redefine: { tool_a: redefined } }, turn(["c1", '{"path": "/a"}'])],
    });
    const kept = await expectedData(grantThen({ schema: { ...tool.schema, properties: { path: { type: "string", transforms: ["uppercase"] } } } }), { requirements: ["INV-5"] }, options, 1);
    expect(kept.steps.map((step) => Object.keys(step)[0])).toEqual(["turn", "grant", "redefine", "turn"]);
    expect(kept.steps[3]!.expect!.c1).toMatchObject({ outcome: "suspended", parsedArguments: { path: "/A" }, differentHashFrom: ["c1"] });
    // The same value under the new definition: whether the grant still holds is the runtime's choice.
    const same = await expectedData(grantThen({ schema: { ...tool.schema, properties: { ...tool.schema.properties, mode: { type: "string", optional: true } } } }), { requirements: ["INV-5"] }, options, 1);
    expect(same.steps.map((step) => Object.keys(step)[0])).toEqual(["turn", "grant", "turn"]);
    expect(same.steps[2]!.expect!.c1).toMatchObject({ outcome: "executed" });
    writtenCase(same);
  });

  it("writes a redefinition as a step of its own, each member of the new schema on a line, and expects the new effective value after it", async () => {
    const redefined: Tool = { schema: { type: "object", properties: { path: { type: "string", default: "/etc/shadow" } } } };
    const skeleton: Skeleton = { tools: { tool_a: tool }, policy: { rules: [], otherwise: "allow" }, steps: [turn(["c1", '{"path": "/a"}']), { redefine: { tool_a: redefined } }, turn(["c2", "{}"])] };
    const data = await expectedData(skeleton, { requirements: ["INV-5"] }, options, 1);
    expect(data.steps[2]!.expect!.c2).toMatchObject({ outcome: "executed", parsedArguments: { path: "/etc/shadow" } });
    expect(renderCase(data)).toContain(["  - redefine:", "      tool_a:", "        schema:", "          type: object", "          properties:", "            path: { type: string, default: /etc/shadow }", "  - turn:"].join("\n"));
    expect(writtenCase(data).capabilities).toContain("tool-changes");
  });
});

describe("expectations written for a resume step", () => {
  const tool: Tool = { schema: { type: "object", properties: { path: { type: "string", transforms: ["trim"] }, mode: { type: "string", default: "read" } } } };
  const waits = { rules: [{ when: { pointer: "/path", startsWith: "/etc" }, decision: "deny" as const, reason: "rule_a" }], otherwise: "require_approval" as const };
  const turn = (...calls: [string, string][]) => ({ turn: calls.map(([id, raw]) => ({ id, tool: "tool_a", arguments: raw })) });
  const kinds = (steps: { turn?: unknown; resume?: unknown; redefine?: unknown }[]) => steps.map((step) => Object.keys(step)[0]);

  it("keeps only the answers to calls the reference left waiting, and writes what the resume did: the outcome, what ran, how often; no evaluations, no rejection's reason", async () => {
    // c2 is denied, c3 invalid, c4 comes after an invalid call (a runtime may end the turn there), c5 a strict decoder may refuse: only c1 and c6 wait in every runtime.
    const skeleton: Skeleton = {
      tools: { tool_a: tool },
      policy: waits,
      steps: [
        turn(["c1", '{"path": " /tmp/a "}'], ["c2", '{"path": "/etc/passwd"}'], ["c3", "{"], ["c4", '{"path": "/tmp/b"}']),
        { resume: { c1: "approve", c2: "approve", c3: "reject", c4: "approve" } },
        turn(["c5", '{"__proto__": {}, "path": "/tmp/c"}'], ["c6", '{"path": "/tmp/d"}']),
        { resume: { c5: "approve", c6: "reject" } },
      ],
    };
    const data = await expectedData(skeleton, { requirements: ["INV-5"] }, options, 1);
    expect(kinds(data.steps)).toEqual(["turn", "resume", "turn", "resume"]);
    expect(data.steps[1]).toEqual({ resume: { c1: "approve" }, expect: { c1: { outcome: "executed", executedArguments: { path: "/tmp/a", mode: "read" }, executions: 1 } } });
    expect(data.steps[3]).toEqual({ resume: { c6: "reject" }, expect: { c6: { outcome: "denied", executions: 0 } } });
    expect((await runCase(referenceAdapter, writtenCase(data), 5_000)).status).toBe("passed");
  });

  it("drops a resume left with no answer, and a redefinition no turn follows any more", async () => {
    const redefined: Tool = { schema: { ...tool.schema, properties: { ...tool.schema.properties, mode: { type: "string", default: "write" } } } };
    const skeleton: Skeleton = { tools: { tool_a: tool }, policy: waits, steps: [turn(["c1", '{"path": "/etc/a"}']), { redefine: { tool_a: redefined } }, { resume: { c1: "approve" } }] };
    const data = await expectedData(skeleton, { requirements: ["INV-5"] }, options, 1);
    expect(kinds(data.steps)).toEqual(["turn"]);
  });

  it("keeps a redefinition before the resume where it changes the approved call's value, which then waits again; else writes the case without it", async () => {
    const resumedAfter = (redefined: Tool): Skeleton => ({ tools: { tool_a: tool }, policy: { rules: [], otherwise: "require_approval" }, steps: [turn(["c1", '{"path": "/tmp/a"}']), { redefine: { tool_a: redefined } }, { resume: { c1: "approve" } }] });
    const changed = await expectedData(resumedAfter({ schema: { ...tool.schema, properties: { ...tool.schema.properties, mode: { type: "string", default: "write" } } } }), { requirements: ["INV-5"] }, options, 1);
    expect(kinds(changed.steps)).toEqual(["turn", "redefine", "resume"]);
    expect(changed.steps[2]!.expect).toEqual({ c1: { outcome: "suspended", executions: 0 } });
    // The same value under the new definition: whether the approval still holds is the runtime's choice (a hash may cover the definition).
    const same = await expectedData(resumedAfter({ schema: { ...tool.schema, properties: { ...tool.schema.properties, note: { type: "string", optional: true } } } }), { requirements: ["INV-5"] }, options, 1);
    expect(kinds(same.steps)).toEqual(["turn", "resume"]);
    expect(same.steps[1]!.expect).toEqual({ c1: { outcome: "executed", executedArguments: { path: "/tmp/a", mode: "read" }, executions: 1 } });
    for (const data of [changed, same]) expect((await runCase(referenceAdapter, writtenCase(data), 5_000)).status).toBe("passed");
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
