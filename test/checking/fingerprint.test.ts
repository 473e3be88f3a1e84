// Checks 19 and 20 (harness/checking/fingerprint.ts), tested directly on the reference's real
// runs of small fixture cases: one changed record makes exactly one finding, with its exact
// message and diff, whether it accounts for the call's expectations, and reported only once.
import { beforeAll, describe, expect, it } from "vitest";
import { explains } from "../../harness/checking/context.ts";
import { fingerprintFailures } from "../../harness/checking/fingerprint.ts";
import type { FingerprintRecord, Observation } from "../../harness/running/observation.ts";
import type { Failure } from "../../harness/running/results.ts";
import { snapshot } from "../../harness/values/snapshot.ts";
import { copyOf, observed, policyOf } from "../support/observations.ts";

let oneCall: Observation;
let suspended: Observation;
let batch: Observation;
beforeAll(async () => {
  oneCall = await observed("checks/invariant/one-call");
  suspended = await observed("checks/approval-resume/suspend-then-grant");
  batch = await observed("checks/read-batch/mixed-batch");
});

/** A copy of `base` with `change` applied; its check 19 and 20 findings. */
function after(base: Observation, change: (observation: Observation) => void): Failure[] {
  const observation = copyOf(base);
  change(observation);
  return fingerprintFailures(observation);
}
const hashOf = (observation: Observation, callId: string): string => policyOf(observation, callId).proposalHash!;
const accountsForEverything = (failures: Failure[]) => failures.map((failure) => explains(failure, undefined));
const ONE_CALL_VALUE = '{"mode":"r","path":"/etc/hosts"}';

describe("the bases", () => {
  it("have no finding of checks 19 and 20", () => {
    for (const base of [oneCall, suspended, batch]) expect(fingerprintFailures(base)).toEqual([]);
  });
});

describe("check 19: what the policy was handed besides the value", () => {
  it("names INV-4 for a policy handed no proposalHash, and nothing else", () => {
    expect(after(oneCall, (o) => delete policyOf(o, "c1").proposalHash)).toEqual([
      { requirement: "INV-4", check: 19, message: "the policy was handed no proposalHash", step: 0, callId: "c1" },
    ]);
  });

  it("names INV-4 with a parsedArguments/argsCanonicalJson diff when the canonical text reads back as another value", () => {
    expect(after(oneCall, (o) => (policyOf(o, "c1").argsCanonicalJson = '{"path":"/etc/hosts"}'))).toEqual([
      {
        requirement: "INV-4",
        check: 19,
        message: "argsCanonicalJson does not describe the parsedArguments the policy was handed",
        diff: '- parsedArguments\n+ argsCanonicalJson\n  {\n-   "mode": "r",\n    "path": "/etc/hosts"\n  }',
        step: 0,
        callId: "c1",
      },
    ]);
  });

  it("names INV-4 when the canonical text is not JSON at all, its diff showing the text as written", () => {
    expect(after(oneCall, (o) => (policyOf(o, "c1").argsCanonicalJson = '{"mode":"r",'))).toEqual([
      {
        requirement: "INV-4",
        check: 19,
        message: "argsCanonicalJson does not describe the parsedArguments the policy was handed",
        diff: '- parsedArguments\n+ argsCanonicalJson\n- {\n-   "mode": "r",\n-   "path": "/etc/hosts"\n- }\n+ {"mode":"r", (not JSON) (no JSON form)',
        step: 0,
        callId: "c1",
      },
    ]);
  });
});

describe("check 20: one effective proposal, one hash", () => {
  it("names MATRIX-4 for one call handed two hashes for its one proposal, a finding that accounts for none of its expectations", () => {
    const failures = after(oneCall, (o) => o.log.policies.push({ ...policyOf(o, "c1"), seq: 10, proposalHash: "other" }));
    expect(failures).toEqual([
      {
        requirement: "MATRIX-4",
        check: 20,
        message: `call c1 was handed two different proposal hashes for one effective proposal (read_file with ${ONE_CALL_VALUE}): ${hashOf(oneCall, "c1")} and other`,
        step: 0,
        callId: "c1",
      },
    ]);
    expect(accountsForEverything(failures)).toEqual([false]);
  });

  it("names MATRIX-4 for two calls with two hashes for one proposal, a finding that accounts for every expectation of the later call", () => {
    const failures = after(suspended, (o) => (policyOf(o, "c2").proposalHash = "another"));
    expect(failures).toEqual([
      {
        requirement: "MATRIX-4",
        check: 20,
        message: `calls c1 and c2 have two different proposal hashes for one effective proposal (delete_file with {"path":"/tmp/b"}): ${hashOf(suspended, "c1")} and another`,
        step: 2,
        callId: "c2",
      },
    ]);
    expect(accountsForEverything(failures)).toEqual([true]);
  });

  it("reports a call handed a third record with the same wrong hash once", () => {
    expect(after(oneCall, (o) => {
      o.log.policies.push({ ...policyOf(o, "c1"), seq: 10, proposalHash: "other" }, { ...policyOf(o, "c1"), seq: 11, proposalHash: "other" });
    })).toEqual([expect.objectContaining({ requirement: "MATRIX-4", check: 20, message: expect.stringMatching(/^call c1 was handed .* and other$/) })]);
  });

  it("reports a second hash for each of two proposals, each under its own call", () => {
    expect(after(batch, (o) => {
      o.log.policies.push({ ...policyOf(o, "c1"), seq: 10, proposalHash: "x1" }, { ...policyOf(o, "c4"), seq: 11, proposalHash: "x4" });
    }).map((failure) => [failure.requirement, failure.callId, failure.message])).toEqual([
      ["MATRIX-4", "c1", `call c1 was handed two different proposal hashes for one effective proposal (read_file with {"path":"/tmp/a"}): ${hashOf(batch, "c1")} and x1`],
      ["MATRIX-4", "c4", `call c4 was handed two different proposal hashes for one effective proposal (read_file with {"path":"/tmp/b"}): ${hashOf(batch, "c4")} and x4`],
    ]);
  });

  it("names INV-4 for a fingerprint answer that disagrees with an earlier answer for the same proposal, naming the later answer's call", () => {
    const first = () => suspended.fingerprints[0]!;
    const failures = after(suspended, (o) => o.fingerprints.push({ ...first(), callId: "c2", proposalHash: "made-up" }));
    expect(failures).toEqual([
      {
        requirement: "INV-4",
        check: 20,
        message: `the runtime's fingerprint of delete_file with {"path":"/tmp/a/../b"} is ${first().proposalHash}, but it showed made-up for the same effective proposal (call c2, fingerprint)`,
        step: 1,
        callId: "c2",
      },
    ]);
    expect(accountsForEverything(failures)).toEqual([false]);
  });
});

describe("check 20: different effective proposals, different hashes", () => {
  it("names INV-4 with a diff labelled by tool and call, a finding that accounts for none of the expectations", () => {
    const failures = after(batch, (o) => (policyOf(o, "c4").proposalHash = hashOf(o, "c1")));
    expect(failures).toEqual([
      {
        requirement: "INV-4",
        check: 20,
        message: `different effective proposals share the proposal hash ${hashOf(batch, "c1")}`,
        diff: '- read_file (call c1)\n+ read_file (call c4)\n  {\n-   "path": "/tmp/a"\n+   "path": "/tmp/b"\n  }',
        step: 0,
        callId: "c4",
      },
    ]);
    expect(accountsForEverything(failures)).toEqual([false]);
  });

  it("reports each pair of proposals that shares a hash", () => {
    const hash = hashOf(oneCall, "c1");
    expect(after(oneCall, (o) => {
      o.log.policies.push({ ...policyOf(o, "c1"), seq: 10, callId: "c2", tool: "another_tool" }, { ...policyOf(o, "c1"), seq: 11, callId: "c3", tool: "third_tool" });
    }).map((failure) => [failure.requirement, failure.callId, failure.message])).toEqual([
      ["INV-4", "c2", `different effective proposals share the proposal hash ${hash} (tools read_file and another_tool)`],
      ["INV-4", "c3", `different effective proposals share the proposal hash ${hash} (tools read_file and third_tool)`],
    ]);
  });

  it("reports two proposals once, whichever of them had a shared hash first", () => {
    // read_file's value under H then h2, another_tool's under h2 then H: one pair of proposals.
    const hash = hashOf(oneCall, "c1");
    const failures = after(oneCall, (o) => {
      const record = policyOf(o, "c1");
      o.log.policies.push(
        { ...record, seq: 10, callId: "c2", tool: "another_tool", proposalHash: "h2" },
        { ...record, seq: 11, callId: "c3", tool: "another_tool" },
        { ...record, seq: 12, callId: "c4", proposalHash: "h2" },
      );
    });
    expect(failures.map((failure) => [failure.requirement, failure.callId, failure.message])).toEqual([
      ["MATRIX-4", "c3", `calls c2 and c3 have two different proposal hashes for one effective proposal (another_tool with ${ONE_CALL_VALUE}): h2 and ${hash}`],
      ["INV-4", "c3", `different effective proposals share the proposal hash ${hash} (tools read_file and another_tool)`],
      ["MATRIX-4", "c4", `calls c1 and c4 have two different proposal hashes for one effective proposal (read_file with ${ONE_CALL_VALUE}): ${hash} and h2`],
    ]);
  });

  it("keeps the two proposals of a pair apart: pairs whose tool and value texts run together alike are two conflicts", () => {
    // Tool "1" with 1 and tool "2b" with 3, tool "1" with 12 and tool "b" with 3: written
    // without a separator, both pairs read "1", 0, "12b", 0, "3".
    const answer = (callId: string, tool: string, value: unknown, proposalHash: string): FingerprintRecord => ({ step: 0, callId, tool, value: snapshot(value), proposalHash });
    expect(after(oneCall, (o) => {
      o.fingerprints = [answer("f1", "1", 1, "h"), answer("f2", "2b", 3, "h"), answer("f3", "1", 12, "g"), answer("f4", "b", 3, "g")];
    }).map((failure) => [failure.requirement, failure.callId, failure.message])).toEqual([
      ["INV-4", "f2", "different effective proposals share the proposal hash h (tools 1 and 2b)"],
      ["INV-4", "f4", "different effective proposals share the proposal hash g (tools 1 and b)"],
    ]);
  });
});
