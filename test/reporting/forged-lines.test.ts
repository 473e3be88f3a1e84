// Text a case file brings (a title, a requirement or a tool name echoed in a message, the name of
// a folder it sits in) is shown on the line it belongs to: a line feed, a carriage return or a
// line or paragraph separator in it is written as an escape, so that no case can print a line of
// its own, such as a PASS line or a badge, in the pretty report, the TAP report or `validate`.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { printable, printableLine } from "../../harness/reporting/printable.ts";
import { replaced, SAMPLE_CASE } from "../support/case-text.ts";
import { cli } from "../support/cli.ts";
import { scratchFolder } from "../support/main.ts";

const { folder: scratch } = scratchFolder("effective-args-forged-");
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** What ends a line somewhere: in a terminal, a CI log viewer or an editor. */
const LINE_ENDS = /[\r\u000b\u000c\u0085\u2028\u2029]/;
/** A forged line: a case's mark or a badge at the start of a line. */
const FORGED = /^(PASS|FAIL|ERROR|SKIP|XFAIL|XPASS|ok|not ok) +(matrix\/)?forged|^(# )?MUST 99/m;
/** Everything a case file can write as a line break, each followed by a line of the report's own kind. */
const BREAKS = "\\nPASS matrix/forged [must] forged\\rPASS matrix/forged [must] forged\\LPASS matrix/forged\\PMUST 99/99 (100%)\\NFAIL forged";

/** Writes the sample case (which the reference passes), edited, as <folder>/matrix/<name>.yaml; the path. */
function caseFile(folder: string, name: string, edit: (text: string) => string): string {
  const path = join(scratch, folder, "matrix", `${name}.yaml`);
  mkdirSync(join(path, ".."), { recursive: true });
  const passing = replaced(replaced(SAMPLE_CASE, "id: matrix/sample", `id: matrix/${name}`), "arguments: '{}'", `arguments: '{"p": "y"}'`);
  writeFileSync(path, edit(passing));
  return path;
}

describe("printable text", () => {
  it("escapes the line and paragraph separators too; a line keeps no line break at all", () => {
    expect(printable("a\u2028b\u2029c\u0085d\ne")).toBe("a\\u2028b\\u2029c\\u0085d\ne");
    expect(printableLine("a\nb\rc\u2028d")).toBe("a\\nb\\u000dc\\u2028d");
  });
});

describe("a case's title", () => {
  const path = caseFile("title", "titled", (text) => replaced(text, "title: A valid case", `title: "A valid case${BREAKS}"`));

  it.each(["pretty", "tap"])("prints no line of its own in the %s report, and the case's one line shows it escaped", (reporter) => {
    const { code, stdout, stderr } = cli("run", "--cases", path, "--reporter", reporter);
    expect([code, stderr]).toEqual([0, ""]);
    expect(stdout).not.toMatch(FORGED);
    expect(stdout).not.toMatch(LINE_ENDS);
    if (reporter === "pretty") {
      expect(stdout.split("\n").filter((line) => /^[A-Z]+ +matrix\//.test(line))).toEqual([
        "PASS  matrix/titled [must] A valid case\\nPASS matrix/forged [must] forged\\u000dPASS matrix/forged [must] forged\\u2028PASS matrix/forged\\u2029MUST 99/99 (100%)\\u0085FAIL forged",
      ]);
    }
  });
});

describe("a case-file error that echoes the file's text", () => {
  const path = caseFile("echo", "echoed", (text) => replaced(replaced(text, "[MATRIX-1, MATRIX-2]", `[MATRIX-1, "MATRIX-2${BREAKS}"]`), "tool: t,", `tool: "t${BREAKS}",`));

  it.each(["pretty", "tap", "json"])("prints no line of its own from run with the %s reporter, on either stream", (reporter) => {
    const { code, stdout, stderr } = cli("run", "--cases", path, "--reporter", reporter);
    expect(code).toBe(2);
    expect(stdout + stderr).not.toMatch(FORGED);
    expect(stdout + stderr).not.toMatch(LINE_ENDS);
    expect(stdout + stderr).toContain('unknown requirement "MATRIX-2\\nPASS matrix/forged [must] forged\\u000dPASS');
  });

  it("prints no line of its own from validate", () => {
    const { code, stdout } = cli("validate", path);
    expect(code).toBe(2);
    expect(stdout).not.toMatch(FORGED);
    expect(stdout).not.toMatch(LINE_ENDS);
    expect(stdout.split("\n").filter(Boolean).map((line) => line.replace(/:\d+:\d+: .*/, ""))).toEqual([relative(process.cwd(), path), relative(process.cwd(), path), "1 case file: 0 valid, 1 invalid"]);
  });
});

describe("an expectations file's error that echoes the file's text", () => {
  it("prints no line of its own from run --expect", () => {
    const path = join(scratch, "known.yaml");
    writeFileSync(path, `failures:\n  matrix/defaults-visible: { requirements: [MATRIX-1, "NOPE${BREAKS}"] }\n`);
    const { code, stdout, stderr } = cli("run", "--expect", path, "--filter", "matrix/defaults-visible");
    expect(code).toBe(2);
    expect(stdout + stderr).not.toMatch(FORGED);
    expect(stdout + stderr).not.toMatch(LINE_ENDS);
    expect(stderr).toContain('unknown requirement "NOPE\\nPASS matrix/forged [must] forged\\u000dPASS');
  });
});

describe("the name of a folder a case file sits in", () => {
  // A case whose expectation the reference does not meet: validate names its place, the path included.
  const path = caseFile("PASS matrix/forged [must] forged\nMUST 99", "unmet", (text) => replaced(text, "c1: { outcome: executed }", "c1: { outcome: denied }"));

  it("is written on validate's line, escaped", () => {
    const { code, stdout } = cli("validate", path);
    expect(code).toBe(1);
    expect(stdout).not.toMatch(FORGED);
    expect(stdout).toContain(`${relative(process.cwd(), path).replace("\n", "\\n")}:20:`);
  });

  it("is written on the run's CASE FILE ERROR line, escaped", () => {
    const broken = caseFile("PASS matrix/forged [must] forged\nMUST 99", "broken", (text) => replaced(text, "level: must", "level: may"));
    const { code, stdout } = cli("run", "--cases", broken);
    expect(code).toBe(2);
    expect(stdout).not.toMatch(FORGED);
    expect(stdout).toContain(`CASE FILE ERROR ${relative(process.cwd(), broken).replace("\n", "\\n")}:3:8: level:`);
  });
});
