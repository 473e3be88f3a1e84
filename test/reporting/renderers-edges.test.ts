// The reporters' and verdicts' edges, one behaviour per test: what each JUnit element carries,
// the TAP diagnostics of every status, the known-failures file as text, the summary's optional
// lines, and the gate over more than one result.
import { XMLParser } from "fast-xml-parser";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { renderJson } from "../../harness/reporting/json.ts";
import { renderJunit } from "../../harness/reporting/junit.ts";
import { knownFailuresYaml, loadKnownFailures, type KnownFailures } from "../../harness/reporting/known-failures.ts";
import { failureLines, renderSummary } from "../../harness/reporting/pretty.ts";
import { buildReport, exitCode } from "../../harness/reporting/report.ts";
import { requirementVerdicts } from "../../harness/reporting/summary.ts";
import { renderTap } from "../../harness/reporting/tap.ts";
import { REQUIREMENTS, type Requirement } from "../../harness/loading/requirements.ts";
import type { CaseResult, Failure } from "../../harness/running/results.ts";
import { result } from "../support/results.ts";
import { scratchFolder } from "../support/main.ts";

const adapter = { name: "rt", version: "1", capabilities: [] as const };
const failure = (requirement: string, extra: Partial<Failure> = {}): Failure => ({ requirement, message: `${requirement} broke`, ...extra });
const known = (ids: string[]): KnownFailures => ({ file: "known.yaml", entries: new Map(ids.map((id) => [id, { requirements: [], at: "known.yaml:1:1" }])) });

describe("junit elements", () => {
  const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "", isArray: (name) => ["testsuite", "testcase"].includes(name) });
  type Testcase = Record<string, unknown> & { failure?: Record<string, string>; error?: Record<string, string>; skipped?: Record<string, string> | string };
  const suitesOf = (results: CaseResult[], list?: KnownFailures) =>
    xml.parse(renderJunit(buildReport(adapter, results, [], list))).testsuites as Record<string, string> & { testsuite: (Record<string, string> & { testcase: Testcase[] })[] };
  const onlyCase = (results: CaseResult[], list?: KnownFailures) => suitesOf(results, list).testsuite[0]!.testcase[0]!;

  it("orders the suites by family whatever the order of the results, and adds up their times in seconds", () => {
    const suites = suitesOf([
      result("read-batch/a", "passed", [], [], { durationMs: 1500 }),
      result("matrix/b", "passed", [], [], { durationMs: 250 }),
      result("read-batch/c", "passed", [], [], { durationMs: 4 }),
    ]);
    expect(suites.testsuite.map((suite) => [suite.name, suite.time])).toEqual([["matrix", "0.250"], ["read-batch", "1.504"]]);
    expect(suites.time).toBe("1.754");
  });

  it("gives a passing testcase its class, name, time and file, and nothing inside", () => {
    const passing = onlyCase([result("matrix/p", "passed", [], [], { durationMs: 1234, file: `${process.cwd()}/cases/matrix/p.yaml` })]);
    expect(passing).toEqual({ classname: "matrix", name: "matrix/p: title of matrix/p", time: "1.234", file: "cases/matrix/p.yaml" });
  });

  it("gives a failed testcase a failure: the first failure as message and type, every failure's lines as text", () => {
    const failed = onlyCase([result("matrix/f", "failed", [], [failure("INV-5", { step: 0, diff: "- a\n+ b" }), failure("INV-3")])]);
    expect(failed.failure).toEqual({ message: "INV-5: INV-5 broke", type: "INV-5", "#text": [...failureLines(failure("INV-5", { step: 0, diff: "- a\n+ b" })), "INV-3: INV-3 broke"].join("\n") });
  });

  it("gives an errored testcase an error with its whole reason as text, or empty ones when it has none", () => {
    expect(onlyCase([result("matrix/e", "errored", [], [], { reason: "the adapter threw\nat line 2" })]).error).toEqual({ message: "the adapter threw", "#text": "the adapter threw\nat line 2" });
    expect(onlyCase([result("matrix/e", "errored", [])]).error).toEqual({ message: "" });
  });

  it("gives a skipped testcase a skipped element with its reason as message, empty without one", () => {
    expect(onlyCase([result("matrix/s", "skipped", [], [], { reason: "the adapter does not declare: batch" })]).skipped).toEqual({ message: "the adapter does not declare: batch" });
    expect(onlyCase([result("matrix/s", "skipped", [])]).skipped).toEqual({ message: "" });
  });

  it("writes XML's forbidden characters and lone surrogates of either half as \\uXXXX, and keeps pairs, tabs and line breaks", () => {
    const reason = "a\u0000b\u000Bc\u001Fd\uFFFEe\uFFFFf\uDC00g\uD83D\uDE00h\ti\nj\uD800";
    const text = onlyCase([result("matrix/e", "errored", [], [], { reason })]).error as Record<string, string>;
    expect(text["#text"]).toBe("a\\u0000b\\u000bc\\u001fd\\ufffee\\uffff" + "f\\udc00g\uD83D\uDE00h\ti\nj\\ud800");
  });
});

describe("tap diagnostics", () => {
  const blockAfter = (lines: string[], point: string) => {
    const start = lines.indexOf(point);
    return parse(lines.slice(start + 2, lines.indexOf("  ...", start)).map((line) => line.slice(2)).join("\n"));
  };

  it("says why an errored case errored", () => {
    const lines = renderTap(buildReport(adapter, [result("matrix/e", "errored", [], [], { reason: "the adapter hung" })], [])).split("\n");
    expect(blockAfter(lines, "not ok 1 - matrix/e")).toEqual({ status: "errored", reason: "the adapter hung" });
  });

  it("tells an unexpected pass to leave the list", () => {
    const lines = renderTap(buildReport(adapter, [result("matrix/p", "passed", [])], [], known(["matrix/p"]))).split("\n");
    expect(blockAfter(lines, "not ok 1 - matrix/p")).toEqual({ status: "passed", message: "listed as a known failure in known.yaml, but passed: remove it from the list" });
  });

  it("leaves out a failure's call and diff when it has none, and keeps long messages on one line", () => {
    const long = "x".repeat(200) + " " + "y".repeat(200);
    const lines = renderTap(buildReport(adapter, [result("matrix/f", "failed", [], [failure("INV-3", { message: long })])], [])).split("\n");
    expect(lines.slice(3, 8)).toEqual(["  ---", "  status: failed", "  failures:", "    - requirement: INV-3", `      message: ${long}`]);
  });

  it("joins the lines of a reason with Windows line ends into one, leaving no carriage return", () => {
    expect(renderTap(buildReport(adapter, [result("matrix/s", "skipped", [], [], { reason: "first\r\nsecond \r\n third" })], [])).split("\n")[2]).toBe("ok 1 - matrix/s # SKIP first second third");
  });

  it("writes a skip without a reason as a bare # SKIP", () => {
    expect(renderTap(buildReport(adapter, [result("matrix/s", "skipped", [])], [])).split("\n")[2]).toBe("ok 1 - matrix/s # SKIP ");
  });
});

describe("the known-failures file as text", () => {
  it("is flow lists without padding, long reasons unfolded, and no reason for a failed case that had none", () => {
    const long = "tracked in " + "z".repeat(120);
    const previous: KnownFailures = { file: "known.yaml", entries: new Map([["matrix/b", { requirements: [], reason: long, at: "known.yaml:1:1" }]]) };
    const yaml = knownFailuresYaml("rt 1", [result("matrix/a", "failed", [], [failure("INV-4"), failure("INV-1")]), result("matrix/b", "failed", [], [failure("INV-2")])], previous);
    expect(yaml.split("\n").slice(3)).toEqual(["failures:", "  matrix/a:", "    requirements: [INV-1, INV-4]", "  matrix/b:", "    requirements: [INV-2]", `    reason: ${long}`, ""]);
  });

  it("locates each entry at its id, for the warnings about stale entries", () => {
    const path = scratchFolder("known-at").file("known.yaml", "# list\nfailures:\n  matrix/a:\n    requirements: []\n  matrix/b: { requirements: [] }\n");
    const loaded = loadKnownFailures(path) as KnownFailures;
    expect([...loaded.entries.values()].map((entry) => entry.at.replace(/^.*known\.yaml/, "known.yaml"))).toEqual(["known.yaml:3:3", "known.yaml:5:3"]);
  });
});

describe("summary lines", () => {
  it("has no blank line before the badge when there is nothing to warn about", () => {
    expect(renderSummary(buildReport(adapter, [result("matrix/a", "passed", ["INV-1"])], [])).split("\n").slice(0, 2)).toEqual(["", "rt 1: MUST 1/1 (100%), SHOULD 0/0 (100%)"]);
  });

  it("says nothing about unexercised requirements when every requirement was exercised, and names every case a requirement broke in", () => {
    const every = [...REQUIREMENTS.values()].filter((requirement) => !requirement.retired).map((requirement) => requirement.id);
    const everything = { ...adapter, capabilities: ["approval", "batch", "handoffs", "hooks", "proposal-hash", "raw-view", "resume"] as const };
    const text = renderSummary(buildReport(everything, [result("matrix/a", "failed", every, [failure("INV-1")]), result("matrix/b", "failed", [], [failure("INV-1")])], []));
    expect(text).toContain(`\nRequirements: 0/${every.length} hold\n`);
    expect(text).toContain("  INV-1       must   broken in 2 cases: Decode and validate before policy\n      matrix/a, matrix/b\n");
  });
});

describe("verdicts and the gate over several results", () => {
  it("a MUST requirement is inconclusive in a case that failed a MUST requirement besides SHOULD ones", () => {
    const verdicts = requirementVerdicts([result("read-batch/a", "failed", ["BATCH-2"], [failure("BATCH-5"), failure("BATCH-1")])]);
    expect(verdicts.find((verdict) => verdict.id === "BATCH-2")!.status).toBe("inconclusive");
  });

  it("leaves a retired requirement out of the verdicts", () => {
    const retired: Requirement = { id: "RETIRED-1", level: "must", family: "matrix", source: "test", title: "retired", text: "retired", retired: true };
    (REQUIREMENTS as Map<string, Requirement>).set(retired.id, retired);
    try {
      expect(requirementVerdicts([result("matrix/a", "passed", ["RETIRED-1"])]).map((verdict) => verdict.id)).not.toContain("RETIRED-1");
    } finally {
      (REQUIREMENTS as Map<string, Requirement>).delete(retired.id);
    }
  });

  it("fails the run when one result of several fails it", () => {
    expect(exitCode(buildReport(adapter, [result("matrix/a", "passed", []), result("matrix/b", "failed", [])], []))).toBe(1);
  });

  it("ends the JSON document with a line break", () => {
    expect(renderJson(buildReport(adapter, [], []))).toMatch(/\}\n$/);
  });
});
