// The expectation words of harness/checking/expectations.ts that the other expectation tests
// leave loose, tested directly on the reference's real runs: the defaults of unwritten words,
// exact messages and diffs, hash comparisons, and which universal finding a failure follows from.
import { beforeAll, describe, expect, it } from "vitest";
import { explainsEverything } from "../../harness/checking/context.ts";
import { expectationFailures } from "../../harness/checking/expectations.ts";
import type { Observation, ObservedProposal } from "../../harness/running/observation.ts";
import type { Failure } from "../../harness/running/results.ts";
import { snapshot } from "../../harness/values/snapshot.ts";
import { copyOf, observed, policyOf, setOutcome } from "../support/observations.ts";

let everyWord: Observation;
let hooks: Observation;
let mutating: Observation;
beforeAll(async () => {
  everyWord = await observed("checks/read-batch/every-word");
  hooks = await observed("checks/hook-rewrite/hooks-batch");
  mutating = await observed("checks/matrix/mutating-policy");
});

function after(from: Observation, change: (observation: Observation) => void, universal: Failure[] = []): Failure[] {
  const observation = copyOf(from);
  change(observation);
  return expectationFailures(observation, universal);
}
const only = (failures: Failure[]) => failures.map(({ requirement, field, message, callId, step }) => ({ requirement, field, message, callId, step }));

describe("the bases", () => {
  it("meet every expectation (the near miss of every test below)", () => {
    for (const base of [everyWord, hooks, mutating]) expect(expectationFailures(base)).toEqual([]);
  });
});

describe("words left unwritten", () => {
  it("a denied call written without a reason accepts any reason", () => {
    expect(hooks.testCase.steps[0]!.expect!.c4).toEqual({ outcome: "denied" });
    expect(after(hooks, (o) => setOutcome(o, 0, { callId: "c4", outcome: "denied", reason: "anything" }))).toEqual([]);
  });

  it("an invalid call written without a stage accepts either stage", () => {
    expect(hooks.testCase.steps[0]!.expect!.c2).toEqual({ outcome: "invalid" });
    expect(after(hooks, (o) => setOutcome(o, 0, { callId: "c2", outcome: "invalid", stage: "schema", message: "m" }))).toEqual([]);
  });

  it("policyEvaluations defaults to 1 for an executed call", () => {
    expect(only(after(everyWord, (o) => o.log.policies.push({ ...policyOf(o, "c5"), seq: 50 })))).toEqual([
      { requirement: "BATCH-1", field: "policyEvaluations", message: "expected 1 policy evaluation(s), got 2", callId: "c5", step: 1 },
    ]);
  });

  it("policyEvaluations defaults to 0 for an invalid call", () => {
    expect(only(after(everyWord, (o) => o.log.policies.push({ ...policyOf(o, "c1"), seq: 50, callId: "c3" })))).toEqual([
      { requirement: "BATCH-1", field: "policyEvaluations", message: "expected 0 policy evaluation(s), got 1", callId: "c3", step: 0 },
    ]);
  });
});

describe("argument views and hook inputs", () => {
  it("executedArguments of a call whose tool never ran", () => {
    expect(only(after(everyWord, (o) => (o.log.executions = o.log.executions.filter((record) => record.callId !== "c1"))))).toEqual([
      { requirement: "MATRIX-2", field: "executions", message: "expected the tool to run 1 time(s), it ran 0 time(s)", callId: "c1", step: 0 },
      { requirement: "MATRIX-2", field: "executedArguments", message: 'expected executedArguments (at tool entry) {"path":"/tmp/a","mode":"r"}, but the tool never ran for this call', callId: "c1", step: 0 },
    ]);
  });

  it("hookInputs fail when only a later hook saw something else (HOOK-4), with a diff of the inputs", () => {
    const failures = after(hooks, (o) => (o.log.hooks.find((record) => record.callId === "c1" && record.hookId === "audit")!.toolInput = snapshot({ command: "ls" })));
    expect(only(failures)).toEqual([{ requirement: "HOOK-4", field: "hookInputs", message: "the hooks saw different inputs from the expectation", callId: "c1", step: 0 }]);
    expect(failures[0]!.diff).toBe('- expected\n+ actual\n  [\n    {\n      "command": "ls"\n    },\n    {\n-     "command": "ls",\n-     "cwd": "/sandbox"\n+     "command": "ls"\n    }\n  ]');
  });
});

describe("hash comparisons", () => {
  it("a call with no proposal of its own cannot be compared, and says which call lacks one", () => {
    expect(only(after(everyWord, (o) => (o.log.policies = o.log.policies.filter((record) => record.callId !== "c5"))))).toEqual([
      { requirement: "BATCH-1", field: "policyEvaluations", message: "expected 1 policy evaluation(s), got 0", callId: "c5", step: 1 },
      { requirement: "BATCH-1", field: "sameHashAs", message: "cannot compare proposal hashes with c1: c5 has none (no policy evaluation and no suspended proposal)", callId: "c5", step: 1 },
    ]);
  });

  it("a call the runtime did not attempt after a validation failure is not compared with", () => {
    expect(hooks.testCase.steps[1]!.expect!.c6).toMatchObject({ differentHashFrom: ["c5"] });
    expect(after(hooks, (o) => {
      setOutcome(o, 0, { callId: "c5", outcome: "not_attempted" });
      o.log.hooks = o.log.hooks.filter((record) => record.callId !== "c5");
      o.log.policies = o.log.policies.filter((record) => record.callId !== "c5");
      o.log.executions = o.log.executions.filter((record) => record.callId !== "c5");
    })).toEqual([]);
  });

  it("a suspended call whose policy was handed no hash is compared by its suspended proposal's hash", () => {
    expect(after(everyWord, (o) => delete policyOf(o, "c4").proposalHash)).toEqual([]);
  });

  it("sameHashAs between different effective proposals diffs them, the other call's value first", () => {
    const failures = after(everyWord, (o) => {
      policyOf(o, "c5").parsedAtEntry = snapshot({ path: "/tmp/b", mode: "r" });
      policyOf(o, "c5").proposalHash = "other";
    }).filter((failure) => failure.field === "sameHashAs");
    expect(failures.map((failure) => failure.diff)).toEqual(['- c1\n+ c5\n  {\n    "mode": "r",\n-   "path": "/tmp/a"\n+   "path": "/tmp/b"\n  }']);
  });

  it("differentHashFrom between equal effective proposals fails under the call's requirement, saying the hash follows what was evaluated", () => {
    const failures = after(everyWord, (o) => {
      const c1 = policyOf(o, "c1");
      Object.assign(policyOf(o, "c4"), { tool: c1.tool, parsedAtEntry: c1.parsedAtEntry, proposalHash: c1.proposalHash });
    });
    expect(only(failures)).toEqual([
      { requirement: "APPROVAL-3", field: "differentHashFrom", message: "expected an effective proposal different from c1's, and the proposal hashes follow what was evaluated", callId: "c4", step: 0 },
    ]);
    expect(failures[0]!.diff).toBe('- c1\n+ c4\n  {\n    "mode": "r",\n    "path": "/tmp/a"\n  }');
  });
});

describe("a policy edit that changed nothing", () => {
  const suspendedC1 = (o: Observation) => {
    const policy = policyOf(o, "c1");
    const proposal: ObservedProposal = { kind: "proposal", callId: "c1", toolName: policy.tool, rawArguments: '{"path": "/tmp/a"}', parsedArguments: policy.parsedAtEntry, argsCanonicalJson: policy.argsCanonicalJson!, proposalHash: policy.proposalHash! };
    setOutcome(o, 0, { callId: "c1", outcome: "suspended", proposal });
  };

  it("holds a call expected denied for policy_mutated_arguments to a require_approval decision: suspended, with no run", () => {
    expect(after(mutating, (o) => {
      policyOf(o, "c1").mutation = "unchanged";
      policyOf(o, "c1").decision = { decision: "require_approval" };
      suspendedC1(o);
    })).toEqual([]);
  });

  it("leaves a call expected with another reason to what is written, whatever its policy decided", () => {
    expect(after(everyWord, (o) => {
      policyOf(o, "c2").mutation = "unchanged";
      policyOf(o, "c2").decision = { decision: "allow" };
    })).toEqual([]);
  });
});

describe("which universal finding a failed expectation follows from", () => {
  const causeAt = (step: number, callId: string): Failure => {
    const cause: Failure = { requirement: "INV-2", check: 3, message: "m", step, callId };
    explainsEverything(cause);
    return cause;
  };
  const wrongOutcome = (o: Observation) => setOutcome(o, 0, { callId: "c1", outcome: "denied", reason: "x" });

  it("a finding of the same call in the same step names the failure after itself", () => {
    expect(only(after(everyWord, wrongOutcome, [causeAt(0, "c1")]))).toEqual([
      { requirement: "INV-2", field: "outcome", message: 'expected outcome executed, got denied ("x")', callId: "c1", step: 0 },
    ]);
  });

  it("a finding of another call in the same step, or of the same call id in another step, does not", () => {
    expect(only(after(everyWord, wrongOutcome, [causeAt(0, "c2"), causeAt(1, "c1")]))).toEqual([
      { requirement: "MATRIX-2", field: "outcome", message: 'expected outcome executed, got denied ("x")', callId: "c1", step: 0 },
    ]);
    expect(only(after(everyWord, wrongOutcome, [causeAt(1, "c1")]))[0]!.requirement).toBe("MATRIX-2");
    expect(only(after(everyWord, wrongOutcome, [causeAt(0, "c2")]))[0]!.requirement).toBe("MATRIX-2");
  });
});
