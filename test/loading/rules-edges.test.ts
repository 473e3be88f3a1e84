// Edges of the loader's rules (spec/case-format.md): the schema node and condition cross-field rules,
// step shapes, which files a folder yields, and the exact "file:line:col: path: message" of each problem,
// so that a rule reported at the wrong place, or with the wrong words, fails here.
import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { capabilitiesOf, listCaseFiles, loadCases, loadCaseText } from "../../harness/loading/loader.ts";
import { parseCatalogue } from "../../harness/loading/requirements.ts";
import { parseYamlWith } from "../../harness/loading/yaml-file.ts";
import { loadProblems, replaced, SAMPLE_CASE } from "../support/case-text.ts";

const FILE = "cases/matrix/sample.yaml";
const VALID = SAMPLE_CASE;

const problems = (text: string, file = FILE) => loadProblems(file, text);
const edited = (from: string, to: string, text = VALID) => replaced(text, from, to);
const node = (yaml: string) => edited("p: { type: string }", `p: ${yaml}`);
const when = (yaml: string) => edited("{ pointer: /p, equals: x }", yaml);
const at = (rest: string) => `${FILE}:${rest}`;

describe("schema node words and the types they apply to", () => {
  it("the valid case loads", () => {
    expect(problems(VALID)).toBe("loads");
  });

  it("properties, aliases and unknownKeys only on an object; minimum only on a number; an alias target must be declared", () => {
    expect(problems(node("{ type: string, properties: {}, aliases: { a: b }, unknownKeys: strict, minimum: 1 }"))).toEqual([
      at('10:40: tools.t.schema.properties.p.properties: "properties" applies only to type object'),
      at('10:53: tools.t.schema.properties.p.aliases: "aliases" applies only to type object'),
      at('10:76: tools.t.schema.properties.p.unknownKeys: "unknownKeys" applies only to type object'),
      at('10:93: tools.t.schema.properties.p.minimum: "minimum" applies only to type number or integer'),
      at('10:58: tools.t.schema.properties.p.aliases.a: alias target "b" is not declared in properties'),
    ]);
  });

  it("an alias on an object without properties names no declared member", () => {
    expect(problems(node("{ type: object, aliases: { a: b } }"))).toEqual([
      at('10:42: tools.t.schema.properties.p.aliases.a: alias target "b" is not declared in properties'),
    ]);
  });

  it("minLength, transforms and coerce refused on an object; an empty enum refused", () => {
    expect(problems(node("{ type: object, minLength: 1, transforms: [trim], coerce: true, enum: [] }"))).toEqual([
      at("10:82: tools.t.schema.properties.p.enum: expected a list of at least 1 item"),
      at('10:39: tools.t.schema.properties.p.minLength: "minLength" applies only to type string or array'),
      at('10:54: tools.t.schema.properties.p.transforms: "transforms" applies only to type string'),
      at('10:70: tools.t.schema.properties.p.coerce: "coerce" applies to string, number, integer or boolean'),
    ]);
  });

  it("items refused on a string", () => {
    expect(problems(node("{ type: string, items: { type: any } }"))).toEqual([
      at('10:35: tools.t.schema.properties.p.items: "items" applies only to type array'),
    ]);
  });

  it("maxLength on a number is refused too", () => {
    expect(problems(node("{ type: number, maxLength: 2 }"))).toEqual([
      at('10:39: tools.t.schema.properties.p.maxLength: "maxLength" applies only to type string or array'),
    ]);
  });

  it("each word on the type it belongs to is accepted: lengths and items on an array, an enum of several values, strict, aliases to a member, coerce false", () => {
    expect(problems(node("{ type: array, minLength: 1, maxLength: 3, items: { type: string, minLength: 1, transforms: [trim], enum: [a, b] } }"))).toBe("loads");
    expect(problems(node("{ type: object, unknownKeys: strict, coerce: false, properties: { q: { type: integer, coerce: true, minimum: 0 } }, aliases: { r: q } }"))).toBe("loads");
    expect(problems(node("{ type: object, unknownKeys: passthrough }"))).toBe("loads");
  });
});

describe("conditions", () => {
  it("no operator at all", () => {
    expect(problems(when("{ pointer: /p }"))).toEqual([
      at(
        "13:13: policy.rules.0.when: a condition needs exactly one of equals, notEquals, startsWith, endsWith, contains, matches, in, exists, gt, gte, lt, lte, all, any, not, granted, tool; found none",
      ),
    ]);
  });

  it("two operators, named in the message", () => {
    expect(problems(when("{ pointer: /p, equals: x, startsWith: y }"))).toEqual([
      at(
        "13:13: policy.rules.0.when: a condition needs exactly one of equals, notEquals, startsWith, endsWith, contains, matches, in, exists, gt, gte, lt, lte, all, any, not, granted, tool; found equals, startsWith",
      ),
    ]);
  });

  it("a comparison without a pointer", () => {
    expect(problems(when("{ equals: x }"))).toEqual([at('13:13: policy.rules.0.when.pointer: "equals" compares the value at "pointer", which is missing')]);
  });

  it("all and any take one or more conditions, not none", () => {
    expect(problems(when("{ all: [{ pointer: /p, equals: x }, { granted: true }] }"))).toBe("loads");
    expect(problems(when("{ any: [{ pointer: /p, equals: x }, { tool: t }] }"))).toBe("loads");
    expect(problems(when("{ all: [] }"))).toEqual([at("13:20: policy.rules.0.when.all: expected a list of at least 1 item")]);
  });

  it("a fact or combinator with a pointer, or with a view", () => {
    const message = (word: string) => [at(`13:13: policy.rules.0.when: "pointer" and "view" go with a comparison, not with "${word}"`)];
    expect(problems(when("{ pointer: /p, granted: true }"))).toEqual(message("granted"));
    expect(problems(when("{ view: parsed, tool: t }"))).toEqual(message("tool"));
    expect(problems(when("{ not: { pointer: /p, equals: x } }"))).toBe("loads");
  });
});

describe("steps and tools", () => {
  it("a grant with expect, and a step with neither turn nor grant", () => {
    expect(problems(edited("  - turn:", "  - grant: { call: c1 }\n    expect: {}\n  - {}\n  - turn:"))).toEqual([
      at('18:13: steps.0.expect: "expect" goes with a "turn" or a "resume", not with a "grant"'),
      at('19:5: steps.1: a step is one of a "turn" or a "resume" (with "expect"), a "grant" or a "redefine"; found none'),
    ]);
  });

  it("a step with both a turn and a grant", () => {
    const text = edited("      c1: { outcome: executed }\n", "      c1: { outcome: executed }\n  - grant: { call: c1 }\n    turn:\n      - { id: c2, tool: t, arguments: '{}' }\n");
    expect(problems(text)).toEqual([at('21:5: steps.1: a step is one of a "turn" or a "resume" (with "expect"), a "grant" or a "redefine"; found turn, grant')]);
  });

  it("no tools at all", () => {
    expect(problems(edited("  t:\n    schema:\n      type: object\n      properties:\n        p: { type: string }\n", "  {}\n"))).toEqual([
      at("6:3: tools: at least one tool"),
    ]);
  });
});

describe("cross-reference problems, each at its place with its whole message", () => {
  it.each([
    ["a family not in the list", "cases/stuff/sample.yaml", edited("id: matrix/sample", "id: stuff/sample"), ["1:5: family \"stuff\" is not one of invariant, matrix, decoy-field, hook-rewrite, approval-resume, read-batch, handoff"]],
    ["an id off the file's place", FILE, edited("id: matrix/sample", "id: matrix/other"), ["1:5: id \"matrix/other\" must match the file's place: cases/matrix/other.yaml (this file is matrix/sample)"]],
    ["an unknown requirement", FILE, edited("[MATRIX-1, MATRIX-2]", "[MATRIX-1, MATRIX-99]"), ['4:26: unknown requirement "MATRIX-99" (see spec/requirements.yaml)']],
    ["a should requirement in a must case", FILE, edited("[MATRIX-1, MATRIX-2]", "[MATRIX-1, DECOY-3]"), ["3:8: a must case cannot test the should requirement DECOY-3; make the case level should"]],
    [
      "an unknown call in differentHashFrom, and the call itself with no earlier call of its id",
      FILE,
      edited("c1: { outcome: executed }", "c1: { outcome: executed, differentHashFrom: [c1, c9] }"),
      ['20:52: "c1" is not another call of this turn or a call of an earlier turn', '20:56: "c9" is not another call of this turn or a call of an earlier turn'],
    ],
    ["a call id used twice in one turn", FILE, edited("      - { id: c1, tool: t, arguments: '{}' }\n", "      - { id: c1, tool: t, arguments: '{}' }\n      - { id: c1, tool: t, arguments: '[]' }\n"), ['19:15: call id "c1" is used twice in this turn']],
    ["a call to an undeclared tool", FILE, edited("tool: t,", "tool: u,"), ['18:25: unknown tool "u"; declared tools: t']],
    ["an expect entry for no call of the turn", FILE, edited("      c1: { outcome: executed }\n", "      c1: { outcome: executed }\n      c7: { outcome: executed }\n"), ['21:11: "c7" is not a call of this turn']],
    ["a call requirement the case does not list", FILE, edited("c1: { outcome: executed }", "c1: { outcome: executed, requirement: MATRIX-3 }"), ['20:45: "MATRIX-3" is not one of the case\'s requirements (MATRIX-1, MATRIX-2)']],
    ["a grant of an unknown call", FILE, edited("      c1: { outcome: executed }\n", "      c1: { outcome: executed }\n  - grant: { call: c9 }\n"), ['21:20: "c9" is not a call of an earlier turn']],
    ["a grant over the request of a call whose arguments are not JSON", FILE, edited("arguments: '{}'", "arguments: 'nope'").replace("      c1: { outcome: executed }\n", "      c1: { outcome: executed }\n  - grant: { call: c1, view: requested }\n"), ['21:30: a grant over the request needs a decodable request, and the arguments of "c1" are not JSON']],
    ["a default refused by an array's items", FILE, node("{ type: array, items: { type: string, default: 3 } }"), ["10:59: the default is not a value this node accepts: Invalid input: expected string, received number"]],
    ["a default a nested member changes", FILE, node("{ type: object, properties: { q: { type: string, transforms: [lowercase], default: A } } }"), ['10:95: the default must be a value this node leaves unchanged, but it parses to "a"']],
  ])("%s", (_, file, text, messages) => {
    expect(problems(text, file)).toEqual(messages.map((message) => `${file}:${message}`));
  });

  it("an id off the place of a file named twice over, .yml.yaml, strips only the last extension", () => {
    expect(problems(VALID, "cases/matrix/sample.yml.yaml")).toEqual([
      "cases/matrix/sample.yml.yaml:1:5: id \"matrix/sample\" must match the file's place: cases/matrix/sample.yaml (this file is matrix/sample.yml)",
    ]);
  });

  it("a retired requirement, at its entry", async () => {
    const { REQUIREMENTS } = await import("../../harness/loading/requirements.ts");
    const live = REQUIREMENTS.get("MATRIX-2")!;
    (REQUIREMENTS as Map<string, typeof live>).set("MATRIX-2", { ...live, retired: true });
    try {
      expect(problems(VALID)).toEqual([at('4:26: requirement "MATRIX-2" is retired (see spec/requirements.yaml)')]);
    } finally {
      (REQUIREMENTS as Map<string, typeof live>).set("MATRIX-2", live);
    }
  });

  it("an unknown tool names every declared tool, comma separated", () => {
    const text = VALID.replace("tools:\n", "tools:\n  w: { schema: { type: any } }\n").replace("tool: t,", "tool: u,");
    expect(problems(text)).toEqual([at('19:25: unknown tool "u"; declared tools: w, t')]);
  });

  it("hooks: a duplicate id, an unknown tool, and a hook that does nothing, each at its place", () => {
    const text = edited("policy:\n", "hooks:\n  - { id: h, decision: allow }\n  - { id: h, tools: [t, u], decision: deny }\n  - id: k\npolicy:\n");
    expect(problems(text)).toEqual([
      at('13:11: hook id "h" is used twice'),
      at('13:25: unknown tool "u"; declared tools: t'),
      at('14:5: a hook needs a "decision", a "rewrite" or a "mutate"'),
    ]);
  });

  it.each([
    ["reason", "executed", "reason: r", "it is the deny reason"],
    ["stage", "denied", "stage: json", "it is the validation stage"],
    ["executedArguments", "suspended", "executedArguments: {}", "only an executed call reaches the tool"],
    ["parsedArguments", "invalid", "parsedArguments: {}", "an invalid call never reaches the policy"],
    ["requestedArguments", "invalid", "requestedArguments: {}", "an invalid call never reaches the policy"],
  ])("%s with outcome %s, at the word's value", (field, outcome, yaml, why) => {
    expect(problems(edited("c1: { outcome: executed }", `c1: { outcome: ${outcome}, ${yaml} }`))).toEqual([
      at(`20:${24 + outcome.length + field.length + 2}: "${field}" cannot be observed for outcome ${outcome}: ${why}`),
    ]);
  });

  it("hookInputs in a case without hooks, at its value; with hooks: [] too", () => {
    const text = edited("c1: { outcome: executed }", "c1: { outcome: executed, hookInputs: [] }");
    expect(problems(text)).toEqual([at('20:44: "hookInputs" needs hooks in the case')]);
    expect(problems(edited("policy:\n", "hooks: []\npolicy:\n", text))).toEqual([at('21:44: "hookInputs" needs hooks in the case')]);
  });
});

describe("files and folders", () => {
  it("a folder yields its .yaml and .yml files, not other files nor a folder named like one; ids sort by id, not by path", () => {
    const root = mkdtempSync(join(tmpdir(), "effective-args-edges-"));
    mkdirSync(join(root, "a", "matrix"), { recursive: true });
    mkdirSync(join(root, "b", "invariant", "folder.yaml"), { recursive: true });
    writeFileSync(join(root, "a", "matrix", "sample.yml"), VALID);
    writeFileSync(join(root, "a", "matrix", "other.yaml.bak"), "not: a case\n");
    writeFileSync(join(root, "a", "matrix", "note.yamlx"), "not: a case\n");
    writeFileSync(join(root, "b", "invariant", "first.yaml"), edited("id: matrix/sample", "id: invariant/first"));
    expect(listCaseFiles(root)).toEqual([join(root, "a", "matrix", "sample.yml"), join(root, "b", "invariant", "first.yaml")]);
    const result = loadCases([root]);
    expect(result.errors).toEqual([]);
    expect(result.cases.map((loaded) => [loaded.id, loaded.family])).toEqual([["invariant/first", "invariant"], ["matrix/sample", "matrix"]]);
  });
});

describe("capabilities", () => {
  const needs = (text: string) => {
    const result = loadCaseText(FILE, text);
    if (!("case" in result)) throw new Error(result.errors.map((error) => error.message).join("\n"));
    return capabilitiesOf(result.case);
  };
  it("no hooks capability for hooks: []", () => {
    expect(needs(edited("policy:\n", "hooks: []\npolicy:\n"))).toEqual([]);
  });
  it("approval when one of several rules requires approval", () => {
    expect(needs(edited("      decision: deny\n", "      decision: deny\n    - when: { pointer: /p, equals: y }\n      decision: require_approval\n"))).toEqual(["approval"]);
  });
  it("batch when one turn of several has two calls", () => {
    const text = edited("      c1: { outcome: executed }\n", "      c1: { outcome: executed }\n  - turn:\n      - { id: c2, tool: t, arguments: '{}' }\n      - { id: c3, tool: t, arguments: '{}' }\n    expect:\n      c2: { outcome: executed }\n      c3: { outcome: executed }\n");
    expect(needs(text)).toEqual(["batch"]);
  });
});

describe("YAML and schema problems as messages", () => {
  it("a requirements catalogue that is not a mapping is refused at the top level", () => {
    expect(() => parseCatalogue("3\n", "spec/requirements.yaml")).toThrow(new Error("spec/requirements.yaml: (top level): Invalid input: expected object, received number"));
  });

  it("a document that is not a mapping is reported at the top level", () => {
    expect(problems("")).toEqual([at("1:1: (top level): expected object, received null")]);
    expect(problems("- a\n")).toEqual([at("1:1: (top level): expected object, received array")]);
  });

  it("a duplicate key is reported at the second, by name", () => {
    expect(problems(`${VALID}title: again\n`)).toEqual([at('21:1: the key "title" is written twice in this mapping')]);
  });

  it("a YAML syntax error is reported at its place, in the YAML reader's words", () => {
    expect(problems(`${VALID}steps: [\n`)).toEqual([at("22:1: YAML syntax: Flow sequence in block collection must be sufficiently indented and end with a ]")]);
  });

  it("a missing word is reported at its parent, as missing, without zod's prefixes", () => {
    expect(problems(edited("level: must\n", ""))).toEqual([at('1:1: level: missing; expected one of "must"|"should"')]);
    expect(problems(edited("title: A valid case\n", ""))).toEqual([at("1:1: title: missing; expected string")]);
    expect(problems(edited("level: must", "level: may"))).toEqual([at('3:8: level: expected one of "must"|"should"')]);
  });

  it("zod's prefixes and suffixes are dropped only at the ends of a message; a message of zod's not saying 'expected' gets it, a rule's own message does not", () => {
    const refusing = (message: string) => z.strictObject({ a: z.string().refine(() => false, message), b: z.string({ error: message }) });
    expect(parseYamlWith(refusing("so Invalid input: x, received undefined here"), "f.yaml", "a: s\n")).toEqual({
      errors: ["f.yaml:1:4: a: so Invalid input: x, received undefined here", "f.yaml:1:1: b: missing; expected so Invalid input: x, received undefined here"],
    });
    expect(parseYamlWith(refusing("a name, as expected "), "f.yaml", "a: s\n")).toEqual({
      errors: ["f.yaml:1:4: a: a name, as expected ", "f.yaml:1:1: b: missing; expected a name, as expected "],
    });
  });

  it("a default refused for several reasons lists them all", () => {
    expect(problems(node("{ type: object, properties: { q: { type: string }, r: { type: string } }, default: {} }"))).toEqual([
      at("10:95: the default is not a value this node accepts: Invalid input: expected string, received undefined; Invalid input: expected string, received undefined"),
    ]);
  });

  it("a union reports the branch with the fewest problems, the first one on a tie", () => {
    const number = z.strictObject({ a: z.number() });
    expect(parseYamlWith(z.union([z.strictObject({ a: z.string() }), number]), "f.yaml", "a: true\n")).toEqual({ errors: ["f.yaml:1:4: a: expected string, received boolean"] });
    expect(parseYamlWith(z.union([z.strictObject({ a: z.string(), b: z.string() }), number]), "f.yaml", "a: 1\nb: 2\n")).toEqual({ errors: ['f.yaml:2:1: b: unknown word "b" here'] });
    expect(parseYamlWith(z.union([number, z.strictObject({ a: z.string(), b: z.string() })]), "f.yaml", "b: 2\n")).toEqual({ errors: ["f.yaml:1:1: a: missing; expected number", 'f.yaml:1:1: b: unknown word "b" here'] });
  });
});
