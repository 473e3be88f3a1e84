// How a generated case names what diverged (spec/fuzzing.md): every branch of the choice.
import { describe, expect, it } from "vitest";
import type { CallExpectation } from "../../harness/loading/case-schema.ts";
import { loadCaseText, type LoadedCase } from "../../harness/loading/loader.ts";
import { callKey, divergenceRequirements } from "../../harness/fuzz/divergence.ts";
import type { Failure } from "../../harness/running/results.ts";
import { explainsEverything } from "../../harness/checking/context.ts";

type GeneratedStep = { raw: string; expect: CallExpectation }[] | { grant: string };

function generated(steps: GeneratedStep[], hooks = ""): LoadedCase {
  let next = 0;
  const written = steps
    .map((calls) => {
      if (!Array.isArray(calls)) return `  - grant: { call: ${calls.grant} }`;
      const ids = calls.map(() => `c${++next}`);
      const turn = calls.map((call, index) => `      - { id: ${ids[index]}, tool: t, arguments: ${JSON.stringify(call.raw)} }`).join("\n");
      const expect = calls.map((call, index) => `      ${ids[index]}: ${JSON.stringify(call.expect)}`).join("\n");
      return `  - turn:\n${turn}\n    expect:\n${expect}`;
    })
    .join("\n");
  const text = `id: invariant/fuzz\ntitle: generated\nlevel: must\nrequirements: [INV-5]\ntools:\n  t:\n    schema: { type: object, properties: { p: { type: any } } }\n  u:\n    schema: { type: object }\n${hooks}policy:\n  otherwise: allow\nsteps:\n${written}\n`;
  const loaded = loadCaseText("cases/invariant/fuzz.yaml", text);
  if (!("case" in loaded)) throw new Error(loaded.errors.map((error) => error.message).join("\n"));
  return loaded.case;
}
const diverged = (field: Failure["field"], callId = "c1", step = 0): Failure => ({ requirement: "INV-5", message: "m", field, callId, step });
const named = (testCase: LoadedCase, failure: Failure) => divergenceRequirements(testCase, [failure], "INV-5");
/** The key of Naming.calls for a call of the first turn (or of `step`). */
const at = (callId: string, step = 0) => callKey({ step, callId });

describe("the requirement a diverging expectation of a generated case names", () => {
  it.each([
    ["a repeated member name the oracle rejected at stage json", '{"p": 1, "p": 2}', { outcome: "invalid", stage: "json" }, "DECOY-3"],
    ["a number the oracle found too large", '{"p": 1e400}', { outcome: "invalid", stage: "json" }, "DECOY-4"],
    ["malformed JSON", '{"p": ', { outcome: "invalid", stage: "json" }, "INV-2"],
    ["a schema rejection", '{"p": 1}', { outcome: "invalid", stage: "schema" }, "INV-2"],
    ["a mutation denied", '{"p": 1}', { outcome: "denied", reason: "policy_mutated_arguments" }, "INV-6"],
    ["a policy decision", '{"p": 1}', { outcome: "denied", reason: "rule_a" }, "DECOY-1"],
  ] as const)("%s: %s", (_, raw, expectation, requirement) => {
    const testCase = generated([[{ raw, expect: expectation as CallExpectation }]]);
    expect(named(testCase, diverged("outcome"))).toEqual({ requirements: [requirement], calls: new Map([[at("c1"), requirement]]) });
  });

  it("the view and the execution: INV-1 and INV-5 alone, BATCH-1 in a batch but for the characters executed (INV-5)", () => {
    const alone = generated([[{ raw: '{"p": 1}', expect: { outcome: "executed" } }]]);
    expect(named(alone, diverged("parsedArguments")).requirements).toEqual(["INV-1"]);
    expect(named(alone, diverged("policyEvaluations")).requirements).toEqual(["INV-1"]);
    expect(named(alone, diverged("executedArguments")).requirements).toEqual(["INV-5"]);
    expect(named(alone, diverged("executions")).requirements).toEqual(["INV-5"]);
    const batch = generated([[{ raw: '{"p": 1}', expect: { outcome: "executed" } }, { raw: '{"p": 2}', expect: { outcome: "executed" } }]]);
    for (const field of ["outcome", "parsedArguments", "executions"] as const) expect(named(batch, diverged(field)).requirements).toEqual(["BATCH-1"]);
    // A call run with another call's arguments is found by the universal checks (BATCH-1); an expectation of the executed value is about its characters.
    expect(named(batch, diverged("executedArguments")).requirements).toEqual(["INV-5"]);
  });

  it("after a hook's rewrite: HOOK-1 for a decision or view, HOOK-2 for a rejection; a hook's deny: HOOK-5", () => {
    const rewriting = generated([[{ raw: '{"p": 1}', expect: { outcome: "executed" } }]], "hooks:\n  - id: pin\n    rewrite: { set: { /p: 2 } }\n");
    expect(named(rewriting, diverged("outcome")).requirements).toEqual(["HOOK-1"]);
    expect(named(rewriting, diverged("parsedArguments")).requirements).toEqual(["HOOK-1"]);
    const invalid = generated([[{ raw: '{"p": 1}', expect: { outcome: "invalid", stage: "schema" } }]], "hooks:\n  - id: pin\n    rewrite: { set: { /p: 2 } }\n");
    expect(named(invalid, diverged("stage")).requirements).toEqual(["HOOK-2"]);
    const denying = generated([[{ raw: '{"p": 1}', expect: { outcome: "denied", reason: "stop" } }]], "hooks:\n  - id: stop\n    decision: deny\n    reason: stop\n");
    expect(named(denying, diverged("reason")).requirements).toEqual(["HOOK-5"]);
  });

  it("counts only the hooks that apply to the call's tool, and a hook's deny only for its own reason or hook_denied", () => {
    const executed = [[{ raw: '{"p": 1}', expect: { outcome: "executed" } as CallExpectation }]];
    expect(named(generated(executed, "hooks:\n  - id: pin\n    tools: [u]\n    rewrite: { set: { /p: 2 } }\n"), diverged("outcome")).requirements).toEqual(["DECOY-1"]);
    expect(named(generated(executed, "hooks:\n  - id: pin\n    tools: [t]\n    rewrite: { set: { /p: 2 } }\n"), diverged("outcome")).requirements).toEqual(["HOOK-1"]);
    const denied = (reason: string, hooks: string) => named(generated([[{ raw: '{"p": 1}', expect: { outcome: "denied", reason } }]], hooks), diverged("reason")).requirements;
    expect(denied("stop", "hooks:\n  - id: stop\n    tools: [u]\n    decision: deny\n    reason: stop\n")).toEqual(["DECOY-1"]);
    expect(denied("stop", "hooks:\n  - id: stop\n    tools: [t]\n    decision: deny\n    reason: stop\n")).toEqual(["HOOK-5"]);
    expect(denied("hook_denied", "hooks:\n  - id: stop\n    decision: deny\n")).toEqual(["HOOK-5"]);
    expect(denied("rule_a", "hooks:\n  - id: stop\n    decision: deny\n    reason: stop\n")).toEqual(["DECOY-1"]);
    expect(denied("hook_denied", "hooks:\n  - id: pin\n    rewrite: { set: { /p: 2 } }\n")).toEqual(["HOOK-1"]);
  });

  it("keeps the requirement of a failure on a case-specific word that a universal check already named", () => {
    const testCase = generated([[{ raw: '{"p": 1}', expect: { outcome: "executed" } }]]);
    expect(named(testCase, { ...diverged("outcome"), requirement: "HOOK-4" }).requirements).toEqual(["HOOK-4"]);
  });

  it("hash words: MATRIX-4 for sameHashAs, INV-4 for differentHashFrom", () => {
    const twoTurns = generated([[{ raw: '{"p": 1}', expect: { outcome: "executed" } }], [{ raw: '{"p": 1}', expect: { outcome: "executed" } }]]);
    expect(named(twoTurns, diverged("sameHashAs", "c2", 1)).requirements).toEqual(["MATRIX-4"]);
    expect(named(twoTurns, diverged("differentHashFrom", "c2", 1)).requirements).toEqual(["INV-4"]);
  });

  it("keeps the requirement of a universal failure and of a word that names its own, in order of appearance; a call's first diverging expectation names the call, its others follow", () => {
    const testCase = generated([[{ raw: '{"p": 1}', expect: { outcome: "executed" } }]]);
    const failures: Failure[] = [
      { requirement: "DECOY-2", message: "inherited", check: 16, step: 0, callId: "c1" },
      { requirement: "MATRIX-3", message: "view", field: "requestedArguments", step: 0, callId: "c1" },
      diverged("executions"),
      diverged("parsedArguments"),
    ];
    // In the written case the parsedArguments failure names the call's requirement, INV-5, not the INV-1 its word alone would.
    expect(divergenceRequirements(testCase, failures, "INV-5")).toEqual({ requirements: ["DECOY-2", "MATRIX-3", "INV-5"], calls: new Map([[at("c1"), "INV-5"]]) });
    expect(divergenceRequirements(testCase, [], "INV-5")).toEqual({ requirements: ["INV-5"], calls: new Map() });
  });

  it("keeps the name of an expectation a universal failure accounts for, even when it is the provisional one, and names the call after it", () => {
    const batch = generated([[{ raw: '{"p": " a"}', expect: { outcome: "executed" } }, { raw: '{"p": 2}', expect: { outcome: "executed" } }]]);
    const cause: Failure = { requirement: "INV-5", message: "executed differs from evaluated", check: 13, step: 0, callId: "c1" };
    explainsEverything(cause);
    // Without the cause, an outcome diverging in a batch is BATCH-1; as a consequence of check 13 it stays INV-5.
    expect(divergenceRequirements(batch, [cause, diverged("outcome")], "INV-5")).toEqual({ requirements: ["INV-5"], calls: new Map([[at("c1"), "INV-5"]]) });
    const hookCause: Failure = { requirement: "HOOK-1", message: "the hook was handed another input", check: 4, step: 0, callId: "c1" };
    explainsEverything(hookCause);
    const consequence = { ...diverged("outcome"), requirement: "HOOK-1" };
    expect(divergenceRequirements(batch, [hookCause, consequence, diverged("outcome", "c2")], "INV-5")).toEqual({
      requirements: ["HOOK-1", "BATCH-1"],
      calls: new Map([
        [at("c1"), "HOOK-1"],
        [at("c2"), "BATCH-1"],
      ]),
    });
  });
});

describe("the requirement a diverging expectation names in the new shapes", () => {
  const executed = (raw = '{"p": 1}') => [{ raw, expect: { outcome: "executed" } as CallExpectation }];

  it("a falsy replacement the oracle's schema rejected: HOOK-1, the rewrite ignored; any other rejected rewrite: HOOK-2", () => {
    const invalid = [{ raw: '{"p": 1}', expect: { outcome: "invalid", stage: "schema" } as CallExpectation }];
    for (const replacement of ["null", '""', "0", "false"]) {
      expect(named(generated([invalid], `hooks:\n  - { id: h1, rewrite: { replace: ${replacement} } }\n`), diverged("outcome")).requirements, replacement).toEqual(["HOOK-1"]);
    }
    expect(named(generated([invalid], "hooks:\n  - { id: h1, rewrite: { replace: [1] } }\n"), diverged("outcome")).requirements).toEqual(["HOOK-2"]);
  });

  it("a hook that edits its input in place: HOOK-5 for a decision or the parsed view; a rewrite wins over it, and hooks over a batch", () => {
    const inPlace = "hooks:\n  - { id: h1, mutate: { set: { /p: 2 } } }\n";
    expect(named(generated([executed()], inPlace), diverged("outcome")).requirements).toEqual(["HOOK-5"]);
    expect(named(generated([executed()], inPlace), diverged("parsedArguments")).requirements).toEqual(["HOOK-5"]);
    const both = `${inPlace}  - { id: h2, rewrite: { set: { /p: 3 } } }\n`;
    expect(named(generated([executed()], both), diverged("outcome")).requirements).toEqual(["HOOK-1"]);
    const batch = [[...executed(), ...executed('{"p": 2}')]];
    expect(named(generated(batch, "hooks:\n  - { id: h1, rewrite: { set: { /p: 3 } } }\n"), diverged("outcome", "c2")).requirements).toEqual(["HOOK-1"]);
    expect(named(generated(batch, "hooks:\n  - { id: h1, tools: [u], rewrite: { set: { /p: 3 } } }\n"), diverged("outcome", "c2")).requirements).toEqual(["BATCH-1"]);
  });

  it("after a grant, a call of the granted tool expected to run or wait: APPROVAL-1 from the same text, APPROVAL-2 from an equivalent one, APPROVAL-3 for another value", () => {
    const suspended = [{ raw: '{"p": 1}', expect: { outcome: "suspended", parsedArguments: { p: 1 } } as CallExpectation }];
    const resumed = (raw: string, expectation: CallExpectation) => generated([suspended, { grant: "c1" }, [{ raw, expect: expectation }]]);
    const resumedName = (raw: string, expectation: CallExpectation, field: Failure["field"] = "outcome") => named(resumed(raw, expectation), diverged(field, "c2", 2)).requirements;
    expect(resumedName('{"p": 1}', { outcome: "executed", parsedArguments: { p: 1 } })).toEqual(["APPROVAL-1"]);
    expect(resumedName('{"p": 1}', { outcome: "executed", parsedArguments: { p: 1 } }, "executedArguments")).toEqual(["APPROVAL-1"]);
    expect(resumedName('{ "p" : 1.0 }', { outcome: "executed", parsedArguments: { p: 1 } })).toEqual(["APPROVAL-2"]);
    expect(resumedName('{"p": 2}', { outcome: "suspended", parsedArguments: { p: 2 } })).toEqual(["APPROVAL-3"]);
    expect(resumedName('{"p": 2}', { outcome: "suspended", parsedArguments: { p: 2 } }, "executions")).toEqual(["APPROVAL-3"]);
    // Neither an invalid call nor the view the policy was handed is about the grant.
    expect(resumedName('{"p": ', { outcome: "invalid", stage: "json" })).toEqual(["INV-2"]);
    expect(resumedName('{"p": 2}', { outcome: "suspended", parsedArguments: { p: 2 } }, "parsedArguments")).toEqual(["INV-1"]);
  });
});

describe("the requirement a diverging expectation names with call ids used again and tools redefined", () => {
  /** A case of tool t (member p of any type) with these steps, written out. */
  function withSteps(steps: string): LoadedCase {
    const text = `id: invariant/fuzz\ntitle: generated\nlevel: must\nrequirements: [INV-5]\ntools:\n  t:\n    schema: { type: object, properties: { p: { type: any } } }\npolicy:\n  otherwise: allow\nsteps:\n${steps}`;
    const loaded = loadCaseText("cases/invariant/fuzz.yaml", text);
    if (!("case" in loaded)) throw new Error(loaded.errors.map((error) => error.message).join("\n"));
    return loaded.case;
  }
  const suspendedC1 = "  - turn: [{ id: c1, tool: t, arguments: '{}' }]\n    expect: { c1: { outcome: suspended, parsedArguments: {} } }\n  - grant: { call: c1 }\n";

  it("names each of two calls with one id in different turns on its own: the first by what it is, the one after the grant APPROVAL-3", () => {
    const testCase = withSteps(`${suspendedC1}  - turn: [{ id: c1, tool: t, arguments: '{"p": 2}' }]\n    expect: { c1: { outcome: suspended, parsedArguments: { p: 2 } } }\n`);
    expect(divergenceRequirements(testCase, [diverged("outcome", "c1", 0), diverged("outcome", "c1", 2)], "INV-5")).toEqual({
      requirements: ["DECOY-1", "APPROVAL-3"],
      calls: new Map([
        [at("c1", 0), "DECOY-1"],
        [at("c1", 2), "APPROVAL-3"],
      ]),
    });
  });

  it("after the granted tool is redefined, the same raw string under the granted id: APPROVAL-3 when it means another value, APPROVAL-1 when it does not", () => {
    const redefined = (parsed: string) =>
      withSteps(`${suspendedC1}  - redefine: { t: { schema: { type: object, properties: { p: { type: any, default: 1 } } } } }\n  - turn: [{ id: c1, tool: t, arguments: '{}' }]\n    expect: { c1: { outcome: executed, parsedArguments: ${parsed} } }\n`);
    expect(named(redefined("{ p: 1 }"), diverged("outcome", "c1", 3)).requirements).toEqual(["APPROVAL-3"]);
    expect(named(redefined("{}"), diverged("executions", "c1", 3)).requirements).toEqual(["APPROVAL-1"]);
  });

  it("after a grant over the request, the value granted is the decoded request: a resume whose effective value is another is APPROVAL-3", () => {
    const overRequest = (raw: string, parsed: string) =>
      withSteps(
        `  - turn: [{ id: c1, tool: t, arguments: '${raw}' }]\n    expect: { c1: { outcome: suspended, parsedArguments: ${parsed} } }\n  - grant: { call: c1, view: requested }\n` +
          `  - turn: [{ id: c1, tool: t, arguments: '${raw}' }]\n    expect: { c1: { outcome: suspended, parsedArguments: ${parsed} } }\n`,
      );
    // The schema strips q: the request granted is not the effective value.
    expect(named(overRequest('{"p": 1, "q": 2}', "{ p: 1 }"), diverged("outcome", "c1", 2)).requirements).toEqual(["APPROVAL-3"]);
    expect(named(overRequest('{"p": 1}', "{ p: 1 }"), diverged("outcome", "c1", 2)).requirements).toEqual(["APPROVAL-1"]);
  });

  it("a call denied before any policy ran and by no hook (a value with no canonical form): DECOY-4, a choice RFC-0015 leaves open at MUST", () => {
    const denied = [[{ raw: '{"p": "\\ud800"}', expect: { outcome: "denied", policyEvaluations: 0 } as CallExpectation }]];
    expect(named(generated(denied), diverged("outcome")).requirements).toEqual(["DECOY-4"]);
    // A runtime that evaluates it, and whose policy denies it too, differs only in the evaluation.
    expect(named(generated(denied), diverged("policyEvaluations")).requirements).toEqual(["DECOY-4"]);
    // A hook that denies stops the call before the policy as well.
    expect(named(generated(denied, "hooks:\n  - { id: h1, decision: deny }\n"), diverged("outcome")).requirements).toEqual(["HOOK-5"]);
  });
});

describe("the requirement a diverging expectation names around a resume step", () => {
  /** A case of tool t (member p of any type) whose policy suspends every call, with these steps. */
  function withSteps(steps: string): LoadedCase {
    const text = `id: approval-resume/fuzz\ntitle: generated\nlevel: must\nrequirements: [INV-5]\ntools:\n  t:\n    schema: { type: object, properties: { p: { type: any } } }\npolicy:\n  otherwise: require_approval\nsteps:\n${steps}`;
    const loaded = loadCaseText("cases/approval-resume/fuzz.yaml", text);
    if (!("case" in loaded)) throw new Error(loaded.errors.map((error) => error.message).join("\n"));
    return loaded.case;
  }
  const suspended =
    "  - turn: [{ id: c1, tool: t, arguments: '{\"p\": 1}' }, { id: c2, tool: t, arguments: '{\"p\": 2}' }]\n" +
    "    expect: { c1: { outcome: suspended, parsedArguments: { p: 1 } }, c2: { outcome: suspended, parsedArguments: { p: 2 } } }\n" +
    "  - resume: { c1: approve, c2: reject }\n    expect: { c1: { outcome: executed, executedArguments: { p: 1 } }, c2: { outcome: denied } }\n";

  it("an answered call: APPROVAL-6 for an approval (what ran, or that nothing did), APPROVAL-7 for a rejection, whatever the word", () => {
    const testCase = withSteps(suspended);
    for (const field of ["outcome", "executions", "executedArguments", "policyEvaluations"] as const) expect(named(testCase, diverged(field, "c1", 1)).requirements, field).toEqual(["APPROVAL-6"]);
    for (const field of ["outcome", "executions", "reason"] as const) expect(named(testCase, diverged(field, "c2", 1)).requirements, field).toEqual(["APPROVAL-7"]);
  });

  it("an answered call whose expectations diverged already when it was suspended: named as that divergence, wherever the resume's failure comes in the list", () => {
    const testCase = withSteps(suspended);
    const failures = [diverged("executedArguments", "c1", 1), diverged("parsedArguments", "c1", 0)];
    // The parsed view in a batch: BATCH-1, and the resume's divergence follows from it.
    expect(divergenceRequirements(testCase, failures, "INV-5")).toEqual({ requirements: ["BATCH-1"], calls: new Map([[at("c1", 0), "BATCH-1"], [at("c1", 1), "BATCH-1"]]) });
  });

  it("a later call asked about again, under an approved call's id or with its request: APPROVAL-8 for what ran (outcome, executions); a rejection's id, or the view, is not about the approval", () => {
    const later = (id: string, raw: string) => withSteps(`${suspended}  - turn: [{ id: ${id}, tool: t, arguments: '${raw}' }]\n    expect: { ${id}: { outcome: suspended, parsedArguments: ${raw} } }\n`);
    expect(named(later("c1", '{"p": 3}'), diverged("outcome", "c1", 2)).requirements).toEqual(["APPROVAL-8"]);
    expect(named(later("c1", '{"p": 3}'), diverged("executions", "c1", 2)).requirements).toEqual(["APPROVAL-8"]);
    expect(named(later("c3", '{"p": 1}'), diverged("outcome", "c3", 2)).requirements).toEqual(["APPROVAL-8"]);
    expect(named(later("c2", '{"p": 3}'), diverged("outcome", "c2", 2)).requirements).toEqual(["DECOY-1"]);
    expect(named(later("c1", '{"p": 3}'), diverged("parsedArguments", "c1", 2)).requirements).toEqual(["INV-1"]);
  });

  it("a later call an approval met that ran with no allowing evaluation (INV-1, check 10): its expectations name APPROVAL-8, which refines INV-1", () => {
    const testCase = withSteps(`${suspended}  - turn: [{ id: c1, tool: t, arguments: '{"p": 3}' }]\n    expect: { c1: { outcome: suspended, parsedArguments: { p: 3 } } }\n`);
    const cause: Failure = { requirement: "INV-1", message: "ran with no allowing evaluation", check: 10, step: 2, callId: "c1" };
    explainsEverything(cause);
    const consequence = (field: Failure["field"]) => ({ ...diverged(field, "c1", 2), requirement: "INV-1" });
    expect(divergenceRequirements(testCase, [cause, consequence("outcome"), consequence("policyEvaluations")], "INV-5")).toEqual({
      requirements: ["INV-1", "APPROVAL-8"],
      calls: new Map([[at("c1", 2), "APPROVAL-8"]]),
    });
  });
});
