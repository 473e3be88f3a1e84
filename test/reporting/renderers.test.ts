// The four reporters, on a report built from hand-made results: what each line says, what is
// escaped, what stays portable (spec/reports.md).
import { readFileSync } from "node:fs";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import type { KnownFailures } from "../../harness/reporting/known-failures.ts";
import { renderJson } from "../../harness/reporting/json.ts";
import { renderJunit } from "../../harness/reporting/junit.ts";
import { failureLines, renderProgress, renderProgressLine, renderSummary, wrapped } from "../../harness/reporting/pretty.ts";
import { buildReport, judge } from "../../harness/reporting/report.ts";
import { renderTap } from "../../harness/reporting/tap.ts";
import type { CaseResult, Failure } from "../../harness/running/results.ts";
import { result } from "../support/results.ts";

const diffed: Failure = { requirement: "INV-5", check: 13, message: "the arguments at tool entry differ", step: 0, callId: "c1", diff: "- evaluated\n+ executed\n  {\n-   \"a\": 1\n+   \"a\": 2\n  }" };
const results: CaseResult[] = [
  result("matrix/passes", "passed", ["MATRIX-1"]),
  result("matrix/fails", "failed", ["INV-5"], [diffed, { requirement: "INV-3", message: "parsed twice", step: 1 }]),
  result("read-batch/errs", "errored", ["BATCH-1"], [], { reason: "the adapter threw: Error: <&> \u0001 \ud800\nsecond" }),
  result("read-batch/skips", "skipped", ["BATCH-2"], [], { reason: "the adapter does not declare: tool-changes", lacking: ["tool-changes"] }),
];
const adapter = { name: "rt <&>", version: "1.0", capabilities: ["batch"] as const };
const known: KnownFailures = { file: "known.yaml", entries: new Map([["matrix/fails", { requirements: ["INV-3", "INV-5"], at: "known.yaml:2:3" }], ["matrix/passes", { requirements: [], at: "known.yaml:5:3" }]]) };
/** The same list, but matrix/fails listed for INV-5 only: its INV-3 failure is a new break. */
const knownForInv5: KnownFailures = { ...known, entries: new Map([...known.entries, ["matrix/fails", { requirements: ["INV-5"], at: "known.yaml:2:3" }]]) };

describe("pretty", () => {
  it("prints a failure as REQ-ID (step N, call X): message, steps counted from 1, the diff indented", () => {
    expect(failureLines(diffed)).toEqual(["INV-5 (step 1, call c1): the arguments at tool entry differ", "  - evaluated", "  + executed", "    {", '  -   "a": 1', '  +   "a": 2', "    }"]);
    expect(failureLines({ requirement: "INV-3", message: "m", step: 2 })).toEqual(["INV-3 (step 3): m"]);
    expect(failureLines({ requirement: "INV-3", message: "m" })).toEqual(["INV-3: m"]);
  });

  it("prints a line per case as it ends, and a block per case for the details: mark, id, level and title, then the reason or the failures", () => {
    expect(renderProgressLine(judge(results[1]!, knownForInv5))).toBe("FAIL  matrix/fails [must] title of matrix/fails\n");
    expect(renderProgressLine(results[3]!)).toBe("SKIP  read-batch/skips [must] title of read-batch/skips\n");
    expect(renderProgress(judge(results[1]!, knownForInv5)).split("\n").slice(0, 2)).toEqual([
      "FAIL  matrix/fails [must] title of matrix/fails",
      "      listed as a known failure, but now also breaks INV-3, which its entry does not list",
    ]);
    expect(renderProgress(results[0]!)).toBe("PASS  matrix/passes [must] title of matrix/passes\n");
    expect(renderProgress(results[3]!)).toBe("SKIP  read-batch/skips [must] title of read-batch/skips\n      the adapter does not declare: tool-changes\n");
    expect(renderProgress(results[1]!).split("\n").slice(0, 3)).toEqual(["FAIL  matrix/fails [must] title of matrix/fails", "      INV-5 (step 1, call c1): the arguments at tool entry differ", "        - evaluated"]);
    expect(renderProgress(judge(results[1]!, known)).startsWith("XFAIL matrix/fails")).toBe(true);
    expect(renderProgress(judge(results[0]!, known))).toBe("XPASS matrix/passes [must] title of matrix/passes\n      listed as a known failure, but passed: remove it from the expectations file\n");
  });

  it("summarizes: case-file errors, warnings and new breaks first, the badge line, what does not hold with its cases, counts by level and family, each case that went wrong, the totals", () => {
    const report = buildReport(adapter, results, [{ file: "x", message: "x:1:1: bad" }], knownForInv5);
    expect(renderSummary(report, 80)).toBe(
      [
        "",
        "CASE FILE ERROR x:1:1: bad",
        "NEW BREAK matrix/fails is listed for INV-5 but now also breaks INV-3",
        "",
        'rt <&> 1.0: MUST 1/5 (20%), SHOULD 0/0 (100%); 1 MUST not judged: declare "tool-changes"; 1 MUST errored',
        "",
        `Requirements: 1/5 hold (${report.requirements.length - 5} not exercised by the selected cases)`,
        "  INV-3       must   broken in 1 case: One schema parse per attempt",
        "      matrix/fails",
        "  INV-5       must   broken in 1 case: Evaluated equals executed",
        "      matrix/fails",
        "  BATCH-1     must   errored in 1 case: Each call is its own attempt",
        "      read-batch/errs",
        "  BATCH-2     must   skipped in 1 case: An invalid call in a batch stops alone",
        "      read-batch/skips",
        "",
        "By level:",
        "  MUST             1/4 passed, 1 failed, 1 errored, 1 skipped",
        "",
        "By family:",
        "  matrix           1/2 passed, 1 failed",
        "  read-batch       0/2 passed, 1 errored, 1 skipped",
        "",
        "Case by case:",
        "XPASS matrix/passes [must] title of matrix/passes",
        "      listed as a known failure, but passed: remove it from the expectations file",
        "FAIL  matrix/fails [must] title of matrix/fails",
        "      listed as a known failure, but now also breaks INV-3, which its entry does not list",
        "      INV-5 (step 1, call c1): the arguments at tool entry differ",
        "        - evaluated",
        "        + executed",
        "          {",
        '        -   "a": 1',
        '        +   "a": 2',
        "          }",
        "      INV-3 (step 2): parsed twice",
        "ERROR read-batch/errs [must] title of read-batch/errs",
        "      the adapter threw: Error: <&> \u0001 \ud800",
        "      second",
        "SKIP  1 case: the adapter does not declare: tool-changes",
        "      read-batch/skips",
        "",
        "4 cases: 1 passed, 1 failed, 1 errored, 1 skipped; expected failures: 0, new breaks: 1, unexpected passes: 1 (known.yaml)",
        "",
      ].join("\n"),
    );
    expect(renderSummary(buildReport(adapter, [results[0]!], [], { file: "k.yaml", entries: new Map([["gone/case", { requirements: [], at: "k.yaml:2:3" }]]) }))).toContain(
      'WARNING k.yaml:2:3: "gone/case" is listed as a known failure but is not among the selected cases\n\nrt <&> 1.0',
    );
    expect(renderSummary(buildReport(adapter, [results[0]!], []))).toMatch(/\n1 case: 1 passed, 0 failed, 0 errored, 0 skipped\n$/);
  });

  it("wraps a list of cases to the width, whole ids only", () => {
    const ids = ["matrix/aaaa", "matrix/bbbb", "matrix/cccc"];
    expect(wrapped(ids, "  ", 27)).toEqual(["  matrix/aaaa, matrix/bbbb,", "  matrix/cccc"]);
    expect(wrapped(ids, "  ", 26)).toEqual(["  matrix/aaaa,", "  matrix/bbbb, matrix/cccc"]);
    expect(wrapped(ids, "  ", 20)).toEqual(["  matrix/aaaa,", "  matrix/bbbb,", "  matrix/cccc"]);
    expect(wrapped(["a-case-id-longer-than-the-width"], "  ", 10)).toEqual(["  a-case-id-longer-than-the-width"]);
    expect(wrapped([], "  ", 10)).toEqual([]);
  });
});

describe("json", () => {
  it("writes the report as it is, with file paths relative to the working directory", () => {
    const cwdCase = result("matrix/here", "passed", [], [], { file: `${process.cwd()}/cases/matrix/here.yaml` });
    const report = JSON.parse(renderJson(buildReport(adapter, [cwdCase], [{ file: `${process.cwd()}/cases/x.yaml`, message: "m" }])));
    expect(report.results[0].file).toBe("cases/matrix/here.yaml");
    expect(report.caseFileErrors[0].file).toBe("cases/x.yaml");
    expect(Object.keys(report)).toEqual(["suite", "implementation", "summary", "requirements", "results", "caseFileErrors"]);
    expect(report.suite).toEqual({ name: "effective-args", version: (JSON.parse(readFileSync("package.json", "utf8")) as { version: string }).version });
  });
});

describe("junit", () => {
  const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "", isArray: (name) => ["testsuite", "testcase"].includes(name) });
  const parsed = (text: string) => xml.parse(text).testsuites as { name: string; tests: string; failures: string; errors: string; skipped: string; testsuite: { name: string; testcase: Record<string, unknown>[] }[] };

  it("is well-formed XML whatever the texts hold: markup, control characters and lone surrogates are escaped", () => {
    const text = renderJunit(buildReport(adapter, results, []));
    expect(XMLValidator.validate(text)).toBe(true);
    expect(text).not.toMatch(/[\u0001\ud800]/);
    expect(text).toContain("\\u0001");
    expect(text).toContain("\\ud800");
    const suites = parsed(text);
    expect([suites.name, suites.tests, suites.failures, suites.errors, suites.skipped]).toEqual(["effective-args: rt <&> 1.0", "4", "1", "1", "1"]);
    expect(suites.testsuite.map((suite) => [suite.name, suite.testcase.length])).toEqual([["matrix", 2], ["read-batch", 2]]);
    const errored = suites.testsuite[1]!.testcase[0] as { error: { message: string } };
    expect(errored.error.message).toBe("the adapter threw: Error: <&> \\u0001 \\ud800");
  });

  it("makes a known failure a skipped testcase, and an unexpected pass and a new break failures", () => {
    const suites = parsed(renderJunit(buildReport(adapter, results.slice(0, 2), [], known)));
    const [passes, fails] = suites.testsuite[0]!.testcase as Record<string, { message: string; type?: string }>[];
    expect(fails!.skipped!.message).toBe("known failure: INV-5: the arguments at tool entry differ");
    expect(passes!.failure).toEqual(expect.objectContaining({ type: "unexpected-pass", message: "unexpected pass: listed as a known failure in known.yaml; remove it from the list" }));
    expect([suites.failures, suites.skipped]).toEqual(["1", "1"]);
    const broken = parsed(renderJunit(buildReport(adapter, [results[1]!], [], knownForInv5)));
    expect(broken.testsuite[0]!.testcase[0]!.failure).toEqual(
      expect.objectContaining({ type: "INV-3", message: "new break: listed as a known failure in known.yaml, but now also breaks INV-3, which its entry does not list" }),
    );
    expect([broken.failures, broken.skipped]).toEqual(["1", "0"]);
  });
});

describe("tap", () => {
  it("writes TAP 14: a plan, a point per case, YAML under each not ok, the badge as the last comment", () => {
    const lines = renderTap(buildReport(adapter, results, [])).split("\n");
    expect(lines.slice(0, 3)).toEqual(["TAP version 14", "1..4", "ok 1 - matrix/passes"]);
    expect(lines[3]).toBe("not ok 2 - matrix/fails");
    const block = lines.slice(lines.indexOf("  ---", 4) + 1, lines.indexOf("  ...", 4)).map((line) => line.slice(2)).join("\n");
    expect(parse(block)).toEqual({ status: "failed", failures: [{ requirement: "INV-5", step: 1, call: "c1", message: "the arguments at tool entry differ", diff: diffed.diff }, { requirement: "INV-3", step: 2, message: "parsed twice" }] });
    expect(lines).toContain("ok 4 - read-batch/skips # SKIP the adapter does not declare: tool-changes");
    expect(lines.at(-2)).toBe('# rt <&> 1.0: MUST 1/5 (20%), SHOULD 0/0 (100%); 1 MUST not judged: declare "tool-changes"; 1 MUST errored');
  });

  it("escapes # and \\ in descriptions and keeps every point on one line", () => {
    const odd = result("matrix/odd", "skipped", [], [], { id: "matrix/a#b\\c", reason: "first\nsecond" });
    expect(renderTap(buildReport(adapter, [odd], [])).split("\n")[2]).toBe("ok 1 - matrix/a\\#b\\\\c # SKIP first second");
  });

  it("marks a known failure # TODO, and an unexpected pass and a new break not ok", () => {
    const lines = renderTap(buildReport(adapter, results.slice(0, 2), [], known)).split("\n");
    expect(lines[2]).toBe("not ok 1 - matrix/passes");
    expect(lines).toContain("not ok 2 - matrix/fails # TODO known failure");
    const broken = renderTap(buildReport(adapter, [results[1]!], [], knownForInv5)).split("\n");
    expect(broken[2]).toBe("not ok 1 - matrix/fails");
    const block = parse(broken.slice(4, broken.indexOf("  ...")).map((line) => line.slice(2)).join("\n"));
    expect(block).toMatchObject({ status: "failed", message: "listed as a known failure in known.yaml, but now also breaks INV-3, which its entry does not list" });
  });
});
