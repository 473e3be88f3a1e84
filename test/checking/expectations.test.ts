// Every word of an expectation, tested directly on the reference's real run of a fixture case
// whose expectations it meets: changing one record makes exactly that word fail, naming the
// requirement spec/case-format.md gives it.
import { beforeAll, describe, expect, it } from "vitest";
import { explainsEverything } from "../../harness/checking/context.ts";
import { expectationFailures } from "../../harness/checking/expectations.ts";
import type { Observation, ObservedOutcome } from "../../harness/running/observation.ts";
import type { Failure } from "../../harness/running/results.ts";
import { snapshot } from "../../harness/values/snapshot.ts";
import { copyOf, observed, policyOf, setOutcome } from "../support/observations.ts";

let base: Observation;
let mutating: Observation;
beforeAll(async () => {
  base = await observed("checks/read-batch/every-word");
  mutating = await observed("checks/matrix/mutating-policy");
});

function after(from: Observation, change: (observation: Observation) => void, universal: Failure[] = []) {
  const observation = copyOf(from);
  change(observation);
  return expectationFailures(observation, universal);
}
const only = (failures: Failure[]) => failures.map(({ requirement, field, message, callId, step }) => ({ requirement, field, message, callId, step }));

describe("the base", () => {
  it("meets every expectation (the near miss of every test below)", () => {
    expect(expectationFailures(base)).toEqual([]);
    expect(expectationFailures(mutating)).toEqual([]);
  });
});

describe("words that test what the call is about name the call's requirement", () => {
  it("outcome: only the outcome is reported when it is wrong, not its reason", () => {
    expect(only(after(base, (o) => setOutcome(o, 0, { callId: "c2", outcome: "denied", reason: "other" })))).toEqual([
      { requirement: "BATCH-1", field: "reason", message: 'expected deny reason "sensitive_path", got "other"', callId: "c2", step: 0 },
    ]);
    expect(only(after(base, (o) => setOutcome(o, 0, { callId: "c2", outcome: "suspended" } as ObservedOutcome)))).toEqual([
      { requirement: "BATCH-1", field: "outcome", message: "expected outcome denied, got suspended", callId: "c2", step: 0 },
    ]);
  });

  it("reason is compared whole, not by prefix", () => {
    expect(only(after(base, (o) => setOutcome(o, 0, { callId: "c2", outcome: "denied", reason: "sensitive_path_extra" })))).toEqual([
      { requirement: "BATCH-1", field: "reason", message: 'expected deny reason "sensitive_path", got "sensitive_path_extra"', callId: "c2", step: 0 },
    ]);
  });

  it("stage", () => {
    expect(only(after(base, (o) => setOutcome(o, 0, { callId: "c3", outcome: "invalid", stage: "json", message: "m" })))).toEqual([
      { requirement: "BATCH-1", field: "stage", message: "expected a validation error at stage schema, got stage json", callId: "c3", step: 0 },
    ]);
  });

  it("parsedArguments and executedArguments, with a diff, under the call's own requirement word", () => {
    const failures = after(base, (o) => {
      policyOf(o, "c1").parsedAtEntry = snapshot({ path: "/tmp/a" });
      o.log.executions[0]!.argsAtEntry = snapshot({ path: "/tmp/a", mode: "w" });
    });
    expect(only(failures)).toEqual([
      { requirement: "MATRIX-2", field: "parsedArguments", message: "parsedArguments (at policy entry) differ from the expectation", callId: "c1", step: 0 },
      { requirement: "MATRIX-2", field: "executedArguments", message: "executedArguments (at tool entry) differ from the expectation", callId: "c1", step: 0 },
    ]);
    expect(failures[0]!.diff).toBe('- expected\n+ actual\n  {\n-   "mode": "r",\n    "path": "/tmp/a"\n  }');
  });

  it("parsedArguments of a call the policy never saw", () => {
    expect(only(after(base, (o) => {
      o.log.policies = o.log.policies.filter((record) => record.callId !== "c1");
    })).filter((failure) => failure.callId === "c1").map((failure) => [failure.field, failure.message])).toEqual([
      ["policyEvaluations", "expected 1 policy evaluation(s), got 0"],
      ["requestedArguments", 'expected requestedArguments {"path":"/tmp/../tmp/a","note":1}, but the policy never saw this call'],
      ["parsedArguments", 'expected parsedArguments (at policy entry) {"path":"/tmp/a","mode":"r"}, but the policy never saw this call'],
    ]);
  });

  it("executions, written and by default", () => {
    expect(only(after(base, (o) => o.log.executions.push({ ...o.log.executions[0]!, seq: 50 })))).toEqual([
      { requirement: "MATRIX-2", field: "executions", message: "expected the tool to run 1 time(s), it ran 2 time(s)", callId: "c1", step: 0 },
    ]);
    expect(only(after(base, (o) => o.log.executions.push({ ...o.log.executions[0]!, seq: 50, callId: "c2" })))).toEqual([
      { requirement: "BATCH-1", field: "executions", message: "expected the tool to run 0 time(s), it ran 1 time(s)", callId: "c2", step: 0 },
    ]);
  });

  it("policyEvaluations, written, and by default 1 for a suspended call", () => {
    expect(only(after(base, (o) => o.log.policies.push({ ...policyOf(o, "c2"), seq: 50 })))).toEqual([
      { requirement: "BATCH-1", field: "policyEvaluations", message: "expected 1 policy evaluation(s), got 2", callId: "c2", step: 0 },
    ]);
    expect(only(after(base, (o) => o.log.policies.push({ ...policyOf(o, "c4"), seq: 50 })))).toEqual([
      { requirement: "APPROVAL-3", field: "policyEvaluations", message: "expected 1 policy evaluation(s), got 2", callId: "c4", step: 0 },
    ]);
  });
});

describe("words with a fixed requirement", () => {
  it("requestedArguments names MATRIX-3 without hooks, HOOK-5 once a hook ran for the call (with or without a rewrite); an absent view is not compared", () => {
    expect(only(after(base, (o) => {
      policyOf(o, "c1").requestedAtEntry = snapshot({ path: "/tmp/a" });
      o.log.hooks = o.log.hooks.filter((hook) => hook.callId !== "c1");
    })).filter((failure) => failure.field === "requestedArguments")).toEqual([{ requirement: "MATRIX-3", field: "requestedArguments", message: "requestedArguments differ from the expectation", callId: "c1", step: 0 }]);
    expect(after(base, (o) => delete policyOf(o, "c1").requestedAtEntry)).toEqual([]);
    expect(only(after(base, (o) => (policyOf(o, "c1").requestedAtEntry = snapshot({ path: "/tmp/a" }))))[0]!.requirement).toBe("HOOK-5");
    expect(only(after(base, (o) => {
      policyOf(o, "c1").requestedAtEntry = snapshot({ path: "/tmp/a" });
      o.log.hooks[0]!.output = snapshot({ path: "/tmp/../tmp/a", note: 1 });
    }))[0]!.requirement).toBe("HOOK-5");
  });

  it("hookInputs names HOOK-1 when the first hook saw something else, HOOK-4 when only a later run differs", () => {
    expect(only(after(base, (o) => (o.log.hooks[0]!.toolInput = snapshot({ path: "/tmp/a" }))))).toEqual([
      { requirement: "HOOK-1", field: "hookInputs", message: "the hooks saw different inputs from the expectation", callId: "c1", step: 0 },
    ]);
    expect(only(after(base, (o) => o.log.hooks.push({ ...o.log.hooks[0]!, seq: 0.5, toolInput: snapshot({}) })))[0]).toMatchObject({ requirement: "HOOK-4", field: "hookInputs" });
    expect(only(after(base, (o) => (o.log.hooks = o.log.hooks.filter((hook) => hook.callId !== "c1"))))[0]).toMatchObject({ requirement: "HOOK-1", field: "hookInputs" });
  });

  it("sameHashAs names MATRIX-4 when the effective proposals are equal and the hashes not", () => {
    expect(only(after(base, (o) => (policyOf(o, "c5").proposalHash = "other")))).toEqual([
      { requirement: "MATRIX-4", field: "sameHashAs", message: expect.stringMatching(/^expected the same proposal hash as c1's: other vs [0-9a-f]{64}$/), callId: "c5", step: 1 },
    ]);
  });

  it("sameHashAs names the call's requirement when the proposals themselves differ", () => {
    expect(only(after(base, (o) => {
      policyOf(o, "c5").parsedAtEntry = snapshot({ path: "/tmp/b", mode: "r" });
      policyOf(o, "c5").proposalHash = "other";
    })).filter((failure) => failure.field === "sameHashAs")).toEqual([
      { requirement: "BATCH-1", field: "sameHashAs", message: "expected the same effective proposal as c1's, and the proposal hashes follow what was evaluated", callId: "c5", step: 1 },
    ]);
  });

  it("differentHashFrom compares the hashes: INV-4 when different proposals share one", () => {
    expect(only(after(base, (o) => {
      policyOf(o, "c4").proposalHash = policyOf(o, "c1").proposalHash!;
      (o.turns[0]!.outcomes.get("c4") as Extract<ObservedOutcome, { outcome: "suspended" }>).proposal.proposalHash = policyOf(o, "c1").proposalHash!;
    }))).toEqual([{ requirement: "INV-4", field: "differentHashFrom", message: expect.stringMatching(/^expected a proposal hash different from c1's: ([0-9a-f]{64}) vs \1$/), callId: "c4", step: 0 }]);
  });

  it("a hash comparison with a call that has no hash fails under the call's requirement", () => {
    expect(only(after(base, (o) => (o.log.policies = o.log.policies.filter((record) => record.callId !== "c1")))).filter((failure) => failure.callId === "c5")).toEqual([
      { requirement: "BATCH-1", field: "sameHashAs", message: "cannot compare proposal hashes with c1: c1 has none (no policy evaluation and no suspended proposal)", callId: "c5", step: 1 },
    ]);
  });
});

describe("what the runtime may choose", () => {
  it("a call left unattempted after an invalid one is held to none of its expectations, nor compared with", () => {
    expect(after(base, (o) => {
      setOutcome(o, 0, { callId: "c4", outcome: "not_attempted" });
      o.log.policies = o.log.policies.filter((record) => record.callId !== "c4");
    })).toEqual([]);
  });

  it("a call unattempted without an invalid one before it is held to its expectations", () => {
    expect(only(after(base, (o) => {
      setOutcome(o, 0, { callId: "c2", outcome: "not_attempted" });
      o.log.policies = o.log.policies.filter((record) => record.callId !== "c2");
    })).map((failure) => failure.field)).toEqual(["outcome", "policyEvaluations"]);
  });

  it("a mutation the runtime prevented holds the call to the policy's decision; one it let through is held to policy_mutated_arguments", () => {
    const executed = (o: Observation) => {
      setOutcome(o, 0, { callId: "c1", outcome: "executed" });
      o.log.executions.push({ seq: 3, step: 0, callId: "c1", tool: "write_file", argsRef: policyOf(o, "c1").parsedRef, argsAtEntry: policyOf(o, "c1").parsedAtEntry, inherited: [] });
    };
    expect(after(mutating, (o) => {
      executed(o);
      policyOf(o, "c1").mutation = "unchanged";
    })).toEqual([]);
    expect(only(after(mutating, executed)).map((failure) => failure.field)).toEqual(["outcome", "executions"]);
  });
});

describe("consequences", () => {
  it("a failed expectation a universal finding accounts for names the finding's requirement", () => {
    const cause: Failure = { requirement: "INV-2", check: 3, message: "m", step: 0, callId: "c2" };
    explainsEverything(cause);
    expect(only(after(base, (o) => setOutcome(o, 0, { callId: "c2", outcome: "executed" }), [cause]))[0]).toMatchObject({ requirement: "INV-2", field: "outcome" });
  });

  it("unless the call tests a requirement that refines it (MATRIX-2 refines INV-1)", () => {
    const cause: Failure = { requirement: "INV-1", check: 5, message: "m", step: 0, callId: "c1" };
    explainsEverything(cause);
    expect(only(after(base, (o) => (policyOf(o, "c1").parsedAtEntry = snapshot({ path: "/tmp/a" })), [cause]))[0]).toMatchObject({ requirement: "MATRIX-2", field: "parsedArguments" });
  });

  it("a finding that explains nothing leaves the call's requirement", () => {
    const cause: Failure = { requirement: "INV-7", check: 19, message: "m", step: 0, callId: "c2" };
    expect(only(after(base, (o) => setOutcome(o, 0, { callId: "c2", outcome: "executed" }), [cause]))[0]).toMatchObject({ requirement: "BATCH-1", field: "outcome" });
  });
});

describe("a call the case expects refused at decoding", () => {
  it("is named after its own requirement when only a later stage's breach went wrong too: plain decoding in a SHOULD case is DECOY-3, not the ordering's INV-1", async () => {
    const { loadCaseFile } = await import("../../harness/loading/loader.ts");
    const { runCase } = await import("../../harness/running/runner.ts");
    const preRfc = (await import("../mutants/pre-rfc-ordering.ts")).default;
    const loaded = loadCaseFile(new URL("../../cases/decoy-field/duplicate-keys-rejected.yaml", import.meta.url).pathname);
    if (!("case" in loaded)) throw new Error("the case does not load");
    const result = await runCase(preRfc, loaded.case, 10_000);
    // The policy was handed the decoded request before any parse: INV-1, from check 5.
    expect(result.failures.some((failure) => failure.requirement === "INV-1" && failure.check === 5)).toBe(true);
    // What the case expects of decoding (refused at stage json, nothing evaluated or run) is the case's own point.
    const expectations = result.failures.filter((failure) => failure.check === undefined);
    expect(expectations.length).toBeGreaterThan(0);
    expect(new Set(expectations.map((failure) => failure.requirement))).toEqual(new Set(["DECOY-3"]));
  });
});
