// A report carries a bounded amount of whatever an adapter hands over (reporting/report.ts): the
// checks bound each value they show, and the report bounds what is left, an adapter's names,
// messages and reasons, in every reporter, without losing a case or a failure.
import { describe, expect, it } from "vitest";
import { renderJson } from "../../harness/reporting/json.ts";
import { renderProgress, renderSummary } from "../../harness/reporting/pretty.ts";
import { buildReport, judge } from "../../harness/reporting/report.ts";
import { renderJunit } from "../../harness/reporting/junit.ts";
import { renderTap } from "../../harness/reporting/tap.ts";
import { result } from "../support/results.ts";

const huge = "z".repeat(16_000_000);
const adapter = { name: `rt ${huge}`, version: huge, capabilities: [] as const };
const results = [
  result("invariant/a", "errored", ["INV-1"], [], { reason: `the adapter reported an error for turn 1: ${huge}` }),
  result("invariant/b", "failed", ["INV-5"], [{ requirement: "INV-5", message: `tool ${huge} ran`, diff: `- evaluated\n+ executed\n+ ${huge}` }]),
];

describe("a report of results with texts of megabytes", () => {
  const report = buildReport(adapter, results, []);

  it("keeps every case and failure, each text's middle left out and counted", () => {
    const json = renderJson(report);
    expect(json.length).toBeLessThan(200_000);
    const parsed = JSON.parse(json) as typeof report;
    expect(parsed.results.map((one) => [one.id, one.status, one.failures.length])).toEqual([
      ["invariant/a", "errored", 0],
      ["invariant/b", "failed", 1],
    ]);
    expect(parsed.results[0]!.reason).toMatch(/^the adapter reported an error for turn 1: z+… 15,9\d\d,\d{3} characters left out …z+$/);
    expect(parsed.results[1]!.failures[0]!.message).toMatch(/^tool z+… 15,9\d\d,\d{3} characters left out …z+ ran$/);
    expect(parsed.results[1]!.failures[0]!.diff).toMatch(/^- evaluated\n\+ executed\n\+ z+… 15,880,025 characters left out …z+$/);
    expect(parsed.implementation.name).toMatch(/^rt z+… 15,9\d\d,\d{3} characters left out …z+$/);
  });

  it("is bounded in every reporter, and as each case is printed", () => {
    for (const text of [renderSummary(report), renderJunit(report), renderTap(report), ...results.map((one) => renderProgress(judge(one, undefined)))]) expect(text.length).toBeLessThan(300_000);
  });

  it("leaves an ordinary result as it is", () => {
    const ordinary = result("invariant/c", "failed", ["INV-5"], [{ requirement: "INV-5", message: "short", diff: "- a\n+ b" }]);
    expect(judge(ordinary, undefined)).toBe(ordinary);
  });
});
