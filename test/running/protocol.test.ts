// The stdio protocol's messages (running/stdio/protocol.ts, spec/adapter-protocol.md): one
// well-formed sample of every message and record, and for each of its members the near misses
// that must be refused: the member missing (unless optional), of another type, and a member the
// protocol does not know.
import { describe, expect, it } from "vitest";
import { ProbeRecord, ProtocolMessage, Reply, Request, Value, PROTOCOL } from "../../harness/running/stdio/protocol.ts";

const value = { json: { a: 1 } };
const proposal = { kind: "tool", callId: "c1", toolName: "t", rawArguments: "{}", parsedArguments: value, argsCanonicalJson: "{}", proposalHash: "h" };

interface Sample {
  name: string;
  message: Record<string, unknown>;
  /** Members that may be left out. */
  optional: string[];
  /** Members that take any JSON value. */
  anyJson?: string[];
}

const requests: Sample[] = [
  { name: "hello", message: { type: "hello", id: 1, protocol: PROTOCOL }, optional: [] },
  { name: "start", message: { type: "start", id: 2, case: { id: "x/y", tools: {}, hooks: [], policy: { otherwise: "allow" } } }, optional: [] },
  { name: "turn", message: { type: "turn", id: 3, turn: 1, calls: [{ callId: "c1", toolName: "t", rawArguments: "{}" }], grants: ["h"] }, optional: [] },
  { name: "fingerprint", message: { type: "fingerprint", id: 4, toolName: "t", arguments: { a: 1 } }, optional: [], anyJson: ["arguments"] },
  { name: "end", message: { type: "end", id: 5 }, optional: [] },
  { name: "shutdown", message: { type: "shutdown" }, optional: [] },
];

const replies: Sample[] = [
  { name: "hello", message: { type: "hello", id: 1, name: "n", version: "1", capabilities: ["approval"] }, optional: [] },
  { name: "started", message: { type: "started", id: 2 }, optional: [] },
  { name: "turn-result", message: { type: "turn-result", id: 3, outcomes: [{ callId: "c1", outcome: "suspended", proposal }], records: [] }, optional: [] },
  { name: "fingerprinted", message: { type: "fingerprinted", id: 4, proposalHash: "h" }, optional: [] },
  { name: "ended", message: { type: "ended", id: 5 }, optional: [] },
  { name: "error", message: { type: "error", id: 6, message: "the runtime threw" }, optional: [] },
];

const records: Sample[] = [
  { name: "parse", message: { kind: "parse", seq: 0, tool: "t", input: value, output: value }, optional: ["output"] },
  { name: "hook", message: { kind: "hook", seq: 1, hookId: "h", callId: "c1", tool: "t", toolInput: value, decision: "deny", updatedInput: value }, optional: ["decision", "updatedInput"] },
  {
    name: "policy",
    message: {
      kind: "policy",
      seq: 2,
      callId: "c1",
      tool: "t",
      parsedObject: 1,
      parsedArguments: value,
      requestedArguments: value,
      argsCanonicalJson: "{}",
      proposalHash: "h",
      decision: { decision: "allow", reason: "r" },
      inherited: [],
      mutation: "changed",
    },
    optional: ["requestedArguments", "argsCanonicalJson", "proposalHash", "mutation"],
  },
  { name: "execution", message: { kind: "execution", seq: 3, callId: "c1", tool: "t", argsObject: 1, arguments: value, inherited: ["x"] }, optional: [] },
];

/** A value of another JSON type than `value`. */
function otherType(value: unknown): unknown {
  if (typeof value === "string") return 1;
  if (typeof value === "number") return "1";
  if (Array.isArray(value)) return {};
  if (typeof value === "object" && value !== null) return [];
  return null;
}

function nearMisses(sample: Sample): [string, Record<string, unknown>][] {
  const misses: [string, Record<string, unknown>][] = [[`an unknown member`, { ...sample.message, unknown: 1 }]];
  for (const [key, member] of Object.entries(sample.message)) {
    if (!sample.optional.includes(key)) {
      const { [key]: _, ...rest } = sample.message;
      misses.push([`no ${key}`, rest]);
    }
    if (!sample.anyJson?.includes(key)) misses.push([`${key} of another type`, { ...sample.message, [key]: otherType(member) }]);
  }
  return misses;
}

describe.each([
  ["request", Request, requests],
  ["reply", Reply, replies],
  ["probe record", ProbeRecord, records],
] as const)("a %s", (_, schema, samples) => {
  describe.each(samples)("$name", (sample) => {
    it("is accepted as written, and with each optional member left out", () => {
      expect(schema.safeParse(sample.message).success).toBe(true);
      expect(ProtocolMessage.safeParse(sample.message).success).toBe(schema !== ProbeRecord);
      for (const key of sample.optional) {
        const { [key]: _, ...rest } = sample.message;
        expect(schema.safeParse(rest).success, `without ${key}`).toBe(true);
      }
    });

    it.each(nearMisses(sample))("is refused with %s", (_, message) => {
      expect(schema.safeParse(message).success).toBe(false);
    });
  });
});

describe("the protocol's finer points", () => {
  it("counts requests from 1 and turns from 1, and records from 0", () => {
    expect(Request.safeParse({ type: "end", id: 0 }).success).toBe(false);
    expect(Request.safeParse({ type: "end", id: 1.5 }).success).toBe(false);
    expect(Request.safeParse({ ...requests[2]!.message, turn: 0 }).success).toBe(false);
    expect(ProbeRecord.safeParse({ ...records[0]!.message, seq: -1 }).success).toBe(false);
    expect(ProbeRecord.safeParse({ ...records[0]!.message, seq: 0.5 }).success).toBe(false);
    expect(ProbeRecord.safeParse({ ...records[2]!.message, parsedObject: 1.5 }).success).toBe(false);
  });

  it("speaks only its own version, and a hello names the adapter and only known capabilities", () => {
    expect(Request.safeParse({ type: "hello", id: 1, protocol: "effective-args/1" }).success).toBe(false);
    expect(Reply.safeParse({ ...replies[0]!.message, name: "" }).success).toBe(false);
    expect(Reply.safeParse({ ...replies[0]!.message, version: "" }).success).toBe(false);
    expect(Reply.safeParse({ ...replies[0]!.message, capabilities: ["hooks", "batch", "approval", "fingerprint"] }).success).toBe(true);
    expect(Reply.safeParse({ ...replies[0]!.message, capabilities: ["telepathy"] }).success).toBe(false);
  });

  it("takes a value as JSON or as notation, never both, never bare", () => {
    expect(Value.safeParse({ json: null }).success).toBe(true);
    expect(Value.safeParse({ notation: "{a: NaN}" }).success).toBe(true);
    expect(Value.safeParse({ json: 1, notation: "1" }).success).toBe(false);
    expect(Value.safeParse({ notation: 1 }).success).toBe(false);
    expect(Value.safeParse({ a: 1 }).success).toBe(false);
  });

  it("allows only the policy's decisions and a hook's allow or deny", () => {
    for (const decision of ["allow", "deny", "require_approval"]) {
      expect(ProbeRecord.safeParse({ ...records[2]!.message, decision: { decision } }).success, decision).toBe(true);
    }
    expect(ProbeRecord.safeParse({ ...records[2]!.message, decision: { decision: "ask" } }).success).toBe(false);
    expect(ProbeRecord.safeParse({ ...records[2]!.message, decision: { decision: "allow", extra: 1 } }).success).toBe(false);
    expect(ProbeRecord.safeParse({ ...records[2]!.message, mutation: "maybe" }).success).toBe(false);
    expect(ProbeRecord.safeParse({ ...records[1]!.message, decision: "require_approval" }).success).toBe(false);
  });

  it("answers a turn with outcomes of every kind, and nothing else", () => {
    const outcomes = [
      { callId: "a", outcome: "executed" },
      { callId: "b", outcome: "executed", result: { anything: [1] } },
      { callId: "c", outcome: "denied", reason: "r" },
      { callId: "d", outcome: "invalid", stage: "json", message: "m" },
      { callId: "e", outcome: "invalid", stage: "schema", message: "m" },
      { callId: "f", outcome: "not_attempted" },
      { callId: "g", outcome: "suspended", proposal: { ...proposal, requestedArguments: { notation: "{}" } } },
    ];
    expect(Reply.safeParse({ ...replies[2]!.message, outcomes }).success).toBe(true);
    for (const wrong of [{ callId: "x", outcome: "skipped" }, { callId: "x", outcome: "invalid", stage: "policy", message: "m" }, { callId: "x", outcome: "suspended", proposal: { ...proposal, kind: "mcp" } }]) {
      expect(Reply.safeParse({ ...replies[2]!.message, outcomes: [wrong] }).success, JSON.stringify(wrong)).toBe(false);
    }
  });
});
