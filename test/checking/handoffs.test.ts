// The handoff checks (universal checks 22, 23 and 24, harness/checking/handoffs.ts) and the
// handoff words of an expectation (handoffInput, decodesLike), each on the reference's real run
// of a small fixture case with one record or outcome changed, and the runner's refusal of an
// outcome only the other kind of call can have.
import { describe, expect, it } from "vitest";
import { expectationFailures } from "../../harness/checking/expectations.ts";
import { universalFailures } from "../../harness/checking/universal.ts";
import type { Observation } from "../../harness/running/observation.ts";
import type { Failure } from "../../harness/running/results.ts";
import { runCase } from "../../harness/running/runner.ts";
import { snapshot } from "../../harness/values/snapshot.ts";
import { referenceAdapter } from "../../reference/adapter.ts";
import { referenceStages } from "../../reference/runtime.ts";
import { changed, fixtureCase, observed, setOutcome } from "../support/observations.ts";

const base = await observed("checks/handoff/handoff-and-tool");
const brief = (failures: Failure[]) => failures.map(({ requirement, check, step, callId, message }) => ({ requirement, check, step, callId, message }));
const handoffOf = (observation: Observation, callId: string) => observation.log.handoffs.find((record) => record.callId === callId)!;
const both = (observation: Observation) => {
  const universal = universalFailures(observation);
  return [...universal, ...expectationFailures(observation, universal)];
};

describe("the base", () => {
  it("passes every check: a tool call beside a handoff, a malformed handoff refused, a repeated name refused for both", () => {
    expect(both(base)).toEqual([]);
    expect(base.log.handoffs.map((record) => [record.callId, record.input.text])).toEqual([["h1", '{"order_id":"A-18","reason":"refund"}']]);
  });
});

describe("check 22: a malformed handoff hands nothing over", () => {
  it("names HANDOFF-1 when it was handed off anyway, with what was handed over", () => {
    const after = changed(base, (observation) => {
      setOutcome(observation, 1, { callId: "h2", outcome: "handed_off" });
      observation.log.handoffs.push({ seq: 100, step: 1, callId: "h2", handoff: "transfer_to_billing", input: snapshot({}) });
    });
    expect(brief(universalFailures(after))).toEqual([
      { requirement: "HANDOFF-1", check: 22, step: 1, callId: "h2", message: "a handoff call with malformed JSON arguments was handed off with the input {} (reported: handed off)" },
    ]);
    // The expectation's failure is a consequence, named after the check.
    expect(brief(expectationFailures(after, universalFailures(after))).map((failure) => failure.requirement)).toEqual(["HANDOFF-1"]);
  });

  it("names HANDOFF-1 when it was refused at another stage than json, or denied", () => {
    for (const outcome of [{ callId: "h2", outcome: "invalid", stage: "schema", message: "m" }, { callId: "h2", outcome: "denied", reason: "r" }] as const) {
      const failures = universalFailures(changed(base, (observation) => setOutcome(observation, 1, outcome)));
      expect(brief(failures)).toEqual([{ requirement: "HANDOFF-1", check: 22, step: 1, callId: "h2", message: expect.stringMatching(/^a handoff call with malformed JSON arguments was not refused at stage json \(reported: /) }]);
    }
  });
});

describe("check 23: a handoff hands over exactly its decoded raw string", () => {
  it("names HANDOFF-2, with a diff, when the value handed over is not the decoded string", () => {
    const failures = universalFailures(changed(base, (observation) => (handoffOf(observation, "h1").input = snapshot({ order_id: "A-18", reason: "refund", limit: 10 }))));
    expect(brief(failures)).toEqual([{ requirement: "HANDOFF-2", check: 23, step: 0, callId: "h1", message: "the handoff handed over a value other than the strict JSON decoding of its raw arguments" }]);
    expect(failures[0]!.diff).toContain('+   "limit": 10,');
  });

  it("names HANDOFF-2 when a handoff reported handed off handed nothing over", () => {
    const failures = universalFailures(changed(base, (observation) => (observation.log.handoffs = [])));
    expect(brief(failures)).toEqual([{ requirement: "HANDOFF-2", check: 23, step: 0, callId: "h1", message: expect.stringContaining("the handoff probe was not called") }]);
  });

  it("does not hold a string with a repeated name to JSON.parse's last-wins value (decodesLike does)", () => {
    const after = changed(base, (observation) => {
      setOutcome(observation, 3, { callId: "h3", outcome: "handed_off" });
      observation.log.handoffs.push({ seq: 100, step: 3, callId: "h3", handoff: "transfer_to_billing", input: snapshot({ agent: "billing" }) });
    });
    expect(universalFailures(after)).toEqual([]);
    expect(brief(expectationFailures(after))).toEqual([
      { requirement: "HANDOFF-2", check: undefined, step: 3, callId: "h3", message: "c3, a tool call with the same raw arguments, was refused at stage json; this handoff was not (reported: handed off)" },
    ]);
  });
});

describe("check 24: no tool schema parses a handoff", () => {
  it("names HANDOFF-3 for a tool's parse of the handoff's input, and no tool-call check sees that parse", () => {
    const failures = universalFailures(
      changed(base, (observation) => {
        observation.log.parses.push({ seq: 100, step: 0, tool: "lookup_order", input: snapshot({ order_id: "A-18", reason: "refund" }), output: snapshot({ order_id: "A-18", limit: 10 }) });
      }),
    );
    expect(brief(failures)).toEqual([
      { requirement: "HANDOFF-3", check: 24, step: 0, callId: "h1", message: 'the schema of tool lookup_order parsed the handoff\'s input {"order_id":"A-18","reason":"refund"}' },
    ]);
  });

  it("leaves a parse of a tool call's own request to the tool checks, even when a handoff has the same value", () => {
    const same = changed(base, (observation) => {
      observation.log.parses.push({ seq: 100, step: 0, tool: "lookup_order", input: snapshot({ order_id: "A-17" }), output: snapshot({ order_id: "A-17", limit: 10 }) });
    });
    expect(brief(universalFailures(same)).map((failure) => [failure.requirement, failure.check])).toEqual([["INV-3", 7]]);
  });
});

describe("a turn a handoff's validation failure ended", () => {
  it("leaves a later tool call the runtime did not attempt to the BATCH-5 rule, as after a tool call's failure", () => {
    const after = changed(base, (observation) => {
      setOutcome(observation, 4, { callId: "c5", outcome: "not_attempted" });
      for (const kind of ["parses", "policies", "executions"] as const) {
        (observation.log[kind] as { step: number }[]) = observation.log[kind].filter((record) => record.step !== 4);
      }
    });
    expect(brief(universalFailures(after))).toEqual([
      { requirement: "BATCH-5", check: 1, step: 4, callId: "c5", message: "the runtime ended the turn at h4's validation failure and did not attempt c5" },
    ]);
    expect(expectationFailures(after, universalFailures(after))).toEqual([]);
  });
});

describe("the handoff words of an expectation", () => {
  it("handoffInput names HANDOFF-2 with a diff of what was expected and handed over", () => {
    const testCase = fixtureCase("checks/handoff/handoff-and-tool");
    const expectation = testCase.steps[0]!.expect!.h1!;
    const after = { ...changed(base, () => undefined), testCase: { ...testCase, steps: [{ ...testCase.steps[0]!, expect: { ...testCase.steps[0]!.expect, h1: { ...expectation, handoffInput: { reason: "refund" } } } }, ...testCase.steps.slice(1)] } };
    const failures = expectationFailures(after);
    expect(brief(failures)).toEqual([{ requirement: "HANDOFF-2", check: undefined, step: 0, callId: "h1", message: "the input handed over differs from the expectation" }]);
    expect(failures[0]!.diff).toContain('+   "order_id": "A-18",');
  });

  it("decodesLike names HANDOFF-2 when the tool call was decoded and the handoff refused, though decoderMayRefuse excuses the refusal itself", () => {
    const after = changed(base, (observation) => {
      setOutcome(observation, 2, { callId: "c3", outcome: "executed" });
      observation.log.parses.push({ seq: 100, step: 2, tool: "take_note", input: snapshot({ agent: "admin" }), output: snapshot({ agent: "admin" }) });
    });
    // (c3 itself now misses the policy and tool records an execution leaves: not what this test is about.)
    expect(brief(expectationFailures(after)).filter((failure) => failure.callId === "h3")).toEqual([
      { requirement: "HANDOFF-2", check: undefined, step: 3, callId: "h3", message: 'c3, a tool call with the same raw arguments, was decoded to {"agent":"admin"}; this handoff handed nothing over (reported: invalid at stage json (duplicate member name "agent"))' },
    ]);
  });
  it("decodesLike holds nothing against a tool call left unattempted after a validation failure, as RFC-0015 allows; attempted, it holds", () => {
    const testCase = fixtureCase("checks/handoff/handoff-and-tool");
    const last = testCase.steps[4]!;
    // h4, refused at stage json, said to decode as c5, which its own step's runtime decoded.
    const withWord = { ...testCase, steps: [...testCase.steps.slice(0, 4), { ...last, expect: { ...last.expect, h4: { ...last.expect!.h4!, decodesLike: "c5" } } }] };
    const unattempted = changed(base, (observation) => {
      setOutcome(observation, 4, { callId: "c5", outcome: "not_attempted" });
      observation.log.policies = observation.log.policies.filter((record) => record.callId !== "c5");
      observation.log.executions = observation.log.executions.filter((record) => record.callId !== "c5");
      observation.log.parses = observation.log.parses.filter((record) => record.step !== 4);
    });
    expect(brief(expectationFailures({ ...unattempted, testCase: withWord })).filter((failure) => failure.callId === "h4")).toEqual([]);
    expect(brief(expectationFailures({ ...changed(base, () => undefined), testCase: withWord })).filter((failure) => failure.callId === "h4")).toEqual([
      { requirement: "HANDOFF-2", check: undefined, step: 4, callId: "h4", message: expect.stringMatching(/^c5, a tool call with the same raw arguments, was decoded to .*; this handoff handed nothing over/) },
    ]);
  });
});

describe("the runner", () => {
  it("errors a case whose adapter reports a handoff call executed, or a tool call handed off", async () => {
    const testCase = fixtureCase("checks/handoff/handoff-and-tool");
    const executesHandoffs = referenceAdapter("executes handoffs", { ...referenceStages, handOff: async (_config, _handoff, call) => ({ callId: call.callId, outcome: "executed" }) });
    expect(await runCase(executesHandoffs, testCase, 5_000)).toMatchObject({ status: "errored", reason: 'runTurn reported executed for call "h1", a handoff call' });
    const handsOffTools = referenceAdapter("hands off tools", { ...referenceStages, attempt: async (_config, call) => ({ callId: call.callId, outcome: "handed_off" }) });
    expect(await runCase(handsOffTools, testCase, 5_000)).toMatchObject({ status: "errored", reason: 'runTurn reported handed_off for call "c1", a tool call' });
  });
});
