// Case files that would make the loader crash, hang or say nothing useful: nesting and aliases
// that exhaust the stack or memory, pointers that make a regex backtrack, links to case files,
// files that are not UTF-8. Each is one file's "file:line:column: message", and the other files
// of the folder still load and run (spec/case-format.md, "What the loader rejects").
import { readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadCaseFile, loadCases } from "../../harness/loading/loader.ts";
import { readSyntaxTree } from "../../harness/loading/yaml-limits.ts";
import { loadProblems, replaced, SAMPLE_CASE } from "../support/case-text.ts";
import { runMain, scratchFolder } from "../support/main.ts";

const { folder: scratch, file: scratchFile } = scratchFolder("effective-args-hostile-");
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A valid case of the family matrix, which the reference passes; line 13 holds the rule's condition. */
const validCase = (name: string) => replaced(replaced(SAMPLE_CASE, "id: matrix/sample", `id: matrix/${name}`), "arguments: '{}'", `arguments: '{"p": "y"}'`);

const FILE = "cases/matrix/sample.yaml";
const edited = (from: string, to: string) => replaced(validCase("sample"), from, to);
const problems = (text: string) => loadProblems(FILE, text);

/** Writes `content` as <folder>/matrix/<name>.yaml; the path and how messages show it. */
function caseFile(folder: string, name: string, content: string | Buffer): { path: string; shown: string } {
  const path = scratchFile(join(folder, "matrix", `${name}.yaml`), "");
  writeFileSync(path, content);
  return { path, shown: relative(process.cwd(), path) };
}

/** The messages loading one file gives; none when it loads. */
function fileProblems(path: string): string[] {
  const result = loadCaseFile(path);
  return "errors" in result ? result.errors.map((error) => error.message) : [];
}

const NESTED = "nested too deeply: lists and mappings may be nested at most 256 deep";
const COUNTED = "a file may hold at most 100000 values, counting each alias as the values it stands for";

/** Ten levels of ten aliases each: 10^10 values once expanded; line n + 2 holds a<n>. */
const aliasBomb = (name: string) =>
  `id: matrix/${name}\n` +
  Array.from({ length: 10 }, (_, level) => {
    const items = level === 0 ? Array(10).fill("lol") : Array(10).fill(`*a${level - 1}`);
    return `a${level}: &a${level} [${items.join(", ")}]\n`;
  }).join("");

describe("nesting and aliases that would exhaust the loader", () => {
  it("an alias bomb is refused at the alias that takes the file past 100000 values", () => {
    // Counted as read: the top mapping, "id" and its value (3); a0: key, list, 10 scalars (12);
    // a1, a2, a3: key, list and ten aliases of 11, 111, 1111 values (112, 1112, 11112); a4's key
    // and list (2): 12353 values. Each *a3 then adds 11111: the 8th (column 45) passes 100000.
    const { path, shown } = caseFile("bomb", "bomb", aliasBomb("bomb"));
    expect(fileProblems(path)).toEqual([`${shown}:6:45: more than 100000 values once the alias *a3 is expanded (an alias bomb?); ${COUNTED}`]);
  });

  it("lists nested 256 deep load; 257 deep are refused at the 257th, and 1,000 deep too", () => {
    // The value of equals is inside 5 (the top mapping, policy, rules, the rule, when): its 252nd "[" (column 287) is the 257th level.
    const nested = (depth: number) => edited("equals: x", `equals: ${"[".repeat(depth)}${"]".repeat(depth)}`);
    expect(problems(nested(251))).toBe("loads");
    expect(problems(nested(252))).toEqual([`${FILE}:13:287: ${NESTED}`]);
    expect(problems(nested(1000))).toEqual([`${FILE}:13:287: ${NESTED}`]);
  });

  it("block sequences nested 10,000 deep on one line are refused at the 257th", () => {
    expect(problems(`${"- ".repeat(10_000)}x\n`)).toEqual([`${FILE}:1:513: ${NESTED}`]);
  });

  it("anchors, tags or indicators in a row, which the YAML reader recurses on, are refused at the 1,001st", () => {
    const inARow = (rest: string) => `${rest}: more than 1000 anchors, tags or "-", "?", ":" indicators in a row, more than the YAML reader can take`;
    // The ":" after title is the first of the row, so the 1,000th anchor (column 8 + 999 * 3) is the 1,001st.
    expect(problems(`id: matrix/sample\ntitle: ${"&a ".repeat(100_000)}x\n`)).toEqual([`${FILE}:${inARow("2:3005")}`]);
    // 1,000 in a row (":" and 999 anchors) are the YAML reader's to report: one error per extra anchor.
    const atTheBound = problems(`id: matrix/sample\ntitle: ${"&a ".repeat(999)}x\n`);
    expect([atTheBound.length, atTheBound[0]]).toEqual([998, `${FILE}:2:11: YAML syntax: A node can have at most one anchor`]);
    // A tag, which the case format has none of, is refused at the first.
    expect(problems(`id: matrix/sample\ntitle: ${"!t ".repeat(100_000)}x\n`)).toEqual([`${FILE}:2:8: the YAML tag !t is not part of the case format, which has no tags: write the value without it (in quotes, for a string)`]);
    expect(problems(`[${"- ".repeat(100_000)}]\n`)).toEqual([`${FILE}:${inARow("1:2002")}`]);
    expect(problems(`[${": ".repeat(100_000)}]\n`)).toEqual([`${FILE}:${inARow("1:2002")}`]);
  });

  it("an alias that nests its anchor's lists deeper than 256 is refused at the alias", () => {
    // &d is 200 lists deep; *d stands inside the top mapping and 60 lists: 61 + 200 levels.
    const text = `id: matrix/sample\na: &d ${"[".repeat(200)}${"]".repeat(200)}\nb: ${"[".repeat(60)}*d${"]".repeat(60)}\n`;
    expect(problems(text)).toEqual([`${FILE}:3:64: nested too deeply once the alias *d is expanded: lists and mappings may be nested at most 256 deep`]);
  });

  it("an alias inside the value it names is refused, since that value would contain itself", () => {
    expect(problems(edited("equals: x", "equals: &t [a, *t]"))).toEqual([`${FILE}:13:43: the alias *t is inside the value it names (&t), which would then contain itself without end`]);
  });

  it("an alias that names no anchor before it is refused at the alias", () => {
    expect(problems(edited("title: A valid case", "title: *nowhere"))).toEqual([`${FILE}:2:8: the alias *nowhere names no anchor: write &nowhere on a value before it`]);
  });

  it("a case of 100,000 calls (9 MB) is refused as it is read, at the value that passes 100000, before it is composed", () => {
    // The sample's 17 lines up to its turn hold 34 values with a token of their own (scalars and
    // "[", "{"; block lists and mappings have none). Each call is "{" and 6 scalars: the 14,281st
    // call, on line 17 + 14281, takes the count past 100,000 at its arguments (column 43).
    const calls = Array.from({ length: 100_000 }, (_, index) => `      - { id: c${index + 1}, tool: t, arguments: '{"p": "y"}' }\n`).join("");
    const expectations = Array.from({ length: 100_000 }, (_, index) => `      c${index + 1}: { outcome: executed }\n`).join("");
    const text = edited("      - { id: c1, tool: t, arguments: '{\"p\": \"y\"}' }\n    expect:\n      c1: { outcome: executed }\n", `${calls}    expect:\n${expectations}`);
    expect(text.length).toBeGreaterThan(9_000_000);
    const refused = readSyntaxTree(text);
    const at = text.indexOf("'", text.indexOf("{ id: c14281,"));
    expect("problem" in refused && refused.problem).toEqual({ offset: at, message: `more than 100000 values; ${COUNTED}` });
    const { path, shown } = caseFile("many", "many", text.replace("matrix/sample", "matrix/many"));
    expect(fileProblems(path)).toEqual([`${shown}:14298:43: more than 100000 values; ${COUNTED}`]);
  });

  it("an anchor used 150 times, which expands to little, loads", () => {
    const uses = Array(150).fill("*x").join(", ");
    expect(problems(edited("{ pointer: /p, equals: x }", `{ pointer: /p, in: [&x a, ${uses}] }`))).toBe("loads");
  });

  it("the other files of the folder still load and run, and the run exits 2 for the bad ones", async () => {
    const folder = "run";
    caseFile(folder, "good", validCase("good"));
    const bomb = caseFile(folder, "bomb", aliasBomb("bomb"));
    const deep = caseFile(folder, "deep", `id: matrix/deep\ntitle: ${"[".repeat(1000)}${"]".repeat(1000)}\n`);
    const utf16 = caseFile(folder, "utf16", Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(validCase("utf16"), "utf16le")]));
    const { code, stdout, stderr } = await runMain("run", "--cases", join(scratch, folder), "--reporter", "json");
    const report = JSON.parse(stdout) as { results: { id: string; status: string }[]; caseFileErrors: { message: string }[] };
    const messages = [
      `${bomb.shown}:6:45: more than 100000 values once the alias *a3 is expanded (an alias bomb?); ${COUNTED}`,
      `${deep.shown}:2:263: ${NESTED}`,
      `${utf16.shown}:1:1: the file is UTF-16LE (it starts with a UTF-16LE byte order mark); save it as UTF-8`,
    ];
    expect(report.results.map((result) => [result.id, result.status])).toEqual([["matrix/good", "passed"]]);
    expect(report.caseFileErrors.map((error) => error.message)).toEqual(messages);
    expect([code, stderr]).toEqual([2, messages.map((message) => `${message}\n`).join("")]);
  });
});

describe("JSON Pointers, checked in linear time", () => {
  const pointer = (value: string) => problems(edited("{ pointer: /p, equals: x }", `{ pointer: "${value}", equals: x }`));
  const refused = [`${FILE}:13:24: policy.rules.0.when.pointer: expected a JSON Pointer such as "/path" or "/options/depth"`];

  it("a run of slashes ending in a lone ~ is refused, however long", () => {
    expect(pointer(`${"/".repeat(34)}~`)).toEqual(refused);
    expect(pointer(`${"/".repeat(10_000)}~`)).toEqual(refused);
    expect(pointer(`${"/a~0~1".repeat(10_000)}~2`)).toEqual(refused);
  });

  it("10,000 slashes, escapes and the empty pointer are pointers", () => {
    expect(pointer("/".repeat(10_000))).toBe("loads");
    expect(pointer(`${"/a~0b~1c".repeat(10_000)}/~01`)).toBe("loads");
    expect(pointer("")).toBe("loads");
  });

  it("a pointer must start with a slash, and every ~ must be ~0 or ~1", () => {
    expect(pointer("p")).toEqual(refused);
    expect(pointer("/a~")).toEqual(refused);
    expect(pointer("/a~2")).toEqual(refused);
  });

  it("a key of set that is no pointer is reported at the key, with what a key must be", () => {
    expect(problems(edited("  otherwise: allow", "  otherwise: allow\n  mutate: { set: { /a: 1, p~: 2 } }"))).toEqual([
      `${FILE}:16:27: policy.mutate.set: key "p~": expected a JSON Pointer such as "/path" or "/options/depth"`,
    ]);
  });
});

describe("case files that are links", () => {
  it("a link to a case file elsewhere is loaded, under the link's own place", () => {
    const target = caseFile("links-target", "real", validCase("linked")).path;
    const link = join(scratch, "links", "matrix", "linked.yaml");
    scratchFile(join("links", "matrix", "good.yaml"), validCase("good"));
    symlinkSync(target, link);
    const result = loadCases([join(scratch, "links")]);
    expect(result.errors).toEqual([]);
    expect(result.cases.map((loaded) => [loaded.id, loaded.file])).toEqual([["matrix/good", join(scratch, "links", "matrix", "good.yaml")], ["matrix/linked", link]]);
  });

  it("a link to nothing or to itself is reported as unreadable, not skipped; links to folders (a loop here) are not followed", () => {
    const folder = join(scratch, "dangling");
    scratchFile(join("dangling", "matrix", "good.yaml"), validCase("good"));
    symlinkSync(join(folder, "matrix", "nowhere.yaml"), join(folder, "matrix", "gone.yaml"));
    symlinkSync(folder, join(folder, "matrix", "loop"));
    symlinkSync(join(folder, "matrix", "loop.yaml"), join(folder, "matrix", "loop.yaml"));
    symlinkSync(folder, join(folder, "matrix", "folder.yaml"));
    const result = loadCases([folder]);
    const shown = (name: string) => relative(process.cwd(), join(folder, "matrix", name));
    expect(result.cases.map((loaded) => loaded.id)).toEqual(["matrix/good"]);
    expect(result.errors.map((error) => error.message)).toEqual([`${shown("gone.yaml")}: cannot read the file (ENOENT)`, `${shown("loop.yaml")}: cannot read the file (ELOOP)`]);
  });
});

describe("files that are not UTF-8", () => {
  it.each([
    ["UTF-16LE", [0xff, 0xfe], "utf16le"],
    ["UTF-16BE", [0xfe, 0xff], "utf16be"],
    ["UTF-32LE", [0xff, 0xfe, 0x00, 0x00], "utf32le"],
    ["UTF-32BE", [0x00, 0x00, 0xfe, 0xff], "utf32be"],
  ] as const)("a %s file, by its byte order mark, is refused at its start", (encoding, bom, name) => {
    const { path, shown } = caseFile("bom", name, Buffer.concat([Buffer.from(bom), Buffer.from(validCase(name), "utf16le")]));
    expect(fileProblems(path)).toEqual([`${shown}:1:1: the file is ${encoding} (it starts with a ${encoding} byte order mark); save it as UTF-8`]);
  });

  it("a UTF-16 file without a byte order mark is refused at its first NUL", () => {
    const { path, shown } = caseFile("nul", "utf16", Buffer.from(validCase("utf16"), "utf16le"));
    expect(fileProblems(path)).toEqual([`${shown}:1:2: the file holds a NUL character, so it is not UTF-8 text (UTF-16 without a byte order mark?); save it as UTF-8`]);
  });

  it("a Latin-1 file is refused at its first byte that is not UTF-8", () => {
    const text = validCase("latin1").replace("A valid case", "A valid café");
    const { path, shown } = caseFile("latin1", "latin1", Buffer.from(text, "latin1"));
    expect(fileProblems(path)).toEqual([`${shown}:2:19: the file is not UTF-8 here (it may be Latin-1 or Windows-1252); save it as UTF-8`]);
  });

  it("a UTF-8 byte order mark is read past, and not counted as a column", () => {
    const good = caseFile("utf8-bom", "good", `\uFEFF${validCase("good")}`);
    expect(readFileSync(good.path).subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(fileProblems(good.path)).toEqual([]);
    const wrong = caseFile("utf8-bom", "wrong", `\uFEFF${validCase("other")}`);
    expect(fileProblems(wrong.path)).toEqual([`${wrong.shown}:1:5: id "matrix/other" must match the file's place: cases/matrix/other.yaml (this file is matrix/wrong)`]);
  });
});
