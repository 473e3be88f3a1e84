// A runtime that computes no proposal hash (no "proposal-hash" capability): the requirements
// about the hash are "not applicable", neither holding nor broken, and everything else is
// still run and judged. The runtime here is the reference with its fingerprint withheld from
// the policy and from suspended proposals, as a real SDK without hashes would behave.
import { describe, expect, it } from "vitest";
import type { Adapter, CallOutcome, ToolPolicy } from "../../harness/adapter.ts";
import { DEFAULT_CASES_DIR, loadCases } from "../../harness/loading/loader.ts";
import { REQUIREMENTS } from "../../harness/loading/requirements.ts";
import { buildReport } from "../../harness/reporting/report.ts";
import { runCases } from "../../harness/running/runner.ts";
import { stdioImplementation } from "../../harness/running/stdio/implementation.ts";
import { referenceAdapter } from "../../reference/adapter.ts";
import { referenceStages, type Stages } from "../../reference/runtime.ts";

const { cases } = loadCases([DEFAULT_CASES_DIR]);
const needingTheHash = [...REQUIREMENTS.values()].filter((requirement) => requirement.needs?.includes("proposal-hash")).map((requirement) => requirement.id);

/** The reference, handing neither its policy nor its suspended proposals a fingerprint; `changes` breaks it further. */
function hashless(name: string, changes: Partial<Stages> = {}): Adapter {
  const stages: Stages = {
    ...referenceStages,
    async attempt(config, call, turn) {
      const policy: ToolPolicy = ({ argsCanonicalJson: _text, proposalHash: _hash, ...input }) => config.policy(input);
      const outcome: CallOutcome = await referenceStages.attempt.call(this, { ...config, policy }, call, turn);
      if (outcome.outcome !== "suspended") return outcome;
      const { argsCanonicalJson: _kept, proposalHash: _alsoKept, ...proposal } = outcome.proposal;
      return { ...outcome, proposal };
    },
    ...changes,
  };
  return { ...referenceAdapter(name, stages), capabilities: ["approval", "batch", "handoffs", "hooks", "raw-view", "replay", "resume", "tool-changes"] };
}

describe("a runtime without proposal hashes", () => {
  it("has exactly the requirements marked `needs: [proposal-hash]` not applicable, and every other one holds", async () => {
    expect(needingTheHash).toEqual(["INV-4", "INV-7", "MATRIX-4", "APPROVAL-1", "APPROVAL-2", "APPROVAL-3", "APPROVAL-4", "APPROVAL-5"]);
    const adapter = hashless("hashless reference");
    const report = buildReport(adapter, await runCases(adapter, cases), []);
    const statuses = Object.fromEntries(report.requirements.map((verdict) => [verdict.id, verdict.status]));
    expect(Object.entries(statuses).filter(([, status]) => status === "not_applicable").map(([id]) => id)).toEqual(needingTheHash);
    expect(Object.entries(statuses).filter(([id, status]) => !needingTheHash.includes(id) && status !== "holds")).toEqual([]);
    expect(report.summary.badge).toBe("MUST 26/26 (100%), SHOULD 6/6 (100%); not applicable: 8");
  });

  it("runs every case; only those listing nothing but such requirements end skipped, as not applicable", async () => {
    const results = await runCases(hashless("hashless reference"), cases);
    expect(results.filter((result) => result.status === "failed" || result.status === "errored")).toEqual([]);
    const skipped = results.filter((result) => result.status === "skipped");
    expect(skipped.map((result) => result.id)).toEqual(cases.filter((testCase) => testCase.requirements.every((id) => needingTheHash.includes(id))).map((testCase) => testCase.id));
    expect(skipped.map((result) => result.id)).toContain("approval-resume/different-effective-value-not-granted");
    for (const result of skipped) expect(result.reason).toMatch(/^not applicable: [A-Z0-9, -]+, since the runtime computes no proposal hash \(no "proposal-hash" capability\); the universal checks held$/);
  });

  it("is still held to everything else, in the same cases: a policy's mutation executed is INV-6", async () => {
    const careless = hashless("hashless, no mutation check", { authorize: (policy, input) => Promise.resolve(policy(input)) });
    const [result] = await runCases(careless, cases.filter((testCase) => testCase.id === "matrix/policy-mutation-denied"));
    expect(result!.status).toBe("failed");
    expect(result!.failures.map((failure) => failure.requirement)).toContain("MATRIX-6");
  });

  it("is held to the universal checks in turns after a grant it could not be given: running a call the policy did not allow is INV-1", async () => {
    const eager = hashless("hashless, runs what awaits approval", {
      async authorize(policy, input) {
        const decision = await referenceStages.authorize.call(this, policy, input);
        return decision.decision === "require_approval" ? { decision: "allow" } : decision;
      },
    });
    const [result] = await runCases(eager, cases.filter((testCase) => testCase.id === "approval-resume/grant-runs-suspended-proposal"));
    expect(result!.status).toBe("failed");
    expect(result!.failures.map((failure) => [failure.requirement, failure.check])).toContainEqual(["INV-1", 10]);
    expect(result!.failures.every((failure) => !needingTheHash.includes(failure.requirement))).toBe(true);
  });

  it("still owes suspended proposals their raw string: one left out is MATRIX-7", async () => {
    const forgetful = hashless("hashless, no raw string kept", {
      async attempt(config, call, turn) {
        const result: CallOutcome = await referenceStages.attempt.call(this, config, call, turn);
        if (result.outcome !== "suspended") return result;
        const { rawArguments: _raw, ...proposal } = result.proposal;
        return { ...result, proposal };
      },
    });
    const [result] = await runCases(forgetful, cases.filter((testCase) => testCase.id === "matrix/suspended-proposal-keeps-both-views"));
    // Both of the case's suspended calls.
    expect(result!.failures.map((failure) => `${failure.callId} ${failure.requirement} ${failure.check}: ${failure.message}`)).toEqual([
      "c1 MATRIX-7 18: the suspended proposal has no rawArguments view",
      "c2 MATRIX-7 18: the suspended proposal has no rawArguments view",
    ]);
  });
});

describe("a runtime without proposal hashes behind a stdio adapter", () => {
  it("gets the same verdict: the hash requirements not applicable, every other one holding", async () => {
    const implementation = await stdioImplementation("node test/fixtures/running-adapter.mjs hashless");
    try {
      const results = await runCases(implementation, cases);
      expect(results.filter((result) => result.status === "failed" || result.status === "errored")).toEqual([]);
      const report = buildReport(implementation, results, []);
      expect(report.implementation.capabilities).not.toContain("proposal-hash");
      expect(report.requirements.filter((verdict) => verdict.status === "not_applicable").map((verdict) => verdict.id)).toEqual(needingTheHash);
      expect(report.summary.badge).toBe("MUST 26/26 (100%), SHOULD 6/6 (100%); not applicable: 8");
    } finally {
      await implementation.dispose?.();
    }
  });
});

describe("a runtime that declares proposal hashes", () => {
  it("and hands the policy none breaks INV-4", async () => {
    const silent = { ...hashless("claims hashes"), capabilities: ["approval", "batch", "hooks", "proposal-hash"] as const };
    const [result] = await runCases(silent, cases.filter((testCase) => testCase.id === "matrix/defaults-visible"));
    expect(result!.failures.map((failure) => `${failure.requirement} ${failure.check}: ${failure.message}`)).toContain("INV-4 19: the policy was handed no proposalHash");
  });
});

describe("a runtime whose policy point is handed no raw string (no \"raw-view\" capability)", () => {
  /** The reference, handing its policy no rawArguments: what an SDK's yes/no approval callback gets. */
  const rawless: Adapter = {
    ...referenceAdapter("rawless reference", {
      ...referenceStages,
      attempt(config, call, turn) {
        const policy: ToolPolicy = ({ rawArguments: _raw, ...input }) => config.policy(input);
        return referenceStages.attempt.call(this, { ...config, policy }, call, turn);
      },
    }),
  };

  it("has INV-8 not applicable, and every other requirement holding", async () => {
    const adapter = { ...rawless, capabilities: rawless.capabilities.filter((capability) => capability !== "raw-view") };
    const report = buildReport(adapter, await runCases(adapter, cases), []);
    expect(report.requirements.filter((verdict) => verdict.status !== "holds").map((verdict) => [verdict.id, verdict.status])).toEqual([["INV-8", "not_applicable"]]);
  });

  it("breaks INV-8 when it declares the raw view all the same", async () => {
    const [result] = await runCases(rawless, cases.filter((testCase) => testCase.id === "matrix/defaults-visible"));
    expect(result!.failures.map((failure) => `${failure.requirement} ${failure.check}: ${failure.message}`)).toContain("INV-8 25: the policy was handed no rawArguments");
  });
});
