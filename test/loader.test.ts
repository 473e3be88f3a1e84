// A malformed case file is reported with its file, line and column, and what was expected.
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadCaseFile, loadCases } from "../harness/loading/loader.ts";

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/bad-cases/matrix/${name}.yaml`, import.meta.url));
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

  it("keeps loading the good files of a folder that has bad ones", () => {
    const result = loadCases([fileURLToPath(new URL("./fixtures/bad-cases", import.meta.url))]);
    expect(result.errors.map((error) => error.file.split("/").pop())).toEqual([
      "bad-references.yaml",
      "bad-references.yaml",
      "bad-references.yaml",
      "bad-references.yaml",
      "malformed-yaml.yaml",
      "missing-field.yaml",
      "unknown-transform.yaml",
      "unknown-word.yaml",
      "unknown-word.yaml",
    ]);
    expect(result.cases).toEqual([]);
  });
});
