// The run report: everything a reporter prints, built once from the results.
import type { Adapter } from "../adapter.ts";
import type { CaseFileError } from "../loader.ts";
import type { CaseResult } from "../results.ts";
import { badge, count, countBy, requirementVerdicts, type Counts, type RequirementVerdict } from "../summary.ts";

export interface RunReport {
  implementation: { name: string; version: string; capabilities: string[] };
  summary: Counts & { badge: string; byLevel: Record<string, Counts>; byFamily: Record<string, Counts> };
  requirements: RequirementVerdict[];
  results: CaseResult[];
  /** Case files that could not be loaded; their cases did not run. */
  caseFileErrors: CaseFileError[];
}

export function buildReport(adapter: Adapter, results: CaseResult[], caseFileErrors: CaseFileError[]): RunReport {
  const requirements = requirementVerdicts(results);
  return {
    implementation: { name: adapter.name, version: adapter.version, capabilities: [...adapter.capabilities] },
    summary: {
      ...count(results),
      badge: badge(requirements),
      byLevel: Object.fromEntries(countBy(results, (result) => result.level)),
      byFamily: Object.fromEntries(countBy(results, (result) => result.family)),
    },
    requirements,
    results,
    caseFileErrors,
  };
}

export function exitCode(report: RunReport): 0 | 1 | 2 {
  if (report.caseFileErrors.length > 0) return 2;
  return report.summary.failed > 0 || report.summary.errored > 0 ? 1 : 0;
}
