// Every universal check, tested directly: the reference's real run of a small fixture case
// passes every check (the near miss); changing one record of it makes exactly the one check
// fire, with its requirement, check number, step, call and message (spec/adapter-contract.md).
import { describe, expect, it } from "vitest";
import { universalFailures } from "../../harness/checking/universal.ts";
import type { Observation, ObservedOutcome } from "../../harness/running/observation.ts";
import { snapshot } from "../../harness/values/snapshot.ts";
import { at, checkBases, executionOf, policyOf, setOutcome, universalAfter } from "../support/observations.ts";

const { oneCall, suspended, hooked, batch, mutating } = await checkBases();

const after = universalAfter;

describe("the bases", () => {
  it("pass every universal check on the reference's own run (the near miss of every test below)", () => {
    for (const base of [oneCall, suspended, hooked, batch, mutating]) expect(universalFailures(base)).toEqual([]);
  });
});

describe("check 1: a call left unattempted after a validation failure", () => {
  it("is BATCH-5, naming the call that ended the turn", () => {
    expect(after(batch, (o) => {
      setOutcome(o, 0, { callId: "c4", outcome: "not_attempted" });
      o.log.parses.pop();
      o.log.policies = o.log.policies.filter((record) => record.callId !== "c4");
      o.log.executions = o.log.executions.filter((record) => record.callId !== "c4");
    })).toEqual([{ requirement: "BATCH-5", check: 1, message: "the runtime ended the turn at c2's validation failure and did not attempt c4", ...at(0, "c4") }]);
  });

  it("is not BATCH-5 without an earlier invalid call: then it is an unexplained missing attempt", () => {
    const failures = after(batch, (o) => {
      setOutcome(o, 0, { callId: "c1", outcome: "not_attempted" });
      o.log.parses.shift();
      o.log.policies = o.log.policies.filter((record) => record.callId !== "c1");
      o.log.executions = o.log.executions.filter((record) => record.callId !== "c1");
    });
    expect(failures.filter((failure) => failure.check === 1)).toEqual([]);
  });
});

describe("check 2: malformed JSON must be invalid at stage json", () => {
  it("names MATRIX-5 when reported at stage schema", () => {
    expect(after(batch, (o) => setOutcome(o, 0, { callId: "c2", outcome: "invalid", stage: "schema", message: "x" }))).toEqual([
      { requirement: "MATRIX-5", check: 2, message: "malformed JSON arguments were reported invalid at stage schema instead of json", ...at(0, "c2") },
    ]);
  });

  it("names INV-2 when reported as anything but invalid", () => {
    expect(after(batch, (o) => setOutcome(o, 0, { callId: "c2", outcome: "denied", reason: "nope" }))).toEqual([
      { requirement: "INV-2", check: 2, message: 'malformed JSON arguments were not rejected as a validation error (reported: denied ("nope"))', ...at(0, "c2") },
    ]);
  });
});

describe("check 3: invalid arguments reach neither policy nor tool", () => {
  it("names INV-2 for a policy evaluation and for a tool run of a call reported invalid", () => {
    expect(after(batch, (o) => {
      o.log.policies.push({ ...policyOf(o, "c1"), seq: 100, callId: "c3" });
      o.log.executions.push({ ...executionOf(o, "c1"), seq: 101, callId: "c3" });
    })).toEqual(expect.arrayContaining([
      { requirement: "INV-2", check: 3, message: "arguments reported invalid at stage schema reached the policy 1 time(s)", ...at(0, "c3") },
      { requirement: "INV-2", check: 3, message: "arguments reported invalid at stage schema reached the tool 1 time(s)", ...at(0, "c3") },
    ]));
  });

  it("names INV-2 for a malformed call's tool run even if it was not reported invalid", () => {
    const failures = after(batch, (o) => o.log.executions.push({ ...executionOf(o, "c1"), seq: 100, callId: "c2" }));
    expect(failures).toContainEqual({ requirement: "INV-2", check: 3, message: "malformed JSON arguments reached the tool 1 time(s)", ...at(0, "c2") });
  });
});

describe("check 4: hooks run in order before the policy", () => {
  it("names HOOK-1 for a hook that did not run", () => {
    expect(after(hooked, (o) => {
      o.log.hooks.pop();
    }).filter((failure) => failure.check === 4)).toEqual([{ requirement: "HOOK-1", check: 4, message: "the hook second did not run for this call before its policy evaluation", ...at(0, "c1") }]);
  });

  it("names HOOK-1 for a hook run after the policy", () => {
    expect(after(hooked, (o) => {
      o.log.hooks[1]!.seq = 50;
    }).filter((failure) => failure.check === 4)).toEqual([{ requirement: "HOOK-1", check: 4, message: "the hook second ran after the policy had evaluated the call", ...at(0, "c1") }]);
  });

  it("names HOOK-1 when the first hook is not handed the decoded request, HOOK-4 when a later one is not handed the previous result", () => {
    expect(after(hooked, (o) => {
      o.log.hooks[0]!.toolInput = snapshot({ command: "other" });
    }).filter((failure) => failure.check === 4)).toEqual([
      { requirement: "HOOK-1", check: 4, message: 'the hook first was handed {"command":"other"} instead of the model\'s decoded request, {"command":"rm -rf /"}', ...at(0, "c1") },
    ]);
    expect(after(hooked, (o) => {
      o.log.hooks[1]!.toolInput = snapshot({ command: "rm -rf /" });
    }).filter((failure) => failure.check === 4)).toEqual([
      { requirement: "HOOK-4", check: 4, message: 'the hook second was handed {"command":"rm -rf /"} instead of what first left, {"command":"rm -rf /","cwd":"/sandbox"}', ...at(0, "c1") },
    ]);
  });

  it("names HOOK-4 for hooks out of order, and for a hook run for a tool it does not apply to", () => {
    expect(after(hooked, (o) => {
      [o.log.hooks[0]!.hookId, o.log.hooks[1]!.hookId] = ["second", "first"];
    }).filter((failure) => failure.check === 4)).toEqual([{ requirement: "HOOK-4", check: 4, message: "the hook second ran where first was due (order: first, second)", ...at(0, "c1") }]);
    expect(after(hooked, (o) => {
      o.log.hooks.unshift({ ...o.log.hooks[0]!, hookId: "elsewhere", seq: 0, output: undefined });
    }).filter((failure) => failure.check === 4)).toEqual([{ requirement: "HOOK-4", check: 4, message: "the hook elsewhere ran for run_shell, which it does not apply to", ...at(0, "c1") }]);
  });

  it("names HOOK-4 for a run of a hook the case does not define, in a case without hooks too", () => {
    const phantom = (o: Observation) => o.log.hooks.unshift({ seq: 0, step: 0, hookId: "audit", callId: "c1", tool: o.log.policies[0]!.tool, toolInput: snapshot({ note: "x", path: "/tmp/../etc/hosts" }) });
    expect(after(oneCall, phantom).filter((failure) => failure.check === 4)).toEqual([{ requirement: "HOOK-4", check: 4, message: "a hook audit ran for read_file, which the case does not define", ...at(0, "c1") }]);
    expect(after(hooked, phantom).filter((failure) => failure.check === 4)).toEqual([{ requirement: "HOOK-4", check: 4, message: "a hook audit ran for run_shell, which the case does not define", ...at(0, "c1") }]);
  });

  it("names HOOK-5 for a hook run after a deny", () => {
    expect(after(hooked, (o) => {
      o.log.hooks[0]!.decision = "deny";
    }).filter((failure) => failure.check === 4)).toEqual([{ requirement: "HOOK-5", check: 4, message: "the hook second ran after first had denied the call", ...at(0, "c1") }]);
  });
});

describe("check 5: the policy is handed the output of a parse of this call's own input", () => {
  it("names INV-1 with a diff when the value differs from what the parse produced", () => {
    expect(after(oneCall, (o) => {
      policyOf(o, "c1").parsedAtEntry = snapshot({ path: "/etc/hosts" });
    }).filter((failure) => failure.check === 5)).toEqual([
      { requirement: "INV-1", check: 5, message: "the policy was not handed the schema output of this call's request", diff: expect.stringContaining('-   "mode": "r",'), ...at(0, "c1") },
    ]);
  });

  it("names INV-1 when no parse came before the evaluation, without printing one value twice", () => {
    expect(after(oneCall, (o) => {
      o.log.parses[0]!.seq = 10;
      policyOf(o, "c1").parsedAtEntry = snapshot({ note: "x", path: "/tmp/../etc/hosts" });
    }).filter((failure) => failure.check === 5)).toEqual([
      { requirement: "INV-1", check: 5, message: 'the policy evaluated this call before the schema had parsed its request: it was handed {"note":"x","path":"/tmp/../etc/hosts"}, equal to the request', ...at(0, "c1") },
    ]);
  });

  it("names HOOK-1 when the policy got the parse of the request instead of the rewrite, HOOK-2 when the rewrite had been rejected", () => {
    const parseOfRequest = (o: Observation, output: boolean) => {
      o.log.parses.unshift({ seq: 0, step: 0, tool: "run_shell", input: snapshot({ command: "rm -rf /" }), ...(output ? { output: snapshot({ command: "rm -rf /" }) } : {}) });
      policyOf(o, "c1").parsedAtEntry = snapshot({ command: "rm -rf /" });
    };
    expect(after(hooked, (o) => parseOfRequest(o, true)).filter((failure) => failure.check === 5)).toEqual([
      { requirement: "HOOK-1", check: 5, message: 'the policy evaluated the schema output of the model\'s request instead of the hooks\' rewrite {"command":"ls","cwd":"/sandbox"}', ...at(0, "c1") },
    ]);
    expect(after(hooked, (o) => {
      parseOfRequest(o, true);
      delete o.log.parses[1]!.output;
      o.log.parses[1]!.seq = 0.5;
    }).filter((failure) => failure.check === 5)).toEqual([
      { requirement: "HOOK-2", check: 5, message: 'the schema rejected the hooks\' rewrite {"command":"ls","cwd":"/sandbox"}, and the policy evaluated the model\'s request in its place', ...at(0, "c1") },
    ]);
  });

  it("names INV-1, not INV-3, when the value only equals an earlier step's parse output (no parse of this attempt came first)", () => {
    expect(after(suspended, (o) => {
      o.log.parses.pop();
    }).filter((failure) => failure.check === 5)).toEqual([
      { requirement: "INV-1", check: 5, message: 'the policy evaluated this call before the schema had parsed its request: it was handed {"path":"/tmp/b"}, the request being {"path":"/tmp/a/../b"}', ...at(2, "c2") },
    ]);
  });
});

describe("checks 6 and 7: parses match attempts", () => {
  it("check 6 counts no parse short for a call reported invalid at stage schema without a parse of its input: it never executed", () => {
    expect(after(batch, (o) => {
      o.log.parses.splice(1, 1);
    })).toEqual([]);
  });

  it("check 6 names INV-1 when the schema validated another input instead", () => {
    expect(after(batch, (o) => {
      o.log.parses[1]!.input = snapshot({ path: 4 });
    })).toEqual([{ requirement: "INV-1", check: 6, message: 'the schema validated {"path":4} instead of this call\'s input {"path":3}', ...at(0, "c3") }]);
  });

  it("check 7 names INV-3 for one input parsed twice for one attempt", () => {
    expect(after(oneCall, (o) => {
      o.log.parses.push({ ...o.log.parses[0]!, seq: 1.5 });
    })).toEqual([{ requirement: "INV-3", check: 7, message: 'the schema of read_file parsed the same input 2 times for 1 attempt(s): {"note":"x","path":"/tmp/../etc/hosts"}', step: 0 }]);
  });

  it("check 7 names INV-3 for one parse more than the attempts of a tool, even of an input no attempt has", () => {
    expect(after(oneCall, (o) => {
      o.log.parses.push({ ...o.log.parses[0]!, seq: 1.5, input: snapshot({ path: "/elsewhere" }) });
    })).toEqual([{ requirement: "INV-3", check: 7, message: "the schema of read_file ran 2 times in this turn for 1 attempt(s) that reached it", step: 0 }]);
  });
});

describe("checks 8 to 15: evaluated equals executed", () => {
  it("check 8 names INV-1 for two evaluations of one attempt", () => {
    expect(after(suspended, (o) => {
      o.log.policies.push({ ...policyOf(o, "c1"), seq: 2.5 });
    })).toEqual([{ requirement: "INV-1", check: 8, message: "the policy evaluated this one attempt 2 times", ...at(0, "c1") }]);
  });

  it("check 9 names INV-5 for two tool runs after one allow", () => {
    expect(after(oneCall, (o) => {
      o.log.executions.push({ ...executionOf(o, "c1"), seq: 4 });
    })).toEqual([{ requirement: "INV-5", check: 9, message: "the tool ran 2 times for one attempt", ...at(0, "c1") }]);
  });

  it("check 10 names INV-1 for a run without an allowing evaluation first", () => {
    expect(after(oneCall, (o) => {
      policyOf(o, "c1").decision = { decision: "deny", reason: "no" };
    })).toEqual([{ requirement: "INV-1", check: 10, message: "the tool ran after 0 allowing policy evaluation(s) out of 1; exactly one allowing evaluation must come first", ...at(0, "c1") }]);
    expect(after(oneCall, (o) => {
      executionOf(o, "c1").seq = 1.5;
    })).toEqual([{ requirement: "INV-1", check: 10, message: "the tool ran after 0 allowing policy evaluation(s) out of 0; exactly one allowing evaluation must come first", ...at(0, "c1") }]);
  });

  it("check 10 names HOOK-3 for a run on a hook's allow alone, BATCH-1 for a run on a sibling's decision", () => {
    expect(after(hooked, (o) => {
      o.log.policies = [];
    }).filter((failure) => failure.check === 10)).toEqual([{ requirement: "HOOK-3", check: 10, message: "the tool ran on a hook's allow, with no policy evaluation", ...at(0, "c1") }]);
    expect(after(batch, (o) => {
      o.log.policies = o.log.policies.filter((record) => record.callId !== "c4");
    }).filter((failure) => failure.check === 10)).toEqual([
      { requirement: "BATCH-1", check: 10, message: "the tool ran without a policy evaluation of this call, on the decision for another call of the turn", ...at(0, "c4") },
    ]);
  });

  it("check 11 names BATCH-1 for a run with the object evaluated for another call", () => {
    expect(after(batch, (o) => {
      executionOf(o, "c4").argsRef = policyOf(o, "c1").parsedRef;
    }).filter((failure) => failure.check === 11)).toEqual([{ requirement: "BATCH-1", check: 11, message: "the tool ran for c4 with the arguments evaluated for c1", ...at(0, "c4") }]);
  });

  it("check 12 names INV-5 for another object with the same value", () => {
    expect(after(oneCall, (o) => {
      executionOf(o, "c1").argsRef = { ...(executionOf(o, "c1").argsRef as object) };
    })).toEqual([{ requirement: "INV-5", check: 12, message: "the tool received a different object from the parsedArguments the policy evaluated (same value, another object: the runtime copies the arguments, or makes them again, between policy and tool)", ...at(0, "c1") }]);
  });

  it("check 13 names INV-5, with the diff, for the same object changed", () => {
    expect(after(oneCall, (o) => {
      executionOf(o, "c1").argsAtEntry = snapshot({ mode: "w", path: "/etc/hosts" });
    })).toEqual([
      { requirement: "INV-5", check: 13, message: "the arguments at tool entry differ from the arguments at policy entry", diff: expect.stringMatching(/- evaluated\n\+ executed\n[^]*-   "mode": "r",\n\+   "mode": "w",/), ...at(0, "c1") },
    ]);
  });

  it("check 14 names INV-5 for a call reported executed whose tool never ran", () => {
    expect(after(oneCall, (o) => {
      o.log.executions = [];
    })).toEqual([{ requirement: "INV-5", check: 14, message: "reported executed, but its tool did not run for it", ...at(0, "c1") }]);
  });

  it("check 15 names INV-6 for a changed-by-policy call that was not denied for it, and not when the edit changed nothing", () => {
    expect(after(mutating, (o) => setOutcome(o, 0, { callId: "c1", outcome: "denied", reason: "other" }))).toEqual([
      { requirement: "INV-6", check: 15, message: 'the policy changed the arguments, yet the call was not denied with policy_mutated_arguments (reported: denied ("other"))', ...at(0, "c1") },
    ]);
    expect(after(mutating, (o) => {
      policyOf(o, "c1").mutation = "unchanged";
      setOutcome(o, 0, { callId: "c1", outcome: "denied", reason: "other" });
    })).toEqual([]);
  });
});

describe("checks 16 to 18: the views", () => {
  it("check 16 names DECOY-2 for one inherited member at the policy and at the tool", () => {
    expect(after(oneCall, (o) => {
      policyOf(o, "c1").inherited = ["/admin"];
      executionOf(o, "c1").inherited = ["/admin"];
    })).toEqual([
      { requirement: "DECOY-2", check: 16, message: "the arguments handed to the policy inherit members that no view shows: /admin", ...at(0, "c1") },
      { requirement: "DECOY-2", check: 16, message: "the arguments handed to the tool inherit members that no view shows: /admin", ...at(0, "c1") },
    ]);
  });

  it("check 17 names MATRIX-3 for a request view that is not the decoded request, HOOK-5 after a rewrite; an absent view is fine", () => {
    expect(after(oneCall, (o) => {
      policyOf(o, "c1").requestedAtEntry = snapshot({ path: "/etc/hosts" });
    })).toEqual([{ requirement: "MATRIX-3", check: 17, message: "the requestedArguments handed to the policy are not the model's decoded request", diff: expect.stringContaining('-   "note": "x",'), ...at(0, "c1") }]);
    expect(after(hooked, (o) => {
      policyOf(o, "c1").requestedAtEntry = policyOf(o, "c1").parsedAtEntry;
    }).map((failure) => [failure.requirement, failure.check])).toEqual([["HOOK-5", 17]]);
    expect(after(oneCall, (o) => {
      delete policyOf(o, "c1").requestedAtEntry;
    })).toEqual([]);
  });

  it("check 18 names MATRIX-7 for each part of a suspended proposal that is not what the policy saw", () => {
    const proposalOf = (o: Observation) => (o.turns[0]!.outcomes.get("c1") as Extract<ObservedOutcome, { outcome: "suspended" }>).proposal;
    const fails = (change: (proposal: ReturnType<typeof proposalOf>) => void) => after(suspended, (o) => change(proposalOf(o))).filter((failure) => failure.check === 18).map((failure) => failure.message);
    expect(fails((proposal) => (proposal.parsedArguments = snapshot({ path: "/tmp/a/../b" })))).toEqual(["the suspended parsedArguments differ from what the policy evaluated"]);
    expect(fails((proposal) => (proposal.argsCanonicalJson = '{"path": "/tmp/b"}'))).toEqual(['the suspended argsCanonicalJson {"path": "/tmp/b"} is not the {"path":"/tmp/b"} the policy was handed']);
    expect(fails((proposal) => (proposal.rawArguments = `${proposal.rawArguments} `))).toEqual(['the suspended rawArguments "{\\"path\\": \\"/tmp/a/../b\\"} " are not the model\'s exact string "{\\"path\\": \\"/tmp/a/../b\\"}"']);
    expect(fails((proposal) => (proposal.requestedArguments = undefined))).toEqual(["the suspended proposal has no requestedArguments view"]);
    expect(fails((proposal) => (proposal.requestedArguments = snapshot({ path: "/tmp/b" })))).toEqual(["the suspended requestedArguments are not the model's decoded request"]);
    expect(fails((proposal) => (proposal.proposalHash = "other"))).toEqual([expect.stringMatching(/^the suspended proposalHash other is not the effective hash [0-9a-f]{64} the policy was handed$/)]);
  });

  it("check 18 names MATRIX-7 for a suspension without an evaluation requiring approval", () => {
    expect(after(suspended, (o) => {
      policyOf(o, "c1").decision = { decision: "allow" };
    })).toEqual([{ requirement: "MATRIX-7", check: 18, message: "the call was suspended without a policy evaluation that required approval", ...at(0, "c1") }]);
  });
});

describe("checks 19 and 20: the canonical form and the hash, as properties", () => {
  it("check 19 names INV-4 for a canonical text that does not read back as the value, and for a missing one", () => {
    expect(after(oneCall, (o) => {
      policyOf(o, "c1").argsCanonicalJson = '{"path":"/etc/hosts"}';
    })).toEqual([{ requirement: "INV-4", check: 19, message: "argsCanonicalJson does not describe the parsedArguments the policy was handed", diff: expect.stringContaining('-   "mode": "r",'), ...at(0, "c1") }]);
    expect(after(oneCall, (o) => {
      delete policyOf(o, "c1").argsCanonicalJson;
    })).toEqual([{ requirement: "INV-4", check: 19, message: "the policy was handed no argsCanonicalJson", ...at(0, "c1") }]);
  });

  it("check 19 names INV-7 (SHOULD) alone for a canonical text that reads back right but is not RFC 8785", () => {
    expect(after(oneCall, (o) => {
      policyOf(o, "c1").argsCanonicalJson = '{"path":"/etc/hosts","mode":"r"}';
    })).toEqual([{ requirement: "INV-7", check: 19, message: 'argsCanonicalJson is not RFC 8785: expected {"mode":"r","path":"/etc/hosts"}, got {"path":"/etc/hosts","mode":"r"}', ...at(0, "c1") }]);
  });

  it("check 19 names INV-4 for one value given two texts in one case", () => {
    const failures = after(suspended, (o) => {
      policyOf(o, "c2").argsCanonicalJson = '{ "path": "/tmp/b" }';
    });
    expect(failures.filter((failure) => failure.requirement === "INV-4")).toEqual([
      { requirement: "INV-4", check: 19, message: 'the same parsedArguments got two canonical texts: {"path":"/tmp/b"} (call c1) and { "path": "/tmp/b" }', ...at(2, "c2") },
    ]);
  });

  it("check 19 names DECOY-4 (SHOULD) alone for a value with no JSON form that reached the policy", () => {
    expect(after(oneCall, (o) => {
      policyOf(o, "c1").parsedAtEntry = executionOf(o, "c1").argsAtEntry = o.log.parses[0]!.output = snapshot({ n: Infinity });
    })).toEqual([{ requirement: "DECOY-4", check: 19, message: 'the policy evaluated a value that has no canonical JSON form: {"n":Infinity} (no JSON form)', ...at(0, "c1") }]);
  });

  it("check 20 names MATRIX-4 for one effective proposal under two hashes, INV-4 for two proposals under one hash", () => {
    expect(after(suspended, (o) => {
      policyOf(o, "c2").proposalHash = "another";
      (o.turns[1]!.outcomes.get("c2") as Extract<ObservedOutcome, { outcome: "suspended" }>).proposal.proposalHash = "another";
    })).toEqual([expect.objectContaining({ requirement: "MATRIX-4", check: 20, message: expect.stringMatching(/^calls c1 and c2 have two different proposal hashes for one effective proposal \(delete_file with \{"path":"\/tmp\/b"\}\): [0-9a-f]{64} and another$/), ...at(2, "c2") })]);
    expect(after(batch, (o) => {
      policyOf(o, "c4").proposalHash = policyOf(o, "c1").proposalHash;
    })).toEqual([expect.objectContaining({ requirement: "INV-4", check: 20, message: expect.stringMatching(/^different effective proposals share the proposal hash [0-9a-f]{64}$/), diff: expect.stringContaining('-   "path": "/tmp/a"'), ...at(0, "c4") })]);
  });

  it("check 20 names INV-4 for a fingerprint answer that disagrees with the hash the policy was handed", () => {
    expect(after(suspended, (o) => {
      o.fingerprints[1]!.proposalHash = "made-up";
    })).toEqual([expect.objectContaining({ requirement: "INV-4", check: 20, message: expect.stringMatching(/^the runtime's fingerprint of delete_file with \{"path":"\/tmp\/b"\} is made-up, but it showed [0-9a-f]{64} for the same effective proposal \(call c1, policy\)$/) })]);
  });

  it("check 20 names INV-4 for two tools given one hash for the same value", () => {
    expect(after(oneCall, (o) => {
      const policy = policyOf(o, "c1");
      o.log.policies.push({ ...policy, seq: 10, tool: "another_tool" });
    }).filter((failure) => failure.check === 20).map((failure) => [failure.requirement, failure.message])).toEqual([["INV-4", expect.stringMatching(/^different effective proposals share the proposal hash [0-9a-f]{64} \(tools read_file and another_tool\)$/)]]);
  });
});

describe("check 21: activity outside the turn of its call", () => {
  it("names INV-1 for a policy evaluation and a tool run of a call that is not in the turn", () => {
    expect(after(oneCall, (o) => {
      o.log.policies.push({ ...policyOf(o, "c1"), seq: 10, callId: "ghost" });
      o.log.executions.push({ ...executionOf(o, "c1"), seq: 11, callId: "ghost" });
    }).filter((failure) => failure.check === 21)).toEqual([
      { requirement: "INV-1", check: 21, message: "the tool read_file ran for call ghost outside any attempt of that call", ...at(0, "ghost") },
      { requirement: "INV-1", check: 21, message: "the policy evaluated call ghost outside any attempt of that call", ...at(0, "ghost") },
    ]);
  });

  it("names INV-1 for activity during a grant step", () => {
    expect(after(suspended, (o) => {
      o.log.executions.push({ seq: 2.5, step: 1, callId: "c1", tool: "delete_file", argsRef: {}, argsAtEntry: snapshot({ path: "/tmp/b" }), inherited: [] });
    }).filter((failure) => failure.check === 21)).toEqual([{ requirement: "INV-1", check: 21, message: "the tool delete_file ran for call c1 outside any attempt of that call", ...at(1, "c1") }]);
  });
});
