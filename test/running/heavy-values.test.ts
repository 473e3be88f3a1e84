// Adapters that hand over values as heavy as they can: out of process, through the real CLI
// (test/fixtures/heavy-value-adapter.mjs), and in process. A value nested far deeper than the
// harness follows errors its own case, and values of megabytes leave every report whole, valid
// and bounded.
import { describe, expect, it } from "vitest";
import type { Adapter } from "../../harness/adapter.ts";
import { DEFAULT_CASES_DIR, loadCases } from "../../harness/loading/loader.ts";
import { runCases } from "../../harness/running/runner.ts";
import { MAX_VALUE_DEPTH } from "../../harness/values/depth.ts";
import referenceAdapter from "../../reference/adapter.ts";
import { cli } from "../support/cli.ts";
import { scratchFolder } from "../support/main.ts";

const heavy = (way: "deep" | "deep-notation" | "long" | "error", size: number, match = "*") => `node test/fixtures/heavy-value-adapter.mjs ${way} ${size} '${match}'`;

interface Report {
  summary: { total: number };
  results: { id: string; status: string; reason?: string; failures: { message: string; diff?: string }[] }[];
}

// Counted, so that a case added to the suite changes no test.
const ALL_CASES = loadCases([DEFAULT_CASES_DIR]).cases;
const INVARIANT_CASES = ALL_CASES.filter((testCase) => testCase.id.startsWith("invariant/")).length;
const HEAVY_CASE = "invariant/executed-is-evaluated-object";

describe("a reply with a value nested deeper than the harness follows", () => {
  // 5,000 deep is a 10 KB line; 100,000 deep, 200 KB, well within the line limit.
  const ways = [
    ["deep", 5_000],
    ["deep", 100_000],
    ["deep-notation", 5_000],
  ] as const;
  for (const [way, depth] of ways) {
    it(`(${depth.toLocaleString("en-US")} deep${way === "deep" ? "" : ", in the extended notation"}) errors that case only, naming the bound, and the report is written`, () => {
      const { code, stdout, stderr } = cli("run", "--reporter", "json", "--filter", "invariant/*", "--adapter-cmd", heavy(way, depth, HEAVY_CASE));
      expect(stderr).toBe("");
      expect(code).toBe(1);
      const report = JSON.parse(stdout) as Report;
      expect(report.results).toHaveLength(INVARIANT_CASES);
      expect(report.results.filter((result) => result.status !== "passed").map(({ id, status, reason }) => ({ id, status, reason }))).toEqual([
        { id: HEAVY_CASE, status: "errored", reason: `the adapter's answer to turn 1 nests lists and objects more than ${MAX_VALUE_DEPTH} deep, deeper than the harness reads a value` },
      ]);
    });
  }
});

describe("a case whose arguments nest deeper than the harness follows, granted over its request", () => {
  // The runtime refuses the call (nested past 64), and the grant asks for its fingerprint of the request all the same.
  const { folder, file } = scratchFolder("heavy-values-");
  const deep = `${"[".repeat(10_000)}${"]".repeat(10_000)}`;
  file(
    "approval-resume/deep-request-granted.yaml",
    `id: approval-resume/deep-request-granted
title: A grant over a request nested 10,000 deep
level: must
requirements: [APPROVAL-4]
tools:
  store:
    schema: { type: object, properties: { payload: { type: any } } }
policy: { otherwise: allow }
steps:
  - turn:
      - { id: c1, tool: store, arguments: '{"payload": ${deep}}' }
    expect:
      c1: { outcome: invalid, stage: json }
  - grant: { call: c1, view: requested }
`,
  );
  const runners = [
    ["the reference", [], "the value to fingerprint for store nests lists and objects more than 1000 deep, deeper than the harness hands a value over"],
    ["an adapter command", ["--adapter-cmd", "node examples/stdio-adapter.mjs"], "the request for the fingerprint of store nests lists and objects more than 1000 deep, deeper than the harness hands a value over"],
  ] as const;
  for (const [who, options, reason] of runners) {
    it(`errors the case, naming the bound, with ${who}`, () => {
      const { code, stdout, stderr } = cli("run", "--reporter", "json", "--cases", folder, ...options);
      expect(stderr).toBe("");
      expect(code).toBe(1);
      expect((JSON.parse(stdout) as Report).results.map(({ status, reason }) => ({ status, reason }))).toEqual([{ status: "errored", reason }]);
    });
  }
});

describe("an in-process adapter that hands a probe a value nested deeper than the harness follows", () => {
  it("errors that case only, naming the bound, where its snapshot would have been cut short", async () => {
    const cases = loadCases([DEFAULT_CASES_DIR]).cases.filter((testCase) => testCase.id.startsWith("invariant/")).slice(0, 3);
    let sessions = 0;
    // The reference, except that in its first session every tool is handed a list nested 5,000 deep.
    const deep: Adapter = {
      ...referenceAdapter,
      createSession(wiring) {
        if (sessions++ > 0) return referenceAdapter.createSession(wiring);
        const value = Array.from({ length: 5_000 }).reduce<unknown>((inner) => [inner], 0);
        const tools = Object.fromEntries(Object.entries(wiring.tools).map(([name, tool]) => [name, { ...tool, execute: (_args: unknown, context: Parameters<typeof tool.execute>[1]) => tool.execute(value, context) }]));
        return referenceAdapter.createSession({ ...wiring, tools });
      },
    };
    const results = await runCases(deep, cases);
    expect(results.map(({ status, reason }) => ({ status, reason }))).toEqual([
      { status: "errored", reason: `a value the adapter handed over in turn 1 nests lists and objects more than ${MAX_VALUE_DEPTH} deep, deeper than the harness reads a value` },
      { status: "passed", reason: undefined },
      { status: "passed", reason: undefined },
    ]);
  });
});

describe("replies with a value of megabytes in every case", () => {
  /** Runs the cases with the adapter that puts `size` characters into a value in every turn (or its error message); what the CLI wrote. */
  const heavyRun = (reporter: string, size: number, options: string[] = [], way: "long" | "error" = "long") => {
    const { code, stdout, stderr } = cli("run", "--reporter", reporter, ...options, "--adapter-cmd", heavy(way, size));
    expect(stderr).toBe("");
    expect(code).toBe(1);
    return stdout;
  };

  /** What the JSON report says of its cases; every failure's text bounded. */
  const wholeReport = (stdout: string, cases: number) => {
    const report = JSON.parse(stdout) as Report;
    expect(report.summary.total).toBe(cases);
    expect(report.results).toHaveLength(cases);
    for (const result of report.results) for (const failure of result.failures) expect(failure.message.length + (failure.diff?.length ?? 0)).toBeLessThan(20_000);
    return report;
  };

  // Over the suite's cases (an ordinary report is some 50 KB), each value 1 MB: the reports
  // repeated it in every diff, some 300 MB in all.
  for (const reporter of ["json", "pretty", "junit", "tap"]) {
    it(`leave the ${reporter} report whole and bounded, each value's middle left out and counted`, () => {
      const stdout = heavyRun(reporter, 1_000_000);
      expect(stdout.length).toBeLessThan(1_000_000);
      expect(stdout).toMatch(/x… 999,\d{3} characters left out …x/);
      if (reporter === "json") {
        const report = wholeReport(stdout, ALL_CASES.length);
        // A case whose turns report a value fails: the value is not what the checks expect.
        expect(report.results.filter((result) => result.status === "failed").length).toBeGreaterThan(60);
      }
    });
  }

  it("leave an adapter's error message of megabytes in a reason, its middle left out and counted", () => {
    const stdout = heavyRun("json", 16_000_000, ["--filter", HEAVY_CASE], "error");
    expect(wholeReport(stdout, 1).results[0]!.reason).toBe(`the adapter reported an error for the start of case ${HEAVY_CASE}: ${"e".repeat(1_000)}… 15,998,000 characters left out …${"e".repeat(1_000)}`);
  });

  it("leave the JSON report whole and bounded with values of 16 MB, as large as the line limit lets a reply carry", () => {
    // The invariant cases: the reporter held the JSON text of every failure at once and gave up at 2.8 GB.
    const stdout = heavyRun("json", 16_000_000, ["--filter", "invariant/*"]);
    expect(stdout.length).toBeLessThan(200_000);
    expect(stdout).toMatch(/x… 15,999,\d{3} characters left out …x/);
    expect(wholeReport(stdout, INVARIANT_CASES).results.every((result) => result.status === "failed")).toBe(true);
  });
});
