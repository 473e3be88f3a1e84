// Every rule of "What the loader rejects" (spec/case-format.md), each broken alone in an
// otherwise valid case and reported at its line, and the capabilities a case needs.
import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { capabilitiesOf, loadCases, loadCaseText } from "../../harness/loading/loader.ts";
import { loadProblems, replaced } from "../support/case-text.ts";

const FILE = "cases/matrix/sample.yaml";
const VALID = `id: matrix/sample
title: A valid case
level: must
requirements: [MATRIX-1, MATRIX-2]
tools:
  read_file:
    schema:
      type: object
      properties:
        path: { type: string }
  write_file:
    schema:
      type: object
hooks:
  - id: pin
    tools: [read_file]
    rewrite: { set: { /path: /tmp } }
policy:
  rules:
    - when: { pointer: /path, startsWith: /etc }
      decision: deny
  otherwise: allow
steps:
  - turn:
      - { id: c1, tool: read_file, arguments: '{"path": "/tmp/a"}' }
    expect:
      c1: { outcome: executed }
  - turn:
      - { id: c2, tool: read_file, arguments: '{"path": "/tmp/b"}' }
    expect:
      c2: { outcome: executed, sameHashAs: [c1] }
`;

/** The messages for `text`, loaded as `file`; none when it loads. */
const problems = (text: string, file = FILE) => loadProblems(file, text);
const edited = (from: string, to: string) => replaced(VALID, from, to);

describe("a valid case", () => {
  it("loads, with the capabilities its content needs", () => {
    const result = loadCaseText(FILE, VALID);
    expect("case" in result && result.case.capabilities).toEqual(["hooks"]);
  });
});

describe("call ids used again in a later turn (spec/case-format.md, \"Call references\")", () => {
  const reused = edited("id: c2, tool", "id: c1, tool").replace("c2: { outcome: executed, sameHashAs: [c1] }", "c1: { outcome: executed, sameHashAs: [c1] }");

  it("load: an id is unique within its turn only, and a reference by the call itself names the earlier call", () => {
    expect(problems(reused)).toBe("loads");
  });

  it("a grant names the latest call with its id", () => {
    const granted = `${reused}  - grant: { call: c1 }\n`;
    expect(problems(granted)).toBe("loads");
  });

  it("a redefine step needs the tool-changes capability", () => {
    const result = loadCaseText(FILE, edited("steps:\n", "steps:\n  - redefine: { read_file: { schema: { type: object } } }\n"));
    expect("case" in result && result.case.capabilities).toEqual(["hooks", "tool-changes"]);
  });
});

describe("the loader rejects, at the line", () => {
  it.each([
    ["a family not in the list", edited("id: matrix/sample", "id: stuff/sample"), 'family "stuff" is not one of', "cases/stuff/sample.yaml"],
    ["an id that is not the file's place", edited("id: matrix/sample", "id: matrix/other"), 'id "matrix/other" must match the file\'s place'],
    ["an unknown requirement", edited("[MATRIX-1, MATRIX-2]", "[MATRIX-1, MATRIX-99]"), 'unknown requirement "MATRIX-99"'],
    ["a SHOULD requirement in a must case", edited("[MATRIX-1, MATRIX-2]", "[MATRIX-1, DECOY-3]"), "a must case cannot test the should requirement DECOY-3"],
    ["a hook id used twice", edited("hooks:\n", "hooks:\n  - id: pin\n    decision: allow\n"), 'hook id "pin" is used twice'],
    ["a hook for an undeclared tool", edited("tools: [read_file]", "tools: [delete_file]"), 'unknown tool "delete_file"; declared tools: read_file, write_file'],
    ["a hook with neither decision nor rewrite", edited("    rewrite: { set: { /path: /tmp } }\n", ""), 'a hook needs a "decision", a "rewrite" or a "mutate"'],
    [
      "a call id used twice in one turn",
      edited("      - { id: c2, tool: read_file, arguments: '{\"path\": \"/tmp/b\"}' }\n", "      - { id: c2, tool: read_file, arguments: '{\"path\": \"/tmp/b\"}' }\n      - { id: c2, tool: write_file, arguments: '{}' }\n"),
      'call id "c2" is used twice in this turn',
    ],
    ["a call referring to itself with no earlier call of its id", edited("c2: { outcome: executed, sameHashAs: [c1] }", "c2: { outcome: executed, sameHashAs: [c2] }"), '"c2" is not another call of this turn or a call of an earlier turn'],
    ["a redefinition of an undeclared tool", edited("steps:\n", "steps:\n  - redefine: { delete_file: { schema: { type: object } } }\n"), '"delete_file" is not a declared tool; a redefinition changes one of: read_file, write_file'],
    ["a redefinition with a default its node changes", edited("steps:\n", "steps:\n  - redefine: { read_file: { schema: { type: string, transforms: [trim], default: ' a' } } }\n"), "the default must be a value this node leaves unchanged"],
    ["a redefinition with expect", edited("steps:\n", "steps:\n  - redefine: { read_file: { schema: { type: object } } }\n    expect: {}\n"), '"expect" goes with a "turn" or a "resume", not with a "redefine"'],
    ["a call to an undeclared tool", edited("id: c2, tool: read_file", "id: c2, tool: delete_file"), 'unknown tool "delete_file"'],
    ["a call without an expect entry", edited("    expect:\n      c2: { outcome: executed, sameHashAs: [c1] }\n", "    expect: {}\n"), 'call "c2" has no entry under "expect"'],
    ["an expect entry for a call of another turn", edited("      c2: { outcome: executed, sameHashAs: [c1] }", "      c2: { outcome: executed }\n      c1: { outcome: executed }"), '"c1" is not a call of this turn'],
    ["sameHashAs naming a later or unknown call", edited("      c1: { outcome: executed }", "      c1: { outcome: executed, sameHashAs: [c2] }"), '"c2" is not another call of this turn or a call of an earlier turn'],
    ["differentHashFrom naming an unknown call", edited("sameHashAs: [c1]", "differentHashFrom: [c9]"), '"c9" is not another call of this turn or a call of an earlier turn'],
    ["a call requirement the case does not list", edited("c1: { outcome: executed }", "c1: { requirement: MATRIX-3, outcome: executed }"), '"MATRIX-3" is not one of the case\'s requirements'],
    ["reason with an outcome other than denied", edited("c1: { outcome: executed }", "c1: { outcome: executed, reason: x }"), '"reason" cannot be observed for outcome executed'],
    ["stage with an outcome other than invalid", edited("c1: { outcome: executed }", "c1: { outcome: denied, stage: json }"), '"stage" cannot be observed for outcome denied'],
    ["executedArguments with an outcome other than executed", edited("c1: { outcome: executed }", "c1: { outcome: denied, executedArguments: {} }"), '"executedArguments" cannot be observed for outcome denied'],
    ["parsedArguments with outcome invalid", edited("c1: { outcome: executed }", "c1: { outcome: invalid, parsedArguments: {} }"), '"parsedArguments" cannot be observed for outcome invalid'],
    ["requestedArguments with outcome invalid", edited("c1: { outcome: executed }", "c1: { outcome: invalid, requestedArguments: {} }"), '"requestedArguments" cannot be observed for outcome invalid'],
    ["a grant whose call comes later", edited("steps:\n", "steps:\n  - grant: { call: c1 }\n"), '"c1" is not a call of an earlier turn'],
    ["a default its node changes", edited("path: { type: string }", "path: { type: string, transforms: [trim], default: ' a' }"), 'the default must be a value this node leaves unchanged, but it parses to "a"'],
    ["a default its node refuses", edited("path: { type: string }", "path: { type: string, default: 3 }"), "the default is not a value this node accepts"],
    ["a pattern outside the subset", edited("startsWith: /etc", "matches: '\\d'"), "is not in the subset"],
  ])("%s", (_, text, message, file = FILE) => {
    expect(problems(text, file)).toEqual([expect.stringContaining(message)]);
    expect(problems(text, file)[0]).toMatch(new RegExp(`^${file}:\\d+:\\d+: `));
  });

  it("hookInputs in a case without hooks", () => {
    const text = edited("hooks:\n  - id: pin\n    tools: [read_file]\n    rewrite: { set: { /path: /tmp } }\n", "").replace("c1: { outcome: executed }", "c1: { outcome: executed, hookInputs: [{}] }");
    expect(problems(text)).toEqual([expect.stringContaining('"hookInputs" needs hooks in the case')]);
  });

  it("words that do not belong to their type", () => {
    expect(problems(edited("path: { type: string }", "path: { type: string, minimum: 1, items: { type: any } }"))).toEqual([
      expect.stringContaining('"minimum" applies only to type number or integer'),
      expect.stringContaining('"items" applies only to type array'),
    ]);
  });

  it("a retired requirement", async () => {
    const { REQUIREMENTS } = await import("../../harness/loading/requirements.ts");
    const retired = { ...REQUIREMENTS.get("MATRIX-2")!, retired: true };
    (REQUIREMENTS as Map<string, typeof retired>).set("MATRIX-2", retired);
    try {
      expect(problems(VALID)).toEqual([expect.stringContaining('requirement "MATRIX-2" is retired')]);
    } finally {
      const { retired: _, ...live } = retired;
      (REQUIREMENTS as Map<string, typeof live>).set("MATRIX-2", live);
    }
  });
});

describe("ids across files", () => {
  it("reports a second file with an id already used, from another folder too, and runs the first", () => {
    const root = mkdtempSync(join(tmpdir(), "effective-args-ids-"));
    for (const folder of ["a", "b"]) {
      mkdirSync(join(root, folder, "matrix"), { recursive: true });
      writeFileSync(join(root, folder, "matrix", "sample.yaml"), VALID);
    }
    const result = loadCases([join(root, "a"), join(root, "b")]);
    expect(result.cases.map((testCase) => testCase.file)).toEqual([join(root, "a", "matrix", "sample.yaml")]);
    expect(result.errors.map((error) => error.message)).toEqual([expect.stringMatching(/b\/matrix\/sample\.yaml:1:5: id "matrix\/sample" is also used by .*a\/matrix\/sample\.yaml$/)]);
  });
});

describe("capabilities", () => {
  const needs = (text: string) => {
    const result = loadCaseText(FILE, text);
    if (!("case" in result)) throw new Error(result.errors.map((error) => error.message).join("\n"));
    return capabilitiesOf(result.case);
  };
  it("batch for a turn of two calls, not for two turns of one", () => {
    expect(needs(VALID)).not.toContain("batch");
    const twoCalls = edited("    expect:\n      c1: { outcome: executed }\n  - turn:\n", "");
    expect(needs(twoCalls.replace("c2: { outcome: executed, sameHashAs: [c1] }", "c1: { outcome: executed }\n      c2: { outcome: executed }"))).toEqual(["batch", "hooks"]);
  });

  it("approval for a require_approval rule, a require_approval otherwise, or a grant; fingerprint for a grant over the request", () => {
    expect(needs(edited("      decision: deny\n", "      decision: require_approval\n"))).toEqual(["approval", "hooks"]);
    expect(needs(edited("  otherwise: allow", "  otherwise: require_approval"))).toEqual(["approval", "hooks"]);
    expect(needs(edited("  - turn:\n      - { id: c2", "  - grant: { call: c1 }\n  - turn:\n      - { id: c2"))).toEqual(["approval", "hooks"]);
    expect(needs(edited("  - turn:\n      - { id: c2", "  - grant: { call: c1, view: requested }\n  - turn:\n      - { id: c2"))).toEqual(["approval", "fingerprint", "hooks"]);
  });
});
