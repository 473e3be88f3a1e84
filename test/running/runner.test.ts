// A misbehaving adapter makes its case "errored" with the reason, and the run goes on;
// a missing capability makes a case "skipped".
import { describe, expect, it } from "vitest";
import type { Adapter, CallOutcome } from "../../harness/adapter.ts";
import { DEFAULT_CASES_DIR, loadCases } from "../../harness/loading/loader.ts";
import { runCases } from "../../harness/running/runner.ts";
import referenceAdapter from "../../reference/adapter.ts";

const { cases } = loadCases([DEFAULT_CASES_DIR]);
const sample = cases.filter((testCase) => testCase.capabilities.length === 0).slice(0, 3);

function brokenAdapter(name: string, runTurn: () => Promise<readonly CallOutcome[]>): Adapter {
  return { name, version: "0", capabilities: [], createSession: () => ({ runTurn }) };
}

describe("the runner", () => {
  it("has plain cases to try broken adapters on", () => {
    expect(sample).toHaveLength(3);
  });

  it.each([
    { kind: "throws", adapter: brokenAdapter("throws", () => Promise.reject(new Error("boom"))), reason: /the adapter threw: Error: boom/ },
    { kind: "hangs", adapter: brokenAdapter("hangs", () => new Promise(() => {})), reason: /^turn 1 did not finish within the case's timeout of 500 ms$/ },
    { kind: "returns garbage", adapter: brokenAdapter("garbage", async () => "ok" as never), reason: /runTurn returned "ok" instead of a list/ },
    { kind: "omits a call", adapter: brokenAdapter("omits", async () => []), reason: /runTurn reported no outcome for c1/ },
    { kind: "reports a call not in the turn", adapter: brokenAdapter("stranger", async () => [{ callId: "c1", outcome: "executed" }, { callId: "c99", outcome: "executed" }]), reason: /^runTurn reported an unknown call "c99"$/ },
    { kind: "reports a call twice", adapter: brokenAdapter("twice", async () => [{ callId: "c1", outcome: "executed" }, { callId: "c1", outcome: "executed" }]), reason: /^runTurn reported call "c1" twice$/ },
  ])("marks every case errored when the adapter $kind, and goes on", async ({ adapter, reason }) => {
    const results = await runCases(adapter, sample, { timeoutMs: 500 });
    expect(results.map((result) => result.status)).toEqual(["errored", "errored", "errored"]);
    for (const result of results) expect(result.reason).toMatch(reason);
  });

  it("marks errored a case whose session cannot start", async () => {
    const adapter: Adapter = { name: "no-session", version: "0", capabilities: [], createSession: () => { throw new TypeError("no runtime"); } };
    const [result] = await runCases(adapter, sample.slice(0, 1));
    expect(result?.status).toBe("errored");
    expect(result?.reason).toBe("the adapter threw: TypeError: no runtime");
  });

  it("skips the cases that need a capability the adapter does not declare: not judged, or not applicable when every requirement they list is", async () => {
    const hooked = cases.filter((testCase) => testCase.capabilities.includes("hooks"));
    const judgedElsewhere = hooked.find((testCase) => testCase.requirements.some((id) => !id.startsWith("HOOK-")))!;
    const onlyHooks = hooked.find((testCase) => testCase.requirements.every((id) => id.startsWith("HOOK-")))!;
    const results = await runCases({ ...referenceAdapter, capabilities: ["approval", "batch"] }, [judgedElsewhere, onlyHooks]);
    expect(results.map((result) => [result.status, result.reason, result.lacking, result.notApplicable])).toEqual([
      ["skipped", "the adapter does not declare: hooks", ["hooks"], undefined],
      ["skipped", `not applicable: ${onlyHooks.requirements.join(", ")}, since the runtime has no PreToolUse hooks (no "hooks" capability)`, undefined, true],
    ]);
  });

  it("gives the same verdicts twice", async () => {
    const strip = (results: Awaited<ReturnType<typeof runCases>>) => results.map(({ durationMs: _, ...rest }) => rest);
    const first = await runCases(referenceAdapter, cases);
    const second = await runCases(referenceAdapter, cases);
    expect(strip(second)).toEqual(strip(first));
  });

  it("gives the same reasons twice when an adapter hangs, whatever time was left", async () => {
    const hangs = brokenAdapter("hangs", () => new Promise(() => {}));
    const first = await runCases(hangs, sample.slice(0, 1), { timeoutMs: 150 });
    const second = await runCases(hangs, sample.slice(0, 1), { timeoutMs: 150 });
    expect(first[0]?.reason).toBe("turn 1 did not finish within the case's timeout of 150 ms");
    expect(second[0]?.reason).toBe(first[0]?.reason);
  });

  it("errors, and does not crash on, an outcome missing what its kind needs", async () => {
    const adapter = brokenAdapter("no proposal", async () => [{ callId: "c1", outcome: "suspended" }] as never);
    const results = await runCases(adapter, sample);
    expect(results.map((result) => result.status)).toEqual(["errored", "errored", "errored"]);
    expect(results[0]?.reason).toMatch(/^runTurn reported a malformed outcome \(proposal: /);
  });

  it("gives a case one budget for all its calls, not each call the whole of it", async () => {
    const slow = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const adapter: Adapter = {
      name: "slow",
      version: "0",
      capabilities: [],
      async createSession() {
        await slow(300);
        return { runTurn: async () => (await slow(300), [{ callId: "c1", outcome: "executed" }]) };
      },
    };
    const [result] = await runCases(adapter, sample.slice(0, 1), { timeoutMs: 500 });
    expect([result?.status, result?.reason]).toEqual(["errored", "turn 1 did not finish within the case's timeout of 500 ms"]);
  });

  it("numbers the turns 1, 2, ... without counting grant steps", async () => {
    const withGrant = cases.find((testCase) => testCase.id === "approval-resume/grant-runs-suspended-proposal")!;
    const turns: number[] = [];
    const adapter: Adapter = {
      ...referenceAdapter,
      createSession(wiring) {
        const session = referenceAdapter.createSession(wiring) as Awaited<ReturnType<Adapter["createSession"]>>;
        return { runTurn: (calls, turn) => (turns.push(turn), session.runTurn(calls, turn)) };
      },
    };
    const [result] = await runCases(adapter, [withGrant]);
    expect(result?.status).toBe("passed");
    expect(turns).toEqual([1, 2]);
  });

  it("errors a case whose fingerprint answer is not a hash, and one whose adapter lacks the fingerprint it declared", async () => {
    const preSchema = cases.filter((testCase) => testCase.id === "approval-resume/pre-schema-grant-rejected");
    const answering = (fingerprint: (() => unknown) | undefined): Adapter => ({
      ...referenceAdapter,
      createSession(wiring) {
        const session = referenceAdapter.createSession(wiring) as Awaited<ReturnType<Adapter["createSession"]>>;
        return { runTurn: (calls, turn) => session.runTurn(calls, turn), ...(fingerprint && { fingerprint: fingerprint as never }) };
      },
    });
    const [notAHash] = await runCases(answering(() => 42), preSchema);
    expect([notAHash?.status, notAHash?.reason]).toEqual(["errored", "fingerprint returned 42 instead of a proposal hash"]);
    const [missing] = await runCases(answering(undefined), preSchema);
    expect([missing?.status, missing?.reason]).toEqual(["errored", "the case needs the runtime's fingerprint, which the implementation cannot compute"]);
  });

  it("ignores a close that fails or hangs: the verdict stands", async () => {
    const adapter = (close: () => Promise<void>): Adapter => ({ ...referenceAdapter, createSession: (wiring) => ({ ...(referenceAdapter.createSession(wiring) as object), close }) as never });
    const [failing] = await runCases(adapter(async () => { throw new Error("no"); }), sample.slice(0, 1));
    const [hanging] = await runCases(adapter(() => new Promise(() => {})), sample.slice(0, 1), { timeoutMs: 300 });
    expect([failing?.status, hanging?.status]).toEqual(["passed", "passed"]);
  });
});
