// The verdicts: per requirement, by the rules of spec/reports.md; the badge; counts; the gate's
// exit codes; --level narrowing; and the known-failures file.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { expectationOf, knownFailuresYaml, loadKnownFailures, type KnownFailures } from "../../harness/reporting/known-failures.ts";
import { buildReport, exitCode, gateStatus, judge, notices } from "../../harness/reporting/report.ts";
import { atLevels, badge, count, countBy, requirementVerdicts, type RequirementVerdict } from "../../harness/reporting/summary.ts";
import { renderProgress } from "../../harness/reporting/pretty.ts";
import type { CaseResult, Failure } from "../../harness/running/results.ts";
import { result } from "../support/results.ts";

const failure = (requirement: string, extra: Partial<Failure> = {}): Failure => ({ requirement, message: `${requirement} broke`, ...extra });
const verdictOf = (verdicts: RequirementVerdict[], id: string) => verdicts.find((verdict) => verdict.id === id)!;

describe("requirement verdicts", () => {
  it("broken wins: a failure names it, in a case that lists it or not", () => {
    const verdicts = requirementVerdicts([result("matrix/a", "passed", ["INV-1"]), result("matrix/b", "failed", ["MATRIX-1"], [failure("INV-1")])]);
    expect(verdictOf(verdicts, "INV-1")).toEqual({ id: "INV-1", level: "must", title: "Decode and validate before policy", status: "broken", cases: ["matrix/a"], brokenIn: ["matrix/b"] });
  });

  it("errored beats holds; holds needs a case that ran; skipped and untested", () => {
    const verdicts = requirementVerdicts([
      result("matrix/a", "errored", ["INV-2"]),
      result("matrix/b", "passed", ["INV-2", "INV-3"]),
      result("matrix/c", "skipped", ["INV-4"]),
    ]);
    expect(["INV-2", "INV-3", "INV-4", "INV-5"].map((id) => verdictOf(verdicts, id).status)).toEqual(["errored", "holds", "skipped", "untested"]);
  });

  it("a MUST requirement holds in a case that failed only SHOULD requirements; a SHOULD one does not", () => {
    const verdicts = requirementVerdicts([result("read-batch/a", "failed", ["BATCH-2", "DECOY-3"], [failure("BATCH-5")])]);
    expect(verdictOf(verdicts, "BATCH-2").status).toBe("holds");
    expect(verdictOf(verdicts, "DECOY-3").status).toBe("inconclusive");
    expect(verdictOf(verdicts, "BATCH-5").status).toBe("broken");
  });

  it("a requirement of a case that failed on a MUST requirement is inconclusive", () => {
    const verdicts = requirementVerdicts([result("matrix/a", "failed", ["MATRIX-1", "MATRIX-2"], [failure("MATRIX-1")])]);
    expect(verdictOf(verdicts, "MATRIX-2").status).toBe("inconclusive");
  });

  it("leave retired requirements out", async () => {
    const { REQUIREMENTS } = await import("../../harness/loading/requirements.ts");
    const all = requirementVerdicts([]).length;
    expect(all).toBe([...REQUIREMENTS.values()].filter((requirement) => !requirement.retired).length);
  });
});

describe("the badge", () => {
  it("counts holding requirements over exercised ones per level, rounding down; no exercised requirement is 0/0 (100%)", () => {
    const verdicts = requirementVerdicts([
      result("matrix/a", "passed", ["MATRIX-1", "MATRIX-2"]),
      result("matrix/b", "failed", ["MATRIX-3"], [failure("MATRIX-3")]),
    ]);
    expect(badge(verdicts)).toBe("MUST 2/3 (66%), SHOULD 0/0 (100%)");
  });
});

describe("counts", () => {
  it("count every status, and group by a key in code-unit order", () => {
    const results = [result("read-batch/x", "passed", []), result("matrix/y", "failed", []), result("matrix/z", "errored", []), result("Matrix/w", "skipped", [])];
    expect(count(results)).toEqual({ total: 4, passed: 1, failed: 1, errored: 1, skipped: 1 });
    expect([...countBy(results, (each) => each.family).keys()]).toEqual(["Matrix", "matrix", "read-batch"]);
  });
});

describe("--level", () => {
  it("keeps only failures of requirements at the selected levels, passing a case left with none", () => {
    const failed = result("read-batch/a", "failed", ["BATCH-2"], [failure("BATCH-5"), failure("BATCH-2")]);
    expect(atLevels(failed, new Set(["must"]))).toMatchObject({ status: "failed", failures: [failure("BATCH-2")] });
    expect(atLevels(failed, new Set(["should"]))).toMatchObject({ status: "failed", failures: [failure("BATCH-5")] });
    expect(atLevels(result("read-batch/b", "failed", [], [failure("BATCH-5")]), new Set(["must"]))).toMatchObject({ status: "passed", failures: [] });
    expect(atLevels(result("read-batch/c", "errored", []), new Set(["must"])).status).toBe("errored");
  });
});

describe("the gate", () => {
  const adapter = { name: "rt", version: "1", capabilities: ["batch"] as const };
  const known = (ids: string[], requirements: string[] = []): KnownFailures => ({ file: "known.yaml", entries: new Map(ids.map((id) => [id, { requirements, at: `known.yaml:1:1` }])) });

  it("judges a listed case: failed or errored is an expected failure, passed an unexpected pass, skipped nothing", () => {
    const list = known(["matrix/f", "matrix/e", "matrix/p", "matrix/s"]);
    expect(["failed", "errored", "passed", "skipped"].map((status) => expectationOf(result(`matrix/${status[0]}`, status as CaseResult["status"], []), list))).toEqual([
      { expectation: "expected-failure" },
      { expectation: "expected-failure" },
      { expectation: "unexpected-pass" },
      undefined,
    ]);
    expect(expectationOf(result("matrix/unlisted", "failed", []), list)).toBeUndefined();
    expect(gateStatus(judge(result("matrix/f", "failed", []), list))).toBe("expected-failure");
  });

  it("binds a listed case to its entry's requirements: a failure naming another is a new break, in catalogue order", () => {
    const list = known(["matrix/a"], ["INV-5"]);
    const failing = (...requirements: string[]) => result("matrix/a", "failed", [], requirements.map((id) => failure(id)));
    expect(expectationOf(failing("INV-5", "INV-5"), list)).toEqual({ expectation: "expected-failure" });
    expect(expectationOf(failing("MATRIX-6", "INV-5", "INV-1"), list)).toEqual({ expectation: "unexpected-failure", newlyBroken: ["INV-1", "MATRIX-6"] });
    // An error breaks no requirement: the entry covers it, whatever it lists.
    expect(expectationOf(result("matrix/a", "errored", []), list)).toEqual({ expectation: "expected-failure" });
    const report = buildReport(adapter, [failing("INV-5", "INV-1")], [], list);
    expect(report.results[0]).toMatchObject({ expectation: "unexpected-failure", newlyBroken: ["INV-1"] });
    expect(report.summary).toMatchObject({ expectedFailures: 0, unexpectedFailures: 1, unexpectedPasses: 0 });
    expect(report.expectations!.newBreaks).toEqual([{ id: "matrix/a", message: "matrix/a is listed for INV-5 but now also breaks INV-1" }]);
    expect(notices(report)).toEqual(["new break: matrix/a is listed for INV-5 but now also breaks INV-1"]);
    expect(exitCode(report)).toBe(1);
  });

  it("takes an entry listing no requirement (an errored case's) for an error only: a failure of the case is a new break", () => {
    const list = known(["matrix/a"]);
    expect(exitCode(buildReport(adapter, [result("matrix/a", "errored", [])], [], list))).toBe(0);
    const report = buildReport(adapter, [result("matrix/a", "failed", [], [failure("INV-2")])], [], list);
    expect(report.expectations!.newBreaks[0]!.message).toBe("matrix/a is listed for no requirement (it errored when recorded) but now breaks INV-2");
    expect(exitCode(report)).toBe(1);
  });

  it("exits 1 on an unlisted failure or error or a listed pass, 0 otherwise, 2 on case-file errors, 0 when recording", () => {
    const exit = (results: CaseResult[], list?: KnownFailures, errors = 0, recording = false) =>
      exitCode(buildReport(adapter, results, Array.from({ length: errors }, () => ({ file: "f", message: "f:1:1: bad" })), list), { recordingExpectations: recording });
    expect(exit([result("matrix/a", "passed", []), result("matrix/b", "skipped", [])])).toBe(0);
    expect(exit([result("matrix/a", "failed", [])])).toBe(1);
    expect(exit([result("matrix/a", "errored", [])])).toBe(1);
    expect(exit([result("matrix/a", "failed", [])], known(["matrix/a"]))).toBe(0);
    expect(exit([result("matrix/a", "failed", [], [failure("INV-1")])], known(["matrix/a"], ["INV-1"]))).toBe(0);
    expect(exit([result("matrix/a", "failed", [], [failure("INV-1")])], known(["matrix/a"], ["INV-2"]))).toBe(1);
    expect(exit([result("matrix/a", "errored", [])], known(["matrix/a"]))).toBe(0);
    expect(exit([result("matrix/a", "passed", [])], known(["matrix/a"]))).toBe(1);
    expect(exit([result("matrix/a", "failed", [])], undefined, 0, true)).toBe(0);
    expect(exit([result("matrix/a", "passed", [])], undefined, 1, true)).toBe(2);
  });

  it("reports stale entries and case-file errors as notices, and counts the expected failures and unexpected passes", () => {
    const report = buildReport(adapter, [result("matrix/a", "failed", []), result("matrix/b", "passed", [])], [{ file: "f", message: "f:2:3: bad" }], known(["matrix/a", "matrix/b", "matrix/gone"]));
    expect(report.summary).toMatchObject({ expectedFailures: 1, unexpectedPasses: 1, total: 2 });
    expect(notices(report)).toEqual(["f:2:3: bad", 'warning: known.yaml:1:1: "matrix/gone" is listed as a known failure but is not among the selected cases']);
    expect(report.implementation).toEqual({ name: "rt", version: "1", capabilities: ["batch"] });
  });
});

describe("the known-failures file", () => {
  const scratch = mkdtempSync(join(tmpdir(), "effective-args-known-"));
  const file = (name: string, text: string) => {
    const path = join(scratch, name);
    writeFileSync(path, text);
    return path;
  };

  it("is written sorted by id, with the requirements failed in catalogue order, keeping earlier reasons and saying why a case errored", () => {
    const previous = loadKnownFailures(file("previous.yaml", "failures:\n  matrix/b:\n    requirements: [INV-1]\n    reason: \"tracked in #12\"\n")) as KnownFailures;
    const yaml = knownFailuresYaml("rt 1", [
      result("matrix/c", "errored", [], [], { reason: "the adapter threw" }),
      result("matrix/b", "failed", [], [failure("MATRIX-2"), failure("INV-4"), failure("MATRIX-2")]),
      result("matrix/a", "passed", []),
      result("matrix/d", "skipped", []),
    ], previous);
    expect(yaml).toContain("rt 1");
    const written = loadKnownFailures(file("written.yaml", yaml)) as KnownFailures;
    expect([...written.entries].map(([id, entry]) => [id, entry.requirements, entry.reason])).toEqual([
      ["matrix/b", ["INV-4", "MATRIX-2"], "tracked in #12"],
      ["matrix/c", [], "errored: the adapter threw"],
    ]);
  });

  it("keeps an entry's upstream links when written again, carries them and its reason into the report, and prints the links under the case", () => {
    const previous = loadKnownFailures(file("linked.yaml", "failures:\n  matrix/b:\n    requirements: [INV-1]\n    reason: plain decoding\n    links: [vercel/ai#21091, openai/openai-agents-js#1948]\n")) as KnownFailures;
    const failed = result("matrix/b", "failed", [], [failure("INV-1")]);
    const written = loadKnownFailures(file("rewritten.yaml", knownFailuresYaml("rt 1", [failed], previous))) as KnownFailures;
    expect(written.entries.get("matrix/b")).toMatchObject({ reason: "plain decoding", links: ["vercel/ai#21091", "openai/openai-agents-js#1948"] });
    const reported = judge(failed, written);
    expect(reported).toMatchObject({ expectation: "expected-failure", known: { reason: "plain decoding", links: ["vercel/ai#21091", "openai/openai-agents-js#1948"] } });
    expect(renderProgress(reported).split("\n")[1]).toBe("      upstream: vercel/ai#21091, openai/openai-agents-js#1948");
    expect(loadKnownFailures(file("badlink.yaml", "failures:\n  matrix/b:\n    requirements: []\n    links: [issue-12]\n"))).toEqual({ errors: [expect.stringMatching(/badlink\.yaml:4:13: .*owner\/repository#number/)] });
  });

  it("is read with every problem at its line", () => {
    expect(loadKnownFailures(file("unknown.yaml", "failures:\n  matrix/a:\n    requirements: [INV-99]\n"))).toEqual({ errors: [expect.stringMatching(/unknown\.yaml:3:20: unknown requirement "INV-99"/)] });
    expect(loadKnownFailures(file("word.yaml", "failures:\n  matrix/a:\n    requirements: []\n    why: x\n"))).toEqual({ errors: [expect.stringMatching(/word\.yaml:4:5: failures\.matrix\/a\.why: unknown word "why" here/)] });
    expect(loadKnownFailures(join(scratch, "missing.yaml"))).toEqual({ errors: [expect.stringMatching(/missing\.yaml: cannot read the expectations file \(ENOENT\)/)] });
    expect(readFileSync(file("ok.yaml", "failures: {}\n"), "utf8")).toBe("failures: {}\n");
    expect(loadKnownFailures(join(scratch, "ok.yaml"))).toMatchObject({ entries: new Map() });
  });
});
