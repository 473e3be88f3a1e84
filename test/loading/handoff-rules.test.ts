// The loader's rules for handoff calls (spec/case-format.md, "Handoff calls"): a handoff is
// declared once and never under a tool's name; a handoff call is expected only in words it can
// be observed by, and a tool call never in a handoff's; decodesLike names a tool call with the
// very same raw string; a case with a handoff call needs the handoffs capability.
import { describe, expect, it } from "vitest";
import { capabilitiesOf, loadCaseText } from "../../harness/loading/loader.ts";
import { loadProblems, replaced } from "../support/case-text.ts";

const FILE = "cases/handoff/sample.yaml";
const VALID = `id: handoff/sample
title: t
level: must
requirements: [HANDOFF-2]
tools:
  note:
    schema: { type: any }
handoffs: [transfer_to_billing]
policy:
  otherwise: allow
steps:
  - turn:
      - { id: c1, tool: note, arguments: '{"a": 1}' }
    expect:
      c1: { outcome: executed }
  - turn:
      - { id: h1, tool: transfer_to_billing, arguments: '{"a": 1}' }
    expect:
      h1: { outcome: handed_off, handoffInput: { a: 1 }, decodesLike: c1 }
`;

const problems = (text: string) => {
  const found = loadProblems(FILE, text);
  return found === "loads" ? [] : found.map((message) => message.replace(`${FILE}:`, ""));
};
const edited = (from: string, to: string) => replaced(VALID, from, to);

describe("handoff calls in a case file", () => {
  it("load, and need the handoffs capability", () => {
    const loaded = loadCaseText(FILE, VALID);
    if ("errors" in loaded) throw new Error(loaded.errors[0]!.message);
    expect(loaded.case.capabilities).toEqual(["handoffs"]);
    expect(capabilitiesOf({ ...loaded.case, handoffs: ["unused"] })).toEqual([]);
  });

  it.each([
    ["a handoff declared twice", edited("handoffs: [transfer_to_billing]", "handoffs: [transfer_to_billing, transfer_to_billing]"), ['8:33: handoff "transfer_to_billing" is declared twice']],
    ["a handoff named like a tool", edited("handoffs: [transfer_to_billing]", "handoffs: [transfer_to_billing, note]"), ['8:33: "note" is declared as a tool too; a call must name either a tool or a handoff']],
    ["a call to neither", edited("tool: transfer_to_billing", "tool: transfer_to_admin"), ['17:25: unknown tool "transfer_to_admin"; declared tools: note; handoffs: transfer_to_billing']],
    ["a handoff call expected executed", edited("h1: { outcome: handed_off, handoffInput: { a: 1 }, decodesLike: c1 }", "h1: { outcome: executed }"), ["19:22: a handoff call is handed_off, invalid or denied, never executed"]],
    [
      "a handoff call expected in a tool attempt's word",
      edited("handoffInput: { a: 1 }, decodesLike: c1", "parsedArguments: { a: 1 }"),
      ['19:51: "parsedArguments" is about a tool call\'s attempt; this is a handoff call (use handoffInput or decodesLike)'],
    ],
    ["a tool call handed off", edited("c1: { outcome: executed }", "c1: { outcome: handed_off }"), ["15:22: only a handoff call is handed_off; this call names a tool"]],
    ["a tool call expected in a handoff's word", edited("c1: { outcome: executed }", "c1: { outcome: executed, handoffInput: {} }"), ['15:46: "handoffInput" is about a handoff call; this call names a tool', '15:46: "handoffInput" cannot be observed for outcome executed: only a handoff that happened hands an input over']],
    ["handoffInput with another outcome", edited("outcome: handed_off, handoffInput", "outcome: invalid, handoffInput"), ['19:45: "handoffInput" cannot be observed for outcome invalid: only a handoff that happened hands an input over']],
    ["decodesLike naming no call", edited("decodesLike: c1", "decodesLike: c9"), ['19:71: "c9" is not a tool call of this or an earlier turn']],
    ["decodesLike naming a call with other arguments", edited(`c1, tool: note, arguments: '{"a": 1}'`, `c1, tool: note, arguments: '{"a":1}'`), ['19:71: "c1" has other arguments than "h1"; decodesLike compares two calls with the very same raw string']],
  ])("%s is refused at its place", (_, text, messages) => {
    expect(problems(text)).toEqual(messages);
  });
});
