// Reported outcomes, observed (running/outcomes.ts): every outcome kind is kept as reported, a
// suspended proposal's views become snapshots at once, and anything malformed breaks the
// implementation with a message that names where.
import { describe, expect, it } from "vitest";
import { describeValue, observeInProcessOutcomes, observeOutcomes } from "../../harness/running/outcomes.ts";
import { ImplementationBroke } from "../../harness/running/implementation.ts";
import { CallOutcome } from "../../harness/running/stdio/protocol.ts";
import { snapshot, type Snapshot } from "../../harness/values/snapshot.ts";

const proposal = {
  kind: "tool",
  callId: "c1",
  toolName: "t",
  rawArguments: '{"a":1}',
  parsedArguments: { a: 1, d: true },
  argsCanonicalJson: '{"a":1,"d":true}',
  proposalHash: "h",
};

function broke(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ImplementationBroke);
    return (error as Error).message;
  }
  throw new Error("expected the implementation to be reported broken");
}

describe("outcomes reported in-process", () => {
  it("keeps each kind with exactly its own members, whatever else the runtime attached", () => {
    const observed = observeInProcessOutcomes(
      [
        { callId: "a", outcome: "executed", result: { big: "thing" }, extra: 1 },
        { callId: "b", outcome: "denied", reason: "rule", extra: 1 },
        { callId: "c", outcome: "invalid", stage: "json", message: "bad", extra: 1 },
        { callId: "d", outcome: "invalid", stage: "schema", message: "worse" },
        { callId: "e", outcome: "not_attempted", extra: 1 },
      ],
      snapshot,
    );
    expect(observed).toEqual([
      { callId: "a", outcome: "executed" },
      { callId: "b", outcome: "denied", reason: "rule" },
      { callId: "c", outcome: "invalid", stage: "json", message: "bad" },
      { callId: "d", outcome: "invalid", stage: "schema", message: "worse" },
      { callId: "e", outcome: "not_attempted" },
    ]);
  });

  it("snapshots a suspended proposal's views when reported, so a later change to the runtime's objects does not show", () => {
    const parsed = { a: 1, d: true };
    const requested = { a: 1 };
    const [observed] = observeInProcessOutcomes([{ callId: "c1", outcome: "suspended", proposal: { ...proposal, parsedArguments: parsed, requestedArguments: requested } }], snapshot);
    parsed.a = 2;
    requested.a = 3;
    expect(observed).toEqual({
      callId: "c1",
      outcome: "suspended",
      proposal: { ...proposal, parsedArguments: snapshot({ a: 1, d: true }), requestedArguments: snapshot({ a: 1 }) },
    });
  });

  it("leaves requestedArguments absent when the runtime gave none, and passes each view through the given snapshot", () => {
    const seen: unknown[] = [];
    const view = (value: unknown): Snapshot => (seen.push(value), { text: "seen", json: false });
    const [observed] = observeInProcessOutcomes([{ callId: "c1", outcome: "suspended", proposal }], view);
    expect(observed).toMatchObject({ proposal: { requestedArguments: undefined, parsedArguments: { text: "seen", json: false } } });
    expect(seen).toEqual([proposal.parsedArguments]);
  });

  it("keeps an own __proto__ member of a view", () => {
    const parsed = JSON.parse('{"__proto__": {"x": 1}, "a": 1}');
    const [observed] = observeInProcessOutcomes([{ callId: "c1", outcome: "suspended", proposal: { ...proposal, parsedArguments: parsed } }], snapshot);
    expect(observed).toMatchObject({ proposal: { parsedArguments: { text: '{"__proto__":{"x":1},"a":1}', json: true } } });
  });

  it.each([
    ["not a list", { callId: "c1" }, /^runTurn returned \{"callId":"c1"\} instead of a list of call outcomes$/],
    ["nothing at all", undefined, /^runTurn returned undefined instead of a list of call outcomes$/],
    ["an unknown outcome", [{ callId: "c1", outcome: "ran" }], /^runTurn reported a malformed outcome \(outcome: .*\): \{"callId":"c1","outcome":"ran"\}$/],
    ["a denial without a reason", [{ callId: "c1", outcome: "denied" }], /^runTurn reported a malformed outcome \(reason: .*\): /],
    ["an invalid outcome at an unknown stage", [{ callId: "c1", outcome: "invalid", stage: "policy", message: "m" }], /^runTurn reported a malformed outcome \(stage: /],
    ["a call id that is not a string", [{ callId: 1, outcome: "executed" }], /^runTurn reported a malformed outcome \(callId: /],
    ["a proposal whose hash is not a string", [{ callId: "c1", outcome: "suspended", proposal: { ...proposal, proposalHash: 7 } }], /^runTurn reported a malformed outcome \(proposal\.proposalHash: /],
    ["a proposal of another kind", [{ callId: "c1", outcome: "suspended", proposal: { ...proposal, kind: "mcp" } }], /^runTurn reported a malformed outcome \(proposal\.kind: /],
    ["something that is not an outcome", ["executed"], /^runTurn reported a malformed outcome \(the outcome: .*\): "executed"$/],
  ])("breaks the implementation for %s", (_, reported, message) => {
    expect(broke(() => observeInProcessOutcomes(reported, snapshot))).toMatch(message);
  });
});

describe("a suspended proposal without what its runtime does not keep", () => {
  it("is observed with those members absent, for check 18 to report (no raw string, no request view, no fingerprint)", () => {
    const { rawArguments: _raw, argsCanonicalJson: _text, proposalHash: _hash, ...bare } = proposal;
    const [observed] = observeInProcessOutcomes([{ callId: "c1", outcome: "suspended", proposal: bare }], snapshot);
    expect(observed).toEqual({
      callId: "c1",
      outcome: "suspended",
      proposal: { kind: "tool", callId: "c1", toolName: "t", rawArguments: undefined, requestedArguments: undefined, parsedArguments: snapshot({ a: 1, d: true }), argsCanonicalJson: undefined, proposalHash: undefined },
    });
  });
});

describe("outcomes reported over stdio", () => {
  const view = (value: unknown) => ("json" in (value as object) ? snapshot((value as { json: unknown }).json) : { text: (value as { notation: string }).notation, json: false });
  const observe = (reported: unknown) => observeOutcomes(reported, CallOutcome, view, "the adapter's answer to turn 1");

  it("takes encoded views and names the answer that broke", () => {
    const [observed] = observe([{ callId: "c1", outcome: "suspended", proposal: { ...proposal, parsedArguments: { json: { a: 1 } }, requestedArguments: { notation: "{a: NaN}" } } }]);
    expect(observed).toMatchObject({ proposal: { parsedArguments: snapshot({ a: 1 }), requestedArguments: { text: "{a: NaN}", json: false } } });
    expect(broke(() => observe([{ callId: "c1", outcome: "executed", extra: 1 }]))).toMatch(/^the adapter's answer to turn 1 reported a malformed outcome \(the outcome: .*"extra"/);
    expect(broke(() => observe([{ callId: "c1", outcome: "suspended", proposal: { ...proposal, parsedArguments: { a: 1 } } }]))).toMatch(/proposal\.parsedArguments/);
  });
});

describe("describeValue", () => {
  it("prints JSON, or what String makes of a value JSON cannot print, leaving out the middle past 200 characters", () => {
    expect(describeValue({ a: [1, "x"] })).toBe('{"a":[1,"x"]}');
    expect(describeValue(undefined)).toBe("undefined");
    expect(describeValue(() => 1)).toBe("() => 1");
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(describeValue(cyclic)).toBe("[object Object]");
    expect(describeValue(10n)).toBe("10");
    const long = "x".repeat(300);
    expect(describeValue(long)).toBe(`"${"x".repeat(99)}… 102 characters left out …${"x".repeat(99)}"`);
    expect(describeValue("x".repeat(198))).toBe(`"${"x".repeat(198)}"`);
    expect(describeValue([cyclic, "x".repeat(16_000_000)])).toBe(`[object Object],${"x".repeat(84)}… 15,999,816 characters left out …${"x".repeat(100)}`);
    const bare = Object.create(null) as Record<string, unknown>;
    bare.self = bare;
    expect(describeValue(bare)).toBe("a value that neither JSON nor String can write");
  });
});
