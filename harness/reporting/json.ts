// The JSON reporter: one document on stdout, stable apart from durationMs. Steps are counted
// from 1, as in every other report (spec/reports.md, "Steps").
import { relative } from "node:path";
import { numbered } from "./pretty.ts";
import type { RunReport } from "./report.ts";

export function renderJson(report: RunReport): string {
  const portable = {
    ...report,
    results: report.results.map((result) => ({ ...result, file: relative(process.cwd(), result.file), failures: result.failures.map(numbered) })),
    caseFileErrors: report.caseFileErrors.map((error) => ({ ...error, file: relative(process.cwd(), error.file) })),
  };
  return JSON.stringify(portable, null, 2) + "\n";
}
