// Which call a reference by id names when ids repeat across turns (spec/case-format.md, "Call
// references"), and which tool definitions hold at a step.
import { describe, expect, it } from "vitest";
import type { Call, Step } from "../../harness/loading/case-schema.ts";
import { callLabel, definitionOf, referencedCall, referencedStep, toolsAt } from "../../harness/vocabulary/call-references.ts";

const call = (id: string, args = "{}"): Call => ({ id, tool: "t", arguments: args });
const steps: Step[] = [
  { turn: [call("c1", '{"a":1}'), call("c2")] }, // 0
  { grant: { call: "c1", view: "effective" } }, // 1
  { turn: [call("c1", '{"a":2}')] }, // 2
  { redefine: { t: { schema: { type: "object", unknownKeys: "passthrough" } } } }, // 3
  { turn: [call("c2"), call("c1", '{"a":3}')] }, // 4
];

describe("referencedStep", () => {
  it("names the call of the same turn when it is another call", () => {
    expect(referencedStep(steps, "c1", 4, "c2")).toBe(4);
    expect(referencedStep(steps, "c2", 4, "c1")).toBe(4);
  });

  it("names the latest earlier call when the referring call is the one with that id", () => {
    expect(referencedStep(steps, "c1", 4, "c1")).toBe(2);
    expect(referencedStep(steps, "c1", 2, "c1")).toBe(0);
    expect(referencedStep(steps, "c2", 4, "c2")).toBe(0);
  });

  it("from a step without a turn (a grant), names the latest earlier call", () => {
    expect(referencedStep(steps, "c1", 1)).toBe(0);
    expect(referencedStep(steps, "c1", 3)).toBe(2);
  });

  it("names nothing before the id's first use", () => {
    expect(referencedStep(steps, "c1", 0, "c1")).toBeUndefined();
    expect(referencedStep(steps, "c9", 4, "c1")).toBeUndefined();
  });

  it("hands the call itself with its step", () => {
    expect(referencedCall(steps, "c1", 4, "c1")).toEqual({ step: 2, callId: "c1", call: call("c1", '{"a":2}') });
  });
});

describe("callLabel", () => {
  it("adds the step, counted from 1, only to an id used in more than one turn", () => {
    expect(callLabel(steps, { step: 4, callId: "c1" })).toBe("c1 (step 5)");
    expect(callLabel([{ turn: [call("c7")] }], { step: 0, callId: "c7" })).toBe("c7");
  });
});

describe("tool definitions at a step", () => {
  const tools = { t: { schema: { type: "object" as const } }, u: { schema: { type: "string" as const } } };

  it("are the case's own before a redefine, and the redefinition's from the step after it", () => {
    expect(toolsAt({ tools, steps }, 3)).toEqual(tools);
    expect(toolsAt({ tools, steps }, 4)).toEqual({ ...tools, t: steps[3]!.redefine!.t });
    expect(definitionOf(steps, "t", 3)).toBe(-1);
    expect(definitionOf(steps, "t", 4)).toBe(3);
    expect(definitionOf(steps, "u", 4)).toBe(-1);
  });
});
