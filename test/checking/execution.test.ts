// The checks of "evaluated equals executed" (checks 8 to 15, harness/checking/execution.ts) at
// their boundaries: which requirement a run out of order names, what counts as "before", and
// which expectations each finding accounts for (explains), on the reference's real runs changed by one record.
import { describe, expect, it } from "vitest";
import { explains } from "../../harness/checking/context.ts";
import { universalFailures } from "../../harness/checking/universal.ts";
import type { Observation } from "../../harness/running/observation.ts";
import type { Failure } from "../../harness/running/results.ts";
import { snapshot } from "../../harness/values/snapshot.ts";
import { at, checkBases, executionOf, policyOf, setOutcome, universalAfter } from "../support/observations.ts";

const { oneCall, suspended, hooked, batch, mutating } = await checkBases();

const after = universalAfter;
const ofCheck = (failures: Failure[], check: number) => failures.filter((failure) => failure.check === check);
/** Which expectation words a failure accounts for, among a few that tell the kinds apart. */
const explained = (failure: Failure) => (["outcome", "policyEvaluations", "executions", "executedArguments"] as const).filter((field) => explains(failure, field));
const INV1_NONE = "the tool ran after 0 allowing policy evaluation(s) out of 0; exactly one allowing evaluation must come first";

describe("the bases", () => {
  it("pass every universal check on the reference's own run", () => {
    for (const base of [oneCall, suspended, hooked, batch, mutating]) expect(universalFailures(base)).toEqual([]);
  });
});

describe("checks 8 and 9: counts account for the counting words only", () => {
  it("check 8 (two evaluations) accounts for policyEvaluations, and for no other word", () => {
    const failures = after(suspended, (o) => {
      o.log.policies.push({ ...policyOf(o, "c1"), seq: 2.5 });
    });
    expect(failures).toEqual([{ requirement: "INV-1", check: 8, message: "the policy evaluated this one attempt 2 times", ...at(0, "c1") }]);
    expect(explained(failures[0]!)).toEqual(["policyEvaluations"]);
    expect(explains(failures[0]!, undefined)).toBe(false);
  });

  it("check 9 (two runs) accounts for executions and executedArguments, and for no other word", () => {
    const failures = after(oneCall, (o) => {
      o.log.executions.push({ ...executionOf(o, "c1"), seq: 4 });
    });
    expect(failures).toEqual([{ requirement: "INV-5", check: 9, message: "the tool ran 2 times for one attempt", ...at(0, "c1") }]);
    expect(explained(failures[0]!)).toEqual(["executions", "executedArguments"]);
  });
});

describe("check 10: exactly one allowing evaluation strictly before the run", () => {
  it("an evaluation recorded at the same point as the run does not come before it", () => {
    const failures = after(oneCall, (o) => {
      executionOf(o, "c1").seq = policyOf(o, "c1").seq;
    });
    expect(failures).toEqual([{ requirement: "INV-1", check: 10, message: INV1_NONE, ...at(0, "c1") }]);
  });

  it("a run after two evaluations, one allowing, is INV-1 for the count, accounting for policyEvaluations only", () => {
    const failures = after(oneCall, (o) => {
      o.log.policies.push({ ...policyOf(o, "c1"), seq: 2.5, decision: { decision: "deny", reason: "no" } });
    });
    expect(failures).toEqual([
      { requirement: "INV-1", check: 8, message: "the policy evaluated this one attempt 2 times", ...at(0, "c1") },
      { requirement: "INV-1", check: 10, message: "the tool ran after 1 allowing policy evaluation(s) out of 2; exactly one allowing evaluation must come first", ...at(0, "c1") },
    ]);
    expect(explained(failures[1]!)).toEqual(["policyEvaluations"]);
  });

  it("a run without any allowing evaluation accounts for every expectation of the call", () => {
    const failures = after(oneCall, (o) => {
      policyOf(o, "c1").decision = { decision: "deny", reason: "no" };
    });
    expect(failures).toEqual([{ requirement: "INV-1", check: 10, message: "the tool ran after 0 allowing policy evaluation(s) out of 1; exactly one allowing evaluation must come first", ...at(0, "c1") }]);
    expect(explains(failures[0]!, undefined)).toBe(true);
  });

  it("a run after a denying evaluation is INV-1 even when a hook allowed the call (HOOK-3 is a run with no evaluation)", () => {
    expect(after(hooked, (o) => {
      policyOf(o, "c1").decision = { decision: "deny", reason: "no" };
    })).toEqual([{ requirement: "INV-1", check: 10, message: "the tool ran after 0 allowing policy evaluation(s) out of 1; exactly one allowing evaluation must come first", ...at(0, "c1") }]);
  });

  it("a run with no evaluation, after hooks none of which allowed, is INV-1, not HOOK-3", () => {
    expect(after(hooked, (o) => {
      o.log.policies = [];
      delete o.log.hooks[1]!.decision;
    })).toEqual([{ requirement: "INV-1", check: 10, message: INV1_NONE, ...at(0, "c1") }]);
  });

  it("a hook's allow counts only when it came strictly before the run", () => {
    const run = (o: Observation) => executionOf(o, "c1").seq;
    expect(after(hooked, (o) => {
      o.log.policies = [];
      o.log.hooks[1]!.seq = run(o) + 1;
    })).toEqual([{ requirement: "INV-1", check: 10, message: INV1_NONE, ...at(0, "c1") }]);
    expect(after(hooked, (o) => {
      o.log.policies = [];
      o.log.hooks[1]!.seq = run(o);
    })).toEqual([{ requirement: "INV-1", check: 10, message: INV1_NONE, ...at(0, "c1") }]);
  });

  it("a hook's allow for another call does not make this call's run HOOK-3", () => {
    expect(ofCheck(after(hooked, (o) => {
      o.log.policies = [];
      o.log.hooks[1]!.callId = "c9";
    }), 10)).toEqual([{ requirement: "INV-1", check: 10, message: INV1_NONE, ...at(0, "c1") }]);
  });

  it("a run after a denying evaluation of its own call is INV-1, even when a sibling call was allowed (BATCH-1 is a run with no evaluation)", () => {
    expect(after(batch, (o) => {
      policyOf(o, "c4").decision = { decision: "deny", reason: "no" };
    })).toEqual([{ requirement: "INV-1", check: 10, message: "the tool ran after 0 allowing policy evaluation(s) out of 1; exactly one allowing evaluation must come first", ...at(0, "c4") }]);
  });

  it("a run with no evaluation in a turn where the policy evaluated nothing is INV-1, not BATCH-1", () => {
    expect(after(oneCall, (o) => {
      o.log.policies = [];
    })).toEqual([{ requirement: "INV-1", check: 10, message: INV1_NONE, ...at(0, "c1") }]);
  });

  it("a run with no evaluation of its own is BATCH-1 when a sibling of the same tool was evaluated, even if its own evaluation came later", () => {
    expect(after(batch, (o) => {
      policyOf(o, "c4").seq = executionOf(o, "c4").seq + 1;
    })).toEqual([{ requirement: "BATCH-1", check: 10, message: "the tool ran without a policy evaluation of this call, on the decision for another call of the turn", ...at(0, "c4") }]);
  });

  it("an evaluation of another call for another tool does not make the run BATCH-1", () => {
    expect(after(oneCall, (o) => {
      Object.assign(policyOf(o, "c1"), { callId: "ghost", tool: "other_tool" });
    })).toEqual([
      { requirement: "INV-1", check: 10, message: INV1_NONE, ...at(0, "c1") },
      { requirement: "INV-1", check: 21, message: "the policy evaluated call ghost outside any attempt of that call", ...at(0, "ghost") },
    ]);
  });
});

describe("checks 11 and 12: the object the tool ran with", () => {
  it("a run with its own evaluated object is fine, even when another call's evaluation was handed that object too", () => {
    expect(after(batch, (o) => {
      policyOf(o, "c4").parsedRef = executionOf(o, "c4").argsRef = policyOf(o, "c1").parsedRef;
    })).toEqual([]);
  });

  it("a run with an object no evaluation was handed is INV-5 (check 12), not BATCH-1", () => {
    expect(after(batch, (o) => {
      executionOf(o, "c4").argsRef = { path: "/tmp/b" };
    })).toEqual([{ requirement: "INV-5", check: 12, message: "the tool received a different object from the parsedArguments the policy evaluated (same value, another object: the runtime copies the arguments, or makes them again, between policy and tool)", ...at(0, "c4") }]);
  });

  it("a run with the object of its own call's later evaluation is INV-5 (check 12), not BATCH-1 naming the call itself", () => {
    expect(after(oneCall, (o) => {
      const other = { mode: "r", path: "/etc/hosts" };
      executionOf(o, "c1").argsRef = other;
      o.log.policies.push({ ...policyOf(o, "c1"), seq: 4, parsedRef: other });
    })).toEqual([
      { requirement: "INV-1", check: 8, message: "the policy evaluated this one attempt 2 times", ...at(0, "c1") },
      { requirement: "INV-5", check: 12, message: "the tool received a different object from the parsedArguments the policy evaluated (same value, another object: the runtime copies the arguments, or makes them again, between policy and tool)", ...at(0, "c1") },
    ]);
  });
});

describe("check 13: the arguments changed between policy and tool", () => {
  it("accounts for every expectation of the call when the policy changed nothing", () => {
    const failures = after(oneCall, (o) => {
      executionOf(o, "c1").argsAtEntry = snapshot({ mode: "w", path: "/etc/hosts" });
    });
    expect(failures.map((failure) => failure.check)).toEqual([13]);
    expect(explains(failures[0]!, undefined)).toBe(true);
  });

  it("after the policy changed the arguments, names the diff but accounts for no expectation (INV-6, check 15, is the cause)", () => {
    const failures = after(mutating, (o) => {
      const policy = policyOf(o, "c1");
      o.log.executions.push({ seq: 3, step: 0, callId: "c1", tool: "write_file", argsRef: policy.parsedRef, argsAtEntry: snapshot({ path: "/etc/passwd" }), inherited: [] });
      setOutcome(o, 0, { callId: "c1", outcome: "executed" });
    });
    expect(failures).toEqual([
      { requirement: "INV-5", check: 13, message: "the arguments at tool entry differ from the arguments at policy entry", diff: '- evaluated\n+ executed\n  {\n-   "path": "/tmp/a"\n+   "path": "/etc/passwd"\n  }', ...at(0, "c1") },
      { requirement: "INV-6", check: 15, message: "the policy changed the arguments, yet the call was not denied with policy_mutated_arguments (reported: executed)", ...at(0, "c1") },
    ]);
    expect(explained(failures[0]!)).toEqual([]);
  });
});

describe("check 14: a call reported executed whose tool did not run for it", () => {
  it("is BATCH-1, naming the call, when its evaluated object ran as another call's", () => {
    const failures = after(batch, (o) => {
      o.log.executions = o.log.executions.filter((record) => record.callId !== "c1");
      executionOf(o, "c4").argsRef = policyOf(o, "c1").parsedRef;
    });
    expect(failures).toEqual([
      { requirement: "BATCH-1", check: 14, message: "reported executed, but its arguments ran as c4's", ...at(0, "c1") },
      { requirement: "BATCH-1", check: 11, message: "the tool ran for c4 with the arguments evaluated for c1", ...at(0, "c4") },
    ]);
    expect(explains(failures[0]!, undefined)).toBe(true);
  });

  it("looks for the object of the call's last evaluation", () => {
    expect(after(batch, (o) => {
      o.log.executions = o.log.executions.filter((record) => record.callId !== "c1");
      const other = { path: "/tmp/a" };
      o.log.policies.push({ ...policyOf(o, "c1"), seq: 2.5, parsedRef: other });
      executionOf(o, "c4").argsRef = other;
    })).toEqual([
      { requirement: "INV-1", check: 8, message: "the policy evaluated this one attempt 2 times", ...at(0, "c1") },
      { requirement: "BATCH-1", check: 14, message: "reported executed, but its arguments ran as c4's", ...at(0, "c1") },
      { requirement: "BATCH-1", check: 11, message: "the tool ran for c4 with the arguments evaluated for c1", ...at(0, "c4") },
    ]);
  });

  it("is INV-5 when the other runs of the turn had their own objects", () => {
    const failures = after(batch, (o) => {
      o.log.executions = o.log.executions.filter((record) => record.callId !== "c1");
    });
    expect(failures).toEqual([{ requirement: "INV-5", check: 14, message: "reported executed, but its tool did not run for it", ...at(0, "c1") }]);
    expect(explains(failures[0]!, undefined)).toBe(true);
  });

  it("is INV-5 for a call never evaluated, even beside a run handed no object at all", () => {
    expect(after(batch, (o) => {
      o.log.executions = o.log.executions.filter((record) => record.callId !== "c1");
      o.log.policies = o.log.policies.filter((record) => record.callId !== "c1");
      executionOf(o, "c4").argsRef = undefined;
    })).toEqual([
      { requirement: "INV-5", check: 14, message: "reported executed, but its tool did not run for it", ...at(0, "c1") },
      { requirement: "INV-5", check: 12, message: "the tool received a different object from the parsedArguments the policy evaluated (same value, another object: the runtime copies the arguments, or makes them again, between policy and tool)", ...at(0, "c4") },
    ]);
  });
});

describe("check 15: a tool run after the policy changed the arguments", () => {
  const runAt = (seq: number) => (o: Observation) => {
    const policy = policyOf(o, "c1");
    o.log.executions.push({ seq, step: 0, callId: "c1", tool: "write_file", argsRef: policy.parsedRef, argsAtEntry: policy.parsedAtEntry, inherited: [] });
  };

  it("is INV-6 even when the call was then denied with policy_mutated_arguments", () => {
    expect(after(mutating, runAt(3))).toEqual([
      { requirement: "INV-6", check: 15, message: 'the policy changed the arguments, yet the call was not denied with policy_mutated_arguments (reported: denied ("policy_mutated_arguments"))', ...at(0, "c1") },
    ]);
  });

  it("judges the call's last evaluation: a change in the second of two is INV-6 when the call is denied for another reason", () => {
    const failures = after(mutating, (o) => {
      const changing = policyOf(o, "c1");
      o.log.policies.splice(o.log.policies.indexOf(changing), 0, { ...changing, seq: changing.seq - 0.5, mutation: "unchanged" });
      setOutcome(o, 0, { callId: "c1", outcome: "denied", reason: "policy_denied" });
    });
    expect(failures).toEqual([
      { requirement: "INV-1", check: 8, message: "the policy evaluated this one attempt 2 times", ...at(0, "c1") },
      { requirement: "INV-6", check: 15, message: 'the policy changed the arguments, yet the call was not denied with policy_mutated_arguments (reported: denied ("policy_denied"))', ...at(0, "c1") },
    ]);
  });

  it("counts only runs strictly after the changing evaluation (an earlier one is check 10's)", () => {
    expect(after(mutating, runAt(1.5))).toEqual([{ requirement: "INV-1", check: 10, message: INV1_NONE, ...at(0, "c1") }]);
    expect(after(mutating, runAt(2))).toEqual([{ requirement: "INV-1", check: 10, message: INV1_NONE, ...at(0, "c1") }]);
  });
});

describe("the turn context: a call left unattempted after a validation failure has no record", () => {
  it("a call reported not attempted that the policy evaluated is not BATCH-5 (check 1)", () => {
    expect(after(batch, (o) => {
      setOutcome(o, 0, { callId: "c4", outcome: "not_attempted" });
      o.log.executions = o.log.executions.filter((record) => record.callId !== "c4");
    })).toEqual([]);
  });

  it("a call reported not attempted whose tool ran is not BATCH-5 (check 1), but a run without its evaluation", () => {
    expect(after(batch, (o) => {
      setOutcome(o, 0, { callId: "c4", outcome: "not_attempted" });
      o.log.policies = o.log.policies.filter((record) => record.callId !== "c4");
    })).toEqual([{ requirement: "BATCH-1", check: 10, message: "the tool ran without a policy evaluation of this call, on the decision for another call of the turn", ...at(0, "c4") }]);
  });
});
