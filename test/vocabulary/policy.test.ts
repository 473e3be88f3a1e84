// Every word of the policy vocabulary: rules in order, the decision and reason words, each
// comparison at its boundary and on a type mismatch, the views, combinators and facts.
import { describe, expect, it } from "vitest";
import type { ToolPolicyInput } from "../../harness/adapter.ts";
import type { Condition, Policy } from "../../harness/loading/case-schema.ts";
import { decide, holds } from "../../harness/vocabulary/policy.ts";

const input = (parsedArguments: unknown, extra: Partial<ToolPolicyInput> = {}): ToolPolicyInput => ({
  agentName: "a",
  toolName: "read_file",
  callId: "c1",
  turn: 1,
  rawArguments: "{}",
  parsedArguments,
  argsCanonicalJson: "{}",
  proposalHash: "h1",
  ...extra,
});
const noGrants = { grants: new Set<string>() };
const on = (condition: Condition, value: unknown, extra?: Partial<ToolPolicyInput>) => holds(condition, input(value, extra), noGrants);

describe("decide", () => {
  const policy: Policy = {
    rules: [
      { when: { pointer: "/path", startsWith: "/etc" }, decision: "deny", reason: "sensitive" },
      { when: { pointer: "/path", startsWith: "/e" }, decision: "allow", reason: "e_path" },
      { when: { pointer: "/mode", equals: "w" }, decision: "deny" },
      { when: { pointer: "/mode", equals: "a" }, decision: "require_approval" },
    ],
    otherwise: "allow",
  };

  it("takes the first rule that holds, with its reason", () => {
    expect(decide(policy, input({ path: "/etc/x" }), noGrants)).toEqual({ decision: "deny", reason: "sensitive" });
    expect(decide(policy, input({ path: "/ex" }), noGrants)).toEqual({ decision: "allow", reason: "e_path" });
  });

  it("gives a deny without a reason the reason policy_denied, and an allow or approval none", () => {
    expect(decide(policy, input({ mode: "w" }), noGrants)).toEqual({ decision: "deny", reason: "policy_denied" });
    expect(decide(policy, input({ mode: "a" }), noGrants)).toEqual({ decision: "require_approval" });
  });

  it("falls back to otherwise, with otherwiseReason when written", () => {
    expect(decide(policy, input({}), noGrants)).toEqual({ decision: "allow" });
    expect(decide({ rules: [], otherwise: "deny", otherwiseReason: "closed" }, input({}), noGrants)).toEqual({ decision: "deny", reason: "closed" });
    expect(decide({ rules: [], otherwise: "require_approval", otherwiseReason: "ask" }, input({}), noGrants)).toEqual({ decision: "require_approval", reason: "ask" });
  });
});

describe("comparisons", () => {
  it("exists holds at a present member, exists: false at a missing one; own members only", () => {
    expect(on({ pointer: "/a", exists: true }, { a: null })).toBe(true);
    expect(on({ pointer: "/a", exists: true }, {})).toBe(false);
    expect(on({ pointer: "/a", exists: false }, {})).toBe(true);
    expect(on({ pointer: "/toString", exists: true }, {})).toBe(false);
    expect(on({ pointer: "/__proto__", exists: true }, JSON.parse('{"__proto__": 1}'))).toBe(true);
  });

  it("every other comparison is false at a missing member, notEquals included", () => {
    for (const condition of [{ equals: 1 }, { notEquals: 1 }, { in: [1] }, { contains: "a" }, { startsWith: "" }, { endsWith: "" }, { matches: "" }, { gt: 0 }, { gte: 0 }, { lt: 0 }, { lte: 0 }]) {
      expect(on({ pointer: "/missing", ...condition }, {}), JSON.stringify(condition)).toBe(false);
    }
  });

  it("equals and notEquals compare by canonical JSON", () => {
    expect(on({ pointer: "/v", equals: { a: 1, b: [0] } }, { v: { b: [-0], a: 1.0 } })).toBe(true);
    expect(on({ pointer: "/v", equals: { a: 1 } }, { v: { a: 1, b: 2 } })).toBe(false);
    expect(on({ pointer: "/v", equals: "1" }, { v: 1 })).toBe(false);
    expect(on({ pointer: "/v", notEquals: 1 }, { v: 2 })).toBe(true);
    expect(on({ pointer: "/v", notEquals: 1 }, { v: 1 })).toBe(false);
  });

  it("in holds for any listed value", () => {
    expect(on({ pointer: "/v", in: ["a", { b: 1 }] }, { v: { b: 1 } })).toBe(true);
    expect(on({ pointer: "/v", in: ["a", "b"] }, { v: "c" })).toBe(false);
  });

  it("contains: a substring of a string, an element of an array, false on a mismatch", () => {
    expect(on({ pointer: "/v", contains: "b c" }, { v: "a b c d" })).toBe(true);
    expect(on({ pointer: "/v", contains: "x" }, { v: "abc" })).toBe(false);
    expect(on({ pointer: "/v", contains: { a: 1 } }, { v: [1, { a: 1 }] })).toBe(true);
    expect(on({ pointer: "/v", contains: 2 }, { v: [1, "2"] })).toBe(false);
    expect(on({ pointer: "/v", contains: 1 }, { v: "1" })).toBe(false);
    expect(on({ pointer: "/v", contains: "a" }, { v: { a: 1 } })).toBe(false);
  });

  it("startsWith and endsWith compare UTF-16 code units of strings only", () => {
    expect(on({ pointer: "/v", startsWith: "/etc" }, { v: "/etc/x" })).toBe(true);
    expect(on({ pointer: "/v", startsWith: "/etc" }, { v: "/tmp/etc" })).toBe(false);
    expect(on({ pointer: "/v", endsWith: ".env" }, { v: "/a/.env" })).toBe(true);
    expect(on({ pointer: "/v", endsWith: ".env" }, { v: "/a/.env.x" })).toBe(false);
    expect(on({ pointer: "/v", startsWith: "1" }, { v: 12 })).toBe(false);
  });

  it("a condition without a pointer is about the whole view", () => {
    expect(on({ exists: true }, {})).toBe(true);
    expect(on({ equals: { a: 1 } }, { a: 1 })).toBe(true);
  });

  it("compares strings as they are: no trimming, case folding or Unicode normalization", () => {
    expect(on({ pointer: "/v", startsWith: "/etc" }, { v: " /etc/x" })).toBe(false);
    expect(on({ pointer: "/v", endsWith: ".env" }, { v: "/a/.env " })).toBe(false);
    expect(on({ pointer: "/v", endsWith: ".env" }, { v: "/a/.ENV" })).toBe(false);
    expect(on({ pointer: "/v", equals: "caf\u00e9" }, { v: "cafe\u0301" })).toBe(false);
    expect(on({ pointer: "/v", contains: "\u00e9" }, { v: "cafe\u0301" })).toBe(false);
    expect(on({ pointer: "/v", in: ["a"] }, { v: "a\t" })).toBe(false);
  });

  it("matches runs a pattern of the subset, unanchored unless anchored", () => {
    expect(on({ pointer: "/v", matches: "rm[ \\t]" }, { v: "sudo rm x" })).toBe(true);
    expect(on({ pointer: "/v", matches: "^rm[ \\t]" }, { v: "sudo rm x" })).toBe(false);
    expect(on({ pointer: "/v", matches: "1" }, { v: 1 })).toBe(false);
  });

  it("gt, gte, lt and lte at their boundary, false on a string", () => {
    expect([on({ pointer: "/n", gt: 5 }, { n: 5 }), on({ pointer: "/n", gt: 5 }, { n: 5.5 })]).toEqual([false, true]);
    expect([on({ pointer: "/n", gte: 5 }, { n: 4.9 }), on({ pointer: "/n", gte: 5 }, { n: 5 })]).toEqual([false, true]);
    expect([on({ pointer: "/n", lt: 5 }, { n: 5 }), on({ pointer: "/n", lt: 5 }, { n: 4 })]).toEqual([false, true]);
    expect([on({ pointer: "/n", lte: 5 }, { n: 5.1 }), on({ pointer: "/n", lte: 5 }, { n: 5 })]).toEqual([false, true]);
    expect(on({ pointer: "/n", gt: 1 }, { n: "5" })).toBe(false);
  });

  it("reads parsedArguments by default and requestedArguments with view: requested, finding nothing when none was handed", () => {
    const extra = { requestedArguments: { p: "req" } };
    expect(on({ pointer: "/p", equals: "parsed" }, { p: "parsed" }, extra)).toBe(true);
    expect(on({ pointer: "/p", view: "parsed", equals: "parsed" }, { p: "parsed" }, extra)).toBe(true);
    expect(on({ pointer: "/p", view: "requested", equals: "req" }, { p: "parsed" }, extra)).toBe(true);
    expect(on({ pointer: "/p", view: "requested", exists: false }, { p: "parsed" })).toBe(true);
  });

  it("the pointer \"\" is the whole value", () => {
    expect(on({ pointer: "", equals: [1] }, [1])).toBe(true);
  });
});

describe("combinators and facts", () => {
  const t = { pointer: "", exists: true };
  const f = { pointer: "", exists: false };
  it("all, any and not", () => {
    expect([on({ all: [t, t] }, 1), on({ all: [t, f] }, 1)]).toEqual([true, false]);
    expect([on({ any: [f, t] }, 1), on({ any: [f, f] }, 1)]).toEqual([true, false]);
    expect([on({ not: f }, 1), on({ not: t }, 1)]).toEqual([true, false]);
  });

  it("granted reads the grants for exactly the proposal hash handed over", () => {
    const grants = { grants: new Set(["h1"]) };
    expect(holds({ granted: true }, input({}), grants)).toBe(true);
    expect(holds({ granted: false }, input({}), grants)).toBe(false);
    expect(holds({ granted: true }, input({}, { proposalHash: "h2" }), grants)).toBe(false);
    expect(holds({ granted: false }, input({}, { proposalHash: "h2" }), grants)).toBe(true);
  });

  it("tool holds for calls to that tool", () => {
    expect(on({ tool: "read_file" }, {})).toBe(true);
    expect(on({ tool: "write_file" }, {})).toBe(false);
  });
});
