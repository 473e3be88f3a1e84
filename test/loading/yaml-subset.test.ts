// The YAML a case file may use: one document of plain YAML 1.2 data, without tags, whose mapping
// keys are names written once. What the YAML library would otherwise make of a file (a tag's
// string or custom type, a second document, a list used as a key turned into text, a key written
// twice that overwrites the first) is the file's error at its line, in the case format's words,
// never the library's (spec/case-format.md, "What the loader rejects").
import { rmSync } from "node:fs";
import { relative } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadKnownFailures } from "../../harness/reporting/known-failures.ts";
import { loadProblems, replaced, SAMPLE_CASE } from "../support/case-text.ts";
import { cli } from "../support/cli.ts";
import { scratchFolder } from "../support/main.ts";

const { folder: scratch, file: scratchFile } = scratchFolder("effective-args-yaml-subset-");
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const FILE = "cases/matrix/sample.yaml";
const edited = (from: string, to: string) => replaced(SAMPLE_CASE, from, to);
const problems = (text: string) => loadProblems(FILE, text);

const tagged = (tag: string) => `the YAML tag ${tag} is not part of the case format, which has no tags: write the value without it (in quotes, for a string)`;
const TWO_DOCUMENTS = 'a second YAML document starts here, after the first one\'s end ("---" or "..."): a file holds one document, and this one holds 2';

/** Words of the YAML library's own interface, which a case author has no use for. */
const LIBRARY_WORDS = /YAML\.|parseAllDocuments|mapAsMap|Buffer|atob|stringKeys|uniqueKeys|Unresolved tag|Verbatim/;

describe("tags, which the case format has none of", () => {
  it.each([
    ["!fn", "a function"],
    ["!custom", "a custom type"],
    ["!!binary", "bytes"],
    ["!!timestamp", "a date"],
    ["!!str", "a string"],
    ["!!float", "a number"],
    ["!<tag:yaml.org,2002:str>", "a verbatim tag"],
    ["!", "the non-specific tag"],
  ])("%s (%s) on a value is refused at the tag", (tag) => {
    expect(problems(edited("title: A valid case", `title: ${tag} A valid case`))).toEqual([`${FILE}:2:8: ${tagged(tag)}`]);
  });

  it.each([
    ["!!set", "{ a, b }"],
    ["!!omap", "[ a: 1 ]"],
    ["!!pairs", "[ a: 1 ]"],
    ["!!map", "{ a: 1 }"],
  ])("%s on a collection is refused at the tag", (tag, value) => {
    expect(problems(edited("equals: x", `equals: ${tag} ${value}`))).toEqual([`${FILE}:13:36: ${tagged(tag)}`]);
  });

  it("a tag on a key is refused at the tag", () => {
    expect(problems(edited("title: A valid case", "!!str title: A valid case"))).toEqual([`${FILE}:2:1: ${tagged("!!str")}`]);
  });

  it("in an expectations file too", () => {
    const path = scratchFile("tagged.yaml", "failures:\n  matrix/sample: { requirements: !fn [MATRIX-1] }\n");
    expect(loadKnownFailures(path)).toEqual({ errors: [`${relative(process.cwd(), path)}:2:34: ${tagged("!fn")}`] });
  });
});

describe("directives", () => {
  it("%YAML 1.2, the version the case format is written in, is allowed", () => {
    expect(problems(`%YAML 1.2\n---\n${SAMPLE_CASE}`)).toBe("loads");
  });

  it.each([
    ["%YAML 1.1", "yes, on, 010 and << would mean other things"],
    ["%TAG !e! tag:example.com,2000:", "it names tags"],
    ["%FOO bar", "the YAML library ignores it without a word"],
  ])("%s is refused at its line (%s)", (directive) => {
    expect(problems(`${directive}\n---\n${SAMPLE_CASE}`)).toEqual([`${FILE}:1:1: the directive ${directive} is not part of the case format, which is YAML 1.2 without tags: leave it out`]);
  });
});

describe("one document", () => {
  it("a second document is refused where it starts, in the case format's words", () => {
    expect(problems(`${SAMPLE_CASE}---\n${SAMPLE_CASE}`)).toEqual([`${FILE}:21:1: ${TWO_DOCUMENTS}`]);
  });

  it("so are a third, counted, and one after an end marker", () => {
    expect(problems(`${SAMPLE_CASE}---\nid: a\n---\nid: b\n`)).toEqual([`${FILE}:21:1: ${TWO_DOCUMENTS.replace("holds 2", "holds 3")}`]);
    expect(problems(`${SAMPLE_CASE}...\nid: matrix/other\n`)).toEqual([`${FILE}:22:1: ${TWO_DOCUMENTS}`]);
  });

  it("a document started with --- and ended with ... is one document", () => {
    expect(problems(`---\n${SAMPLE_CASE}...\n`)).toBe("loads");
  });

  it("in an expectations file too", () => {
    const path = scratchFile("two.yaml", "failures: {}\n---\nfailures: {}\n");
    expect(loadKnownFailures(path)).toEqual({ errors: [`${relative(process.cwd(), path)}:2:1: ${TWO_DOCUMENTS}`] });
  });
});

describe("mapping keys are names, each written once", () => {
  it("a key written twice is refused at the second, whatever the mapping", () => {
    expect(problems(`${SAMPLE_CASE}title: again\n`)).toEqual([`${FILE}:21:1: the key "title" is written twice in this mapping`]);
    expect(problems(edited("equals: x", "equals: { a: 1, b: 2, a: 3 }"))).toEqual([`${FILE}:13:50: the key "a" is written twice in this mapping`]);
  });

  it("keys that are one name once read, such as 1 and \"1\" or null and \"\", are the same key", () => {
    expect(problems(edited("equals: x", 'equals: { 1: a, "1": b }'))).toEqual([`${FILE}:13:44: the key "1" is written twice in this mapping`]);
    expect(problems(edited("equals: x", 'equals: { null: a, "": b }'))).toEqual([`${FILE}:13:47: the key "" is written twice in this mapping`]);
  });

  it.each([
    ["a list", "{ [a, b]: x }", "13:38"],
    ["a mapping", "{ { a: 1 }: x }", "13:38"],
  ])("%s as a key is refused at the key, not turned into text", (_, value, where) => {
    const text = edited("equals: x", `equals: ${value}`);
    expect(problems(text)).toEqual([`${FILE}:${where}: a key must be a name, not a list or a mapping`]);
  });

  it("an alias as a key is refused at the alias", () => {
    expect(problems(edited("equals: x", "equals: { &k a: 1, *k : 2 }"))).toEqual([`${FILE}:13:47: an alias (*k) cannot be a key: write the name itself`]);
  });

  it("a mapping of 50,000 keys is read in linear time: loaded, not compared key by key", () => {
    // The library's own check compares each key with every earlier one: about a minute here.
    const keys = Array.from({ length: 49_000 }, (_, index) => `k${index}: ${index}`).join(", ");
    expect(problems(edited("equals: x", `equals: { ${keys} }`))).toBe("loads");
  }, 20_000);
});

describe("the CLI", () => {
  it("validate refuses each such file at its line, exit 2, and nothing it prints speaks of the YAML library", () => {
    const write = (name: string, text: string) => {
      const path = scratchFile(`cli/matrix/${name}.yaml`, text.replace("id: matrix/sample", `id: matrix/${name}`));
      return relative(process.cwd(), path);
    };
    const files = [
      [write("tag", edited("title: A valid case", "title: !fn A valid case")), `2:8: ${tagged("!fn")}`],
      [write("two", `${SAMPLE_CASE}---\n${SAMPLE_CASE}`), `21:1: ${TWO_DOCUMENTS}`],
      [write("list-key", edited("equals: x", "equals: { [a, b]: x }")), "13:38: a key must be a name, not a list or a mapping"],
      [write("binary", edited("equals: x", "equals: !!binary aGVsbG8=")), `13:36: ${tagged("!!binary")}`],
    ] as const;
    const { code, stdout, stderr } = cli("validate", `${scratch}/cli`);
    expect(code).toBe(2);
    for (const [file, message] of files) expect(stdout).toContain(`${file}:${message}\n`);
    expect(stdout + stderr).not.toMatch(LIBRARY_WORDS);
    expect(stderr).toBe("");
  });
});
