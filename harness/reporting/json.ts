// The JSON reporter: one document on stdout, stable apart from durationMs.
import { relative } from "node:path";
import type { RunReport } from "./report.ts";

export function renderJson(report: RunReport): string {
  const portable = {
    ...report,
    results: report.results.map((result) => ({ ...result, file: relative(process.cwd(), result.file) })),
    caseFileErrors: report.caseFileErrors.map((error) => ({ ...error, file: relative(process.cwd(), error.file) })),
  };
  return JSON.stringify(portable, null, 2) + "\n";
}
