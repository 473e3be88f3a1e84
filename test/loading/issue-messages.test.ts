// What the loader says when a value breaks the case schema: plainly what was expected, never
// zod's words half-stripped ("expected number, received number" for 1e400, "expected Invalid key
// in record"), each message whole, at its place.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseYamlWith } from "../../harness/loading/yaml-file.ts";
import { loadProblems, replaced, SAMPLE_CASE } from "../support/case-text.ts";

const FILE = "cases/matrix/sample.yaml";
const VALID = SAMPLE_CASE;

const problems = (from: string, to: string) => loadProblems(FILE, replaced(VALID, from, to));
const expectation = (yaml: string) => problems("c1: { outcome: executed }", `c1: { outcome: executed, ${yaml} }`);
const node = (yaml: string) => problems("p: { type: string }", `p: ${yaml}`);
const at = (rest: string) => `${FILE}:${rest}`;

describe("numbers out of range", () => {
  it("1e400, which YAML reads as Infinity, is out of range wherever a number goes, whole or not", () => {
    expect(expectation("executions: 1e400")).toEqual([at("20:44: steps.0.expect.c1.executions: expected a finite number, received Infinity (out of range)")]);
    expect(node("{ type: number, maximum: 1e400 }")).toEqual([at("10:37: tools.t.schema.properties.p.maximum: expected a finite number, received Infinity (out of range)")]);
    expect(problems("{ pointer: /p, equals: x }", "{ pointer: /p, gt: -.inf }")).toEqual([at("13:32: policy.rules.0.when.gt: expected a finite number, received -Infinity (out of range)")]);
    expect(problems("{ pointer: /p, equals: x }", "{ pointer: /p, gt: .nan }")).toEqual([at("13:32: policy.rules.0.when.gt: expected a finite number, received NaN")]);
  });

  it("a whole number beyond 2^53 - 1 names the bound, in either direction", () => {
    expect(expectation("executions: 12345678901234567890")).toEqual([at("20:44: steps.0.expect.c1.executions: expected a whole number no larger than 9007199254740991")]);
    expect(node("{ type: string, maxLength: -12345678901234567890 }")).toEqual([
      at("10:39: tools.t.schema.properties.p.maxLength: expected a whole number no smaller than -9007199254740991"),
      at("10:39: tools.t.schema.properties.p.maxLength: expected a number no smaller than 0"),
    ]);
  });

  it("a fraction where a whole number goes, and a negative count", () => {
    expect(expectation("executions: 1.5")).toEqual([at("20:44: steps.0.expect.c1.executions: expected a whole number, received 1.5")]);
    expect(expectation("policyEvaluations: -1")).toEqual([at("20:51: steps.0.expect.c1.policyEvaluations: expected a number no smaller than 0")]);
  });
});

describe("sizes, keys and lists", () => {
  it("an empty string or list where one is needed", () => {
    expect(problems("      decision: deny\n", "      decision: deny\n      reason: ''\n")).toEqual([at("15:15: policy.rules.0.reason: expected a string of at least 1 character")]);
    expect(expectation("sameHashAs: []")).toEqual([at("20:44: steps.0.expect.c1.sameHashAs: expected a list of at least 1 item")]);
  });

  it("a key that breaks its record's rule is reported at the key, with the rule's own words", () => {
    expect(problems("    expect:\n", "    expect:\n      'c 2': { outcome: executed }\n")).toEqual([
      at(`20:7: steps.0.expect: key "c 2": expected an identifier: letters, digits, '_', '.', '-'`),
    ]);
  });

  it("a value outside a closed list, and a literal, keep their lists", () => {
    expect(problems("decision: deny", "decision: maybe")).toEqual([at('14:17: policy.rules.0.decision: expected one of "allow"|"deny"|"require_approval"')]);
    expect(problems("  otherwise: allow", "  otherwise: allow\n  mutateLate: false")).toEqual([at("16:15: policy.mutateLate: expected true")]);
  });
});

describe("every kind of zod problem, said as what was expected", () => {
  const said = (schema: z.ZodType, yaml: string) => parseYamlWith(schema, "f.yaml", yaml);
  it.each([
    ["a pattern without words of its own", z.object({ a: z.string().regex(/^x$/) }), "a: y\n", "f.yaml:1:4: a: expected a string matching /^x$/"],
    ["a multiple", z.object({ a: z.number().multipleOf(3) }), "a: 4\n", "f.yaml:1:4: a: expected a multiple of 3"],
    ["an exclusive lower bound", z.object({ a: z.number().gt(0) }), "a: 0\n", "f.yaml:1:4: a: expected a number larger than 0"],
    ["an exclusive upper bound", z.object({ a: z.number().lt(0) }), "a: 0\n", "f.yaml:1:4: a: expected a number smaller than 0"],
    ["a longest string", z.object({ a: z.string().max(2) }), "a: abc\n", "f.yaml:1:4: a: expected a string of at most 2 characters"],
    ["an exact length", z.object({ a: z.array(z.number()).length(1) }), "a: [1, 2]\n", "f.yaml:1:4: a: expected a list of exactly 1 item"],
    ["a format", z.object({ a: z.email() }), "a: x\n", "f.yaml:1:4: a: expected a valid email"],
    ["a key of a map", z.object({ a: z.record(z.string().regex(/^x$/), z.number()) }), "a: { y: 1 }\n", 'f.yaml:1:6: a: key "y": expected a string matching /^x$/'],
    ["a type", z.object({ a: z.boolean() }), "a: [1]\n", "f.yaml:1:4: a: expected boolean, received array"],
    ["a missing value", z.object({ a: z.number().int() }), "b: 1\n", "f.yaml:1:1: a: missing; expected number"],
  ])("%s", (_, schema, yaml, message) => {
    expect(said(schema as z.ZodType, yaml)).toEqual({ errors: [message] });
  });
});
