// The checks of the argument views (checks 16 to 18, harness/checking/views.ts) in detail: the
// exact messages and diffs users read, which calls have a request view to check (valid ones, and
// whose hooks rewrote them), on the reference's real runs changed by one record.
import { beforeAll, describe, expect, it } from "vitest";
import { universalFailures } from "../../harness/checking/universal.ts";
import type { Observation, ObservedOutcome, ObservedProposal } from "../../harness/running/observation.ts";
import { snapshot } from "../../harness/values/snapshot.ts";
import { at, executionOf, observed, policyOf, setOutcome, universalAfter } from "../support/observations.ts";

let oneCall: Observation;
let suspended: Observation;
let batch: Observation;
let oneRewrite: Observation;
beforeAll(async () => {
  oneCall = await observed("checks/invariant/one-call");
  suspended = await observed("checks/approval-resume/suspend-then-grant");
  batch = await observed("checks/read-batch/mixed-batch");
  oneRewrite = await observed("checks/hook-rewrite/execution-one-rewrite");
});

const after = universalAfter;
const proposalOf = (observation: Observation, callId: string): ObservedProposal => (observation.turns[0]!.outcomes.get(callId) as Extract<ObservedOutcome, { outcome: "suspended" }>).proposal;
const REQUEST_VIEW = "the requestedArguments handed to the policy are not the model's decoded request";

describe("the bases", () => {
  it("pass every universal check, including a turn where a hook rewrote one call of two (the schema parses that call's single rewrite)", () => {
    for (const base of [oneCall, suspended, batch, oneRewrite]) expect(universalFailures(base)).toEqual([]);
  });

  it("the schema input of a call a hook rewrote once is that rewrite, not the model's request", () => {
    expect(after(oneRewrite, (o) => {
      o.log.parses[0]!.input = snapshot({ command: "ls" });
    })).toEqual([
      { requirement: "HOOK-1", check: 5, message: 'the policy evaluated the schema output of the model\'s request instead of the hooks\' rewrite {"command":"ls","cwd":"/sandbox"}', ...at(0, "c1") },
      { requirement: "HOOK-1", check: 6, message: 'the schema parsed the model\'s request instead of the hooks\' rewrite {"command":"ls","cwd":"/sandbox"}', ...at(0, "c1") },
    ]);
  });
});

describe("check 16: members no view shows", () => {
  it("lists every inherited member, comma-separated, at the policy and at the tool", () => {
    expect(after(oneCall, (o) => {
      policyOf(o, "c1").inherited = ["/admin", "/path/owner"];
      executionOf(o, "c1").inherited = ["/admin", "/x"];
    })).toEqual([
      { requirement: "DECOY-2", check: 16, message: "the arguments handed to the policy inherit members that no view shows: /admin, /path/owner", ...at(0, "c1") },
      { requirement: "DECOY-2", check: 16, message: "the arguments handed to the tool inherit members that no view shows: /admin, /x", ...at(0, "c1") },
    ]);
  });
});

describe("check 17: the request view handed to the policy", () => {
  it("shows the diff from the decoded request to the requestedArguments", () => {
    expect(after(oneCall, (o) => {
      policyOf(o, "c1").requestedAtEntry = snapshot({ path: "/etc/hosts" });
    })).toEqual([
      {
        requirement: "MATRIX-3",
        check: 17,
        message: REQUEST_VIEW,
        diff: '- decoded request\n+ requestedArguments\n  {\n-   "note": "x",\n-   "path": "/tmp/../etc/hosts"\n+   "path": "/etc/hosts"\n  }',
        ...at(0, "c1"),
      },
    ]);
  });

  it("is MATRIX-3 for a call no hook rewrote, though a hook rewrote another call of the turn", () => {
    expect(after(oneRewrite, (o) => {
      policyOf(o, "c2").requestedAtEntry = snapshot({ path: "/tmp/b" });
    })).toEqual([
      { requirement: "MATRIX-3", check: 17, message: REQUEST_VIEW, diff: '- decoded request\n+ requestedArguments\n  {\n-   "path": "/tmp/a"\n+   "path": "/tmp/b"\n  }', ...at(0, "c2") },
    ]);
  });

  it("is HOOK-5 for the call a hook rewrote", () => {
    expect(after(oneRewrite, (o) => {
      policyOf(o, "c1").requestedAtEntry = policyOf(o, "c1").parsedAtEntry;
    }).map((failure) => [failure.requirement, failure.check, failure.callId])).toEqual([["HOOK-5", 17, "c1"]]);
  });

  it("is not checked for a call reported invalid, though its request decodes (check 3 reports it reached the policy)", () => {
    // The evaluation copied from c1 carries c1's request view, {"path":"/tmp/a"}, not c3's {"path":3}.
    expect(after(batch, (o) => {
      o.log.policies.push({ ...policyOf(o, "c1"), seq: 4.5, callId: "c3" });
    })).toEqual([{ requirement: "INV-2", check: 3, message: "arguments reported invalid at stage schema reached the policy 1 time(s)", ...at(0, "c3") }]);
  });

  it("is not checked for malformed JSON, even when the runtime did not report it invalid (checks 2 and 3 report it)", () => {
    expect(after(batch, (o) => {
      setOutcome(o, 0, { callId: "c2", outcome: "denied", reason: "no" });
      o.log.policies.push({ ...policyOf(o, "c1"), seq: 3.5, callId: "c2", decision: { decision: "deny", reason: "no" } });
    })).toEqual([
      { requirement: "INV-2", check: 2, message: 'malformed JSON arguments were not rejected as a validation error (reported: denied ("no"))', ...at(0, "c2") },
      { requirement: "INV-2", check: 3, message: "malformed JSON arguments reached the policy 1 time(s)", ...at(0, "c2") },
    ]);
  });
});

describe("check 17: the request view and the hooks, in process", () => {
  it("names HOOK-5 when the request view is the very object a hook was handed: a hook could change it in place", async () => {
    const hooked = await observed("checks/hook-rewrite/two-hooks");
    expect(universalAfter(hooked, () => undefined)).toEqual([]);
    const callId = hooked.log.hooks[0]!.callId;
    expect(
      universalAfter(hooked, (o) => {
        const policy = policyOf(o, callId);
        policy.requestedRef = o.log.hooks.find((hook) => hook.callId === callId)!.toolInputRef;
      }),
    ).toEqual([{ requirement: "HOOK-5", check: 17, message: "the requestedArguments handed to the policy are the very object a hook was handed, so a hook could change the request view in place", ...at(0, callId) }]);
  });
});

describe("check 18: the suspended proposal", () => {
  it("shows the diff from what the policy evaluated to the suspended parsedArguments", () => {
    expect(after(suspended, (o) => {
      proposalOf(o, "c1").parsedArguments = snapshot({ path: "/tmp/a/../b" });
    })).toEqual([
      { requirement: "MATRIX-7", check: 18, message: "the suspended parsedArguments differ from what the policy evaluated", diff: '- evaluated\n+ suspended\n  {\n-   "path": "/tmp/b"\n+   "path": "/tmp/a/../b"\n  }', ...at(0, "c1") },
    ]);
  });

  it("shows the diff from the decoded request to the suspended requestedArguments", () => {
    expect(after(suspended, (o) => {
      proposalOf(o, "c1").requestedArguments = snapshot({ path: "/tmp/b" });
    })).toEqual([
      { requirement: "MATRIX-7", check: 18, message: "the suspended requestedArguments are not the model's decoded request", diff: '- decoded request\n+ suspended\n  {\n-   "path": "/tmp/a/../b"\n+   "path": "/tmp/b"\n  }', ...at(0, "c1") },
    ]);
  });

  it("compares the suspension with the call's last evaluation that required approval", () => {
    expect(after(suspended, (o) => {
      const last = policyOf(o, "c1");
      const earlier = { ...last, seq: last.seq - 0.5, parsedAtEntry: snapshot({ path: "/tmp/old" }), argsCanonicalJson: '{"path":"/tmp/old"}', proposalHash: "old" };
      o.log.policies.splice(o.log.policies.indexOf(last), 0, earlier);
    })).toEqual([
      { requirement: "INV-1", check: 5, message: "the policy was not handed the schema output of this call's request", diff: '- parse output\n+ evaluated\n  {\n-   "path": "/tmp/b"\n+   "path": "/tmp/old"\n  }', ...at(0, "c1") },
      { requirement: "INV-1", check: 8, message: "the policy evaluated this one attempt 2 times", ...at(0, "c1") },
    ]);
  });

  it("says so when a view the runtime does not keep is missing, rather than showing a diff", () => {
    expect(after(suspended, (o) => {
      const proposal = proposalOf(o, "c1");
      proposal.parsedArguments = snapshot(undefined);
      proposal.rawArguments = undefined;
    })).toEqual([
      { requirement: "MATRIX-7", check: 18, message: "the suspended proposal has no parsedArguments view", ...at(0, "c1") },
      { requirement: "MATRIX-7", check: 18, message: "the suspended proposal has no rawArguments view", ...at(0, "c1") },
    ]);
  });

  it("does not look for a fingerprint in the proposal of a runtime without proposal hashes", () => {
    expect(after(suspended, (o) => {
      o.hashes = false;
      const proposal = proposalOf(o, "c1");
      proposal.argsCanonicalJson = undefined;
      proposal.proposalHash = undefined;
    })).toEqual([]);
  });

  it("holds nothing against a malformed call suspended without an evaluation: check 2 reports it, as INV-2", () => {
    expect(after(suspended, (o) => {
      o.turns[0]!.calls[0]!.arguments = "{oops";
      o.log.policies.splice(o.log.policies.indexOf(policyOf(o, "c1")), 1);
    })).toEqual([{ requirement: "INV-2", check: 2, message: "malformed JSON arguments were not rejected as a validation error (reported: suspended)", ...at(0, "c1") }]);
  });

  it("does not compare the suspended parsedArguments after the policy changed them: INV-6 (check 15) alone is reported", () => {
    expect(after(suspended, (o) => {
      policyOf(o, "c1").mutation = "changed";
      proposalOf(o, "c1").parsedArguments = snapshot({ path: "/etc/passwd" });
    })).toEqual([
      { requirement: "INV-6", check: 15, message: "the policy changed the arguments, yet the call was not denied with policy_mutated_arguments (reported: suspended)", ...at(0, "c1") },
    ]);
  });
});

describe("check 25: the raw view handed to the policy", () => {
  const rawOf = (observation: Observation) => observation.turns[0]!.calls[0]!.arguments;

  it("names INV-8 when the policy was handed a string other than the provider's, or none", () => {
    const callId = oneCall.turns[0]!.calls[0]!.id;
    const reserialized = JSON.stringify(JSON.parse(rawOf(oneCall)));
    expect(universalAfter(oneCall, (o) => (policyOf(o, callId).rawArguments = reserialized))).toEqual([
      { requirement: "INV-8", check: 25, ...at(0, callId), message: `the rawArguments handed to the policy, ${JSON.stringify(reserialized)}, are not the provider's exact string ${JSON.stringify(rawOf(oneCall))}` },
    ]);
    expect(universalAfter(oneCall, (o) => (policyOf(o, callId).rawArguments = null))).toEqual([{ requirement: "INV-8", check: 25, ...at(0, callId), message: "the policy was handed no rawArguments" }]);
  });

  it("says nothing when a stdio adapter did not report the raw view", () => {
    const callId = oneCall.turns[0]!.calls[0]!.id;
    expect(universalAfter(oneCall, (o) => delete policyOf(o, callId).rawArguments)).toEqual([]);
    expect(oneCall.log.policies[0]!.rawArguments).toBe(rawOf(oneCall));
  });
});
