// Case results made by hand, for the tests of what is built from them (verdicts, reports).
import type { CaseResult, Failure } from "../../harness/running/results.ts";

export function result(id: string, status: CaseResult["status"], requirements: string[], failures: Failure[] = [], extra: Partial<CaseResult> = {}): CaseResult {
  const family = id.split("/")[0] as CaseResult["family"];
  return { id, file: `/abs/cases/${id}.yaml`, title: `title of ${id}`, level: "must", family, requirements, status, failures, durationMs: 7, ...extra };
}
