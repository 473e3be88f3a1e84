// The runner's edges (running/runner.ts, in-process.ts, observation.ts): grants in batches and
// grants that cannot be given, what a failed grant is blamed on, messages that list several
// things, the case's duration, closing sessions, and the in-process adapter's time bounds.
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Adapter, AdapterSession, ModelCall } from "../../harness/adapter.ts";
import { inProcess } from "../../harness/running/in-process.ts";
import { describeOutcome, recordsOf } from "../../harness/running/observation.ts";
import { observeCase, runCase } from "../../harness/running/runner.ts";
import referenceAdapter from "../../reference/adapter.ts";
import { fixtureCase } from "../support/observations.ts";
import { DEFAULT_CASES_DIR, loadCases } from "../../harness/loading/loader.ts";

const batchGrant = fixtureCase("running-cases/approval-resume/batch-grant");
const requestedGrant = fixtureCase("running-cases/approval-resume/requested-grant-batch");

/** The reference runtime, except that the call `broken` is reported executed without ever being run. */
function skipping(broken: string): Adapter {
  return {
    ...referenceAdapter,
    async createSession(wiring) {
      const session = await referenceAdapter.createSession(wiring);
      return {
        async runTurn(calls: readonly ModelCall[], turn: number) {
          const real = await session.runTurn(calls.filter((call) => call.callId !== broken), turn);
          return calls.map((call) => (call.callId === broken ? { callId: call.callId, outcome: "executed" as const } : real.find((outcome) => outcome.callId === call.callId)!));
        },
      };
    },
  };
}

/** The reference runtime with its session's close (or fingerprint) replaced. */
function withSession(extra: Partial<AdapterSession>): Adapter {
  return {
    ...referenceAdapter,
    async createSession(wiring) {
      const session = await referenceAdapter.createSession(wiring);
      return { runTurn: (calls, turn) => session.runTurn(calls, turn), fingerprint: session.fingerprint?.bind(session), ...extra };
    },
  };
}

describe("grants in a batch", () => {
  it("grants the suspended second call of a two-call turn, so that its resend runs", async () => {
    const result = await runCase(referenceAdapter, batchGrant, 10_000);
    expect([result.status, result.failures]).toEqual(["passed", []]);
  });

  it("fingerprints the request and then the value the policy evaluated for the granted call, not for its sibling", async () => {
    const observed = await observeCase(referenceAdapter, requestedGrant, 10_000);
    if ("errored" in observed) throw new Error(observed.errored);
    expect(observed.observation.fingerprints.map(({ step, tool, callId, value }) => ({ step, tool, callId, value: value.text }))).toEqual([
      { step: 1, tool: "delete_file", callId: "c1", value: '{"path":"/tmp/x/../secret"}' },
      { step: 1, tool: "delete_file", callId: "c1", value: '{"path":"/tmp/secret"}' },
    ]);
    expect(observed.observation.runFailures).toEqual([]);
  });
});

describe("a grant that cannot be given", () => {
  it("is blamed on the universal failure that accounts for the call's outcome, with what was reported", async () => {
    const result = await runCase(skipping("c2"), batchGrant, 10_000);
    expect(result.status).toBe("failed");
    // c2's first universal failure (a missing parse) does not account for its outcome; the
    // "reported executed, but its tool did not run" one does, and names INV-5.
    expect(result.failures.slice(0, 3).map(({ requirement, check, callId, step }) => ({ requirement, check, callId, step }))).toEqual([
      { requirement: "INV-5", check: undefined, callId: "c2", step: 1 },
      { requirement: "INV-3", check: 6, callId: "c2", step: 0 },
      { requirement: "INV-5", check: 14, callId: "c2", step: 0 },
    ]);
    expect(result.failures[0]).toEqual({ requirement: "INV-5", message: "cannot grant approval for c2: it was not suspended (reported: executed)", step: 1, callId: "c2" });
  });

  it("for a call that has not run keeps its own requirement, whatever another call's failures account for", async () => {
    const grantFirst = { ...batchGrant, steps: [batchGrant.steps[1]!, batchGrant.steps[0]!, batchGrant.steps[2]!] };
    const result = await runCase(skipping("c1"), grantFirst, 10_000);
    expect(result.failures.filter((failure) => failure.callId === "c1" && failure.check === 14)).toHaveLength(1);
    expect(result.failures[0]).toEqual({ requirement: "APPROVAL-1", message: "cannot grant approval for c2: no such call ran", step: 0, callId: "c2" });
  });
});

describe("messages that list several things", () => {
  it("names every capability the adapter lacks: as not applicable when each requirement the case lists is about one, as not declared otherwise", async () => {
    const result = await runCase({ ...referenceAdapter, capabilities: [] }, batchGrant, 10_000);
    expect([result.status, result.notApplicable, result.reason]).toEqual([
      "skipped",
      true,
      'not applicable: APPROVAL-1, since the runtime cannot suspend a call for approval (no "approval" capability) and the runtime computes no proposal hash (no "proposal-hash" capability)',
    ]);
    const { cases } = loadCases([DEFAULT_CASES_DIR]);
    const hookedBatch = cases.find((testCase) => testCase.id === "hook-rewrite/pinned-and-changed-calls-run-as-evaluated")!;
    const lacking = await runCase({ ...referenceAdapter, capabilities: [] }, hookedBatch, 10_000);
    expect([lacking.status, lacking.reason, lacking.lacking]).toEqual(["skipped", "the adapter does not declare: batch, hooks", ["batch", "hooks"]]);
  });

  it("names every call the adapter gave no outcome for", async () => {
    const result = await runCase(withSession({ runTurn: async () => [] }), batchGrant, 10_000);
    expect([result.status, result.reason]).toEqual(["errored", "runTurn reported no outcome for c1, c2"]);
  });
});

describe("a case's duration", () => {
  it("is the time the case took", async () => {
    const before = performance.now();
    const result = await runCase(referenceAdapter, batchGrant, 10_000);
    const took = performance.now() - before;
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
    expect(result.durationMs).toBeLessThanOrEqual(Math.ceil(took));
  });
});

describe("closing a session", () => {
  it("happens once per case, whether the case ran through or the adapter broke", async () => {
    let closed = 0;
    const close = () => void (closed += 1);
    await runCase(withSession({ close }), batchGrant, 10_000);
    expect(closed).toBe(1);
    await runCase(withSession({ close, runTurn: () => Promise.reject(new Error("boom")) }), batchGrant, 10_000);
    expect(closed).toBe(2);
  });
});

describe("the in-process adapter's time bounds", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("names the fingerprint when the runtime's fingerprint hangs", async () => {
    const result = await runCase(withSession({ fingerprint: () => new Promise<string>(() => {}) }), requestedGrant, 300);
    expect([result.status, result.reason]).toEqual(["errored", "fingerprint did not finish within the case's timeout of 300 ms"]);
  });

  it("leaves no timer behind once a call has finished", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const session = await inProcess(referenceAdapter).openSession(batchGrant, 10_000);
    await session.runTurn([{ callId: "c1", toolName: "delete_file", rawArguments: '{"path": "/tmp/a"}' }], 1);
    await session.fingerprint!("delete_file", { path: "/tmp/a" });
    await session.close();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe("what was observed", () => {
  it("describes a missing report and an invalid call with its stage and message", () => {
    expect(describeOutcome(undefined)).toBe("no report");
    expect(describeOutcome({ callId: "c1", outcome: "invalid", stage: "schema", message: "path: expected string" })).toBe("invalid at stage schema (path: expected string)");
    expect(describeOutcome({ callId: "c1", outcome: "not_attempted" })).toBe("not attempted");
  });

  it("finds a call's records in one step only", () => {
    const records = [
      { step: 0, callId: "c1", seq: 1 },
      { step: 1, callId: "c1", seq: 2 },
      { step: 1, callId: "c2", seq: 3 },
      { step: 1, callId: "c1", seq: 4 },
    ];
    expect(recordsOf(records, 1, "c1").map((record) => record.seq)).toEqual([2, 4]);
  });
});
