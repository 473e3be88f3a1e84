// Cases that change a tool between turns (a "redefine" step) and use a call id again: what the
// runner hands the adapter, and what it makes of an adapter that loses the change.
import { describe, expect, it } from "vitest";
import type { Adapter } from "../../harness/adapter.ts";
import { DEFAULT_CASES_DIR, loadCases, loadCaseText, type LoadedCase } from "../../harness/loading/loader.ts";
import { runCases } from "../../harness/running/runner.ts";
import referenceAdapter from "../../reference/adapter.ts";
import { createRuntime } from "../../reference/runtime.ts";

const { cases } = loadCases([DEFAULT_CASES_DIR]);
const redefining = cases.filter((testCase) => testCase.capabilities.includes("tool-changes"));

/** The reference, with a session of its own making. */
const withSession = (name: string, session: (runtime: ReturnType<typeof createRuntime>) => object): Adapter => ({
  ...referenceAdapter,
  name,
  createSession(wiring) {
    const runtime = createRuntime(wiring);
    return { runTurn: (calls, turn) => runtime.runTurn(calls, turn), fingerprint: (tool, args) => runtime.fingerprint(tool, args), ...session(runtime) };
  },
});

describe("a case with a redefine step", () => {
  it("exists among the suite's cases, and the reference passes each", async () => {
    expect(redefining.map((testCase) => testCase.id)).toEqual(["approval-resume/default-changed-before-resume", "decoy-field/redefined-default-evaluated"]);
    const results = await runCases(referenceAdapter, redefining);
    expect(results.map((result) => result.status)).toEqual(["passed", "passed"]);
  });

  it("is skipped for an adapter without tool-changes", async () => {
    const results = await runCases({ ...referenceAdapter, capabilities: referenceAdapter.capabilities.filter((one) => one !== "tool-changes") }, redefining);
    expect(results.map((result) => [result.status, result.reason])).toEqual([
      ["skipped", "the adapter does not declare: tool-changes"],
      ["skipped", "the adapter does not declare: tool-changes"],
    ]);
  });

  it("errors when the adapter declares tool-changes but its session cannot take the change", async () => {
    const results = await runCases(withSession("no redefineTools", () => ({})), redefining);
    expect(results.map((result) => [result.status, result.reason])).toEqual([
      ["errored", 'the adapter declares "tool-changes", but its session has no redefineTools'],
      ["errored", 'the adapter declares "tool-changes", but its session has no redefineTools'],
    ]);
  });

  it("errors, naming the old definition, when the runtime goes on with the tools it had", async () => {
    const results = await runCases(withSession("ignores the change", () => ({ redefineTools: () => {} })), redefining);
    expect(results.map((result) => [result.status, result.reason])).toEqual([
      ["errored", "in turn 2, the runtime used the definition of tool read_file from before step 3 redefined it: the adapter's redefineTools did not reach it"],
      ["errored", "in turn 2, the runtime used the definition of tool read_file from before step 2 redefined it: the adapter's redefineTools did not reach it"],
    ]);
  });
});

describe("a grant names the latest call with its id", () => {
  const text = (resumedOutcome: string) => `id: approval-resume/latest-grant
title: A grant names the latest call with its id
level: must
requirements: [APPROVAL-1, APPROVAL-3]
tools:
  delete_tree:
    schema: { type: object, properties: { path: { type: string } } }
policy:
  rules:
    - when: { granted: true }
      decision: allow
  otherwise: require_approval
steps:
  - turn: [{ id: c1, tool: delete_tree, arguments: '{"path": "/tmp/a"}' }]
    expect: { c1: { outcome: suspended } }
  - turn: [{ id: c1, tool: delete_tree, arguments: '{"path": "/tmp/b"}' }]
    expect: { c1: { outcome: suspended, differentHashFrom: [c1] } }
  - grant: { call: c1 }
  - turn: [{ id: c2, tool: delete_tree, arguments: '{"path": "/tmp/b"}' }]
    expect: { c2: { outcome: ${resumedOutcome}, sameHashAs: [c1] } }
  - turn: [{ id: c3, tool: delete_tree, arguments: '{"path": "/tmp/a"}' }]
    expect: { c3: { outcome: suspended, differentHashFrom: [c2] } }
`;
  const load = (yaml: string): LoadedCase => {
    const loaded = loadCaseText("cases/approval-resume/latest-grant.yaml", yaml);
    if ("errors" in loaded) throw new Error(loaded.errors.map((error) => error.message).join("\n"));
    return loaded.case;
  };

  it("so the reference runs the second /tmp/b proposal, not the first /tmp/a one", async () => {
    const [result] = await runCases(referenceAdapter, [load(text("executed"))]);
    expect(result?.failures).toEqual([]);
    expect(result?.status).toBe("passed");
  });

  it("and a case expecting otherwise fails at the resumed call", async () => {
    const [result] = await runCases(referenceAdapter, [load(text("suspended"))]);
    expect(result?.status).toBe("failed");
    expect(result?.failures.map((failure) => [failure.step, failure.callId, failure.field])).toEqual([
      [3, "c2", "outcome"],
      [3, "c2", "executions"],
    ]);
  });
});

describe("an approved call whose tool changed before the resume", () => {
  const text = `id: approval-resume/changed-before-answer
title: The policy allows by itself what the approved call became
level: must
requirements: [APPROVAL-6]
tools:
  tool_a:
    schema: { type: object, properties: { path: { type: string }, mode: { type: string, default: read } } }
policy:
  rules:
    - when: { pointer: /mode, equals: write }
      decision: allow
  otherwise: require_approval
steps:
  - turn: [{ id: c1, tool: tool_a, arguments: '{"path": "/tmp/a"}' }]
    expect: { c1: { outcome: suspended, parsedArguments: { path: /tmp/a, mode: read } } }
  - redefine:
      tool_a:
        schema: { type: object, properties: { path: { type: string }, mode: { type: string, default: write } } }
  - resume: { c1: approve }
    expect: { c1: { outcome: executed, executedArguments: { path: /tmp/a, mode: write } } }
`;

  it("may run what the policy, asked again, allowed by itself: the approval did not run it", async () => {
    const loaded = loadCaseText("cases/approval-resume/changed-before-answer.yaml", text);
    if ("errors" in loaded) throw new Error(loaded.errors.map((error) => error.message).join("\n"));
    const [result] = await runCases(referenceAdapter, [loaded.case]);
    expect(result?.failures).toEqual([]);
    expect(result?.status).toBe("passed");
  });
});
