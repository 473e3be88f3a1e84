// A malformed case file is reported with its file, line and column, and what was expected.
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadCaseFile, loadCases } from "../../harness/loading/loader.ts";

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/bad-cases/matrix/${name}.yaml`, import.meta.url));
const messages = (name: string) => {
  const result = loadCaseFile(fixture(name));
  expect("errors" in result).toBe(true);
  return "errors" in result ? result.errors.map((error) => error.message) : [];
};

describe("the case loader", () => {
  it("reports YAML syntax errors with file and line", () => {
    expect(messages("malformed-yaml")).toEqual([expect.stringMatching(/bad-cases\/matrix\/malformed-yaml\.yaml:8:1: YAML syntax: .*indented/)]);
  });

  it("reports an unknown vocabulary word where it stands", () => {
    expect(messages("unknown-word")).toEqual([
      expect.stringMatching(/unknown-word\.yaml:13:7: policy\.rules\.0\.decision: missing; expected one of "allow"\|"deny"\|"require_approval"$/),
      expect.stringMatching(/unknown-word\.yaml:14:7: policy\.rules\.0\.decison: unknown word "decison" here$/),
    ]);
  });

  it("reports a word outside a closed list with the list", () => {
    expect(messages("unknown-transform")).toEqual([
      expect.stringMatching(/unknown-transform\.yaml:10:44: tools\.read_file\.schema\.properties\.path\.transforms\.0: expected one of "trim"\|"lowercase"\|"uppercase"\|"normalize_path"\|"nfkc"$/),
    ]);
  });

  it("reports a missing field at its parent", () => {
    expect(messages("missing-field")).toEqual([expect.stringMatching(/missing-field\.yaml:15:9: steps\.0\.turn\.0\.arguments: missing; expected string$/)]);
  });

  it("reports references that point nowhere", () => {
    expect(messages("bad-references")).toEqual([
      expect.stringMatching(/bad-references\.yaml:4:26: unknown requirement "NOPE-1"/),
      expect.stringMatching(/bad-references\.yaml:15:25: unknown tool "write_file"; declared tools: read_file$/),
      expect.stringMatching(/bad-references\.yaml:17:11: "c2" is not a call of this turn$/),
      expect.stringMatching(/bad-references\.yaml:15:9: call "c1" has no entry under "expect"$/),
    ]);
  });

  it("rejects a call requirement the case does not list", () => {
    expect(messages("foreign-requirement")).toEqual([expect.stringMatching(/foreign-requirement\.yaml:17:26: "MATRIX-2" is not one of the case's requirements \(MATRIX-1\)$/)]);
  });

  it("rejects a default its node would change or refuse, since schema libraries disagree on parsing defaults", () => {
    expect(messages("default-not-kept")).toEqual([
      expect.stringMatching(/default-not-kept\.yaml:10:70: the default must be a value this node leaves unchanged, but it parses to "\/etc"$/),
      expect.stringMatching(/default-not-kept\.yaml:11:42: the default is not a value this node accepts: /),
      expect.stringMatching(/default-not-kept\.yaml:14:20: the default must be a value this node leaves unchanged, but it parses to \{"recursive":false\}$/),
    ]);
  });

  it("rejects patterns outside the subset every engine reads alike, saying where", () => {
    expect(messages("pattern-outside-subset")).toEqual([
      expect.stringMatching(/pattern-outside-subset\.yaml:13:43: policy\.rules\.0\.when\.matches: .*at character 5: "\\b" is not in the subset/),
      expect.stringMatching(/pattern-outside-subset\.yaml:15:43: policy\.rules\.1\.when\.matches: .*at character 5: "\." is not in the subset/),
      expect.stringMatching(/pattern-outside-subset\.yaml:17:43: policy\.rules\.2\.when\.matches: .*at character 21: only "\(\?:" groups are allowed/),
    ]);
  });

  it("rejects a grant over a request that does not decode", () => {
    expect(messages("requested-grant-undecodable")).toEqual([expect.stringMatching(/requested-grant-undecodable\.yaml:18:30: a grant over the request needs a decodable request/)]);
  });

  it("keeps loading the good files of a folder that has bad ones", () => {
    const result = loadCases([fileURLToPath(new URL("../fixtures/bad-cases", import.meta.url))]);
    expect(result.errors.map((error) => error.file.split("/").pop())).toEqual([
      "bad-references.yaml",
      "bad-references.yaml",
      "bad-references.yaml",
      "bad-references.yaml",
      "default-not-kept.yaml",
      "default-not-kept.yaml",
      "default-not-kept.yaml",
      "foreign-requirement.yaml",
      "malformed-yaml.yaml",
      "missing-field.yaml",
      "pattern-outside-subset.yaml",
      "pattern-outside-subset.yaml",
      "pattern-outside-subset.yaml",
      "requested-grant-undecodable.yaml",
      "unknown-transform.yaml",
      "unknown-word.yaml",
      "unknown-word.yaml",
    ]);
    expect(result.cases).toEqual([]);
  });
});
