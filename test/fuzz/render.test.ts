// A generated case is written compactly (one line per schema member, hook, rule, call, resume,
// grant and expectation) in printable ASCII, and reads back as exactly the data it was written from.
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { compactYaml } from "../../harness/fuzz/render.ts";

const TRICKY = ["a\u2028b\u2029c", "cafe\u0301", "\ud83d\ude00", "\ud83d", "\u0141", "  padded  ", "\r\n", "\u0000", "\u200b", "\ufeff", "p\u0430th", "'\"", "# not a comment", "- not a list", "{}", ""];

describe("a generated case written out", () => {
  const data = {
    requirements: ["INV-7", "INV-4"],
    tools: { tool_a: { schema: { type: "object", properties: { path: { type: "string" }, options: { type: "object", properties: { deep: { type: "any" } } } } } } },
    hooks: [{ id: "h1", rewrite: { replace: null } }],
    policy: { rules: [{ when: { granted: true }, decision: "allow" }], otherwise: "require_approval", mutate: { set: { "/path": "x" } } },
    steps: [
      { turn: [{ id: "c1", tool: "tool_a", arguments: '{"path": "\u0141"}' }], expect: { c1: { outcome: "suspended", parsedArguments: { path: "\u0141", "\u00f6": 1 } } } },
      { grant: { call: "c1", view: "effective" } },
      { resume: { c1: "approve", c2: "reject" }, expect: { c1: { outcome: "executed", executions: 1 }, c2: { outcome: "denied", executions: 0 } } },
    ],
  };

  it("puts each requirement, schema member, hook, rule, call, resume, grant and expectation on a line of its own", () => {
    expect(compactYaml(data)).toBe(
      [
        "requirements:",
        "  - INV-7",
        "  - INV-4",
        "tools:",
        "  tool_a:",
        "    schema:",
        "      type: object",
        "      properties:",
        "        path: { type: string }",
        "        options: { type: object, properties: { deep: { type: any } } }",
        "hooks:",
        "  - { id: h1, rewrite: { replace: null } }",
        "policy:",
        "  rules:",
        "    - { when: { granted: true }, decision: allow }",
        "  otherwise: require_approval",
        "  mutate: { set: { /path: x } }",
        "steps:",
        "  - turn:",
        '      - { id: c1, tool: tool_a, arguments: "{\\"path\\": \\"\\u0141\\"}" }',
        "    expect:",
        '      c1: { outcome: suspended, parsedArguments: { path: "\\u0141", "\\u00f6": 1 } }',
        "  - grant: { call: c1, view: effective }",
        "  - resume: { c1: approve, c2: reject }",
        "    expect:",
        "      c1: { outcome: executed, executions: 1 }",
        "      c2: { outcome: denied, executions: 0 }",
        "",
      ].join("\n"),
    );
  });

  it.each(TRICKY.map((text) => [JSON.stringify(text), text]))("writes %s in printable ASCII and reads it back as it was, as a value and as a member name", (_, text) => {
    const value = { steps: [{ turn: [{ id: "c1", arguments: text }], expect: { c1: { parsedArguments: { [text]: text } } } }], title: text };
    const written = compactYaml(value);
    expect(written).toMatch(/^[\x20-\x7e\n]*$/);
    expect(parse(written)).toEqual(value);
  });
});
