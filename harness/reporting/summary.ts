// Rolls case results up: counts, per level, per family, and a verdict per requirement.
import type { Level } from "../loading/case-schema.ts";
import { REQUIREMENTS } from "../loading/requirements.ts";
import { byCodeUnits } from "../values/order.ts";
import type { CaseResult, CaseStatus } from "../running/results.ts";

export interface Counts {
  total: number;
  passed: number;
  failed: number;
  errored: number;
  skipped: number;
}

/**
 * holds: a case listing it passed and no failure names it; broken: a failure names it;
 * errored: a case listing it errored; inconclusive: its cases ran but failed on other
 * requirements; skipped: its cases were skipped; untested: no selected case lists it.
 */
export type RequirementStatus = "holds" | "broken" | "errored" | "inconclusive" | "skipped" | "untested";

export interface RequirementVerdict {
  id: string;
  level: Level;
  title: string;
  status: RequirementStatus;
  cases: string[];
  /** Cases in which a failure names this requirement. */
  brokenIn: string[];
}

export function count(results: readonly CaseResult[]): Counts {
  const counts: Counts = { total: results.length, passed: 0, failed: 0, errored: 0, skipped: 0 };
  for (const result of results) counts[result.status] += 1;
  return counts;
}

export function countBy<K extends string>(results: readonly CaseResult[], key: (result: CaseResult) => K): Map<K, Counts> {
  const groups = new Map<K, CaseResult[]>();
  for (const result of results) groups.set(key(result), [...(groups.get(key(result)) ?? []), result]);
  return new Map([...groups].sort(([a], [b]) => byCodeUnits(a, b)).map(([name, group]) => [name, count(group)]));
}

export function requirementVerdicts(results: readonly CaseResult[]): RequirementVerdict[] {
  return [...REQUIREMENTS.values()]
    .filter((requirement) => !requirement.retired)
    .map((requirement) => {
      const listing = results.filter((result) => result.requirements.includes(requirement.id));
      const brokenIn = results.filter((result) => result.failures.some((failure) => failure.requirement === requirement.id)).map((result) => result.id);
      const has = (status: CaseStatus) => listing.some((result) => result.status === status);
      const status: RequirementStatus =
        brokenIn.length > 0
          ? "broken"
          : has("errored")
            ? "errored"
            : has("passed")
              ? "holds"
              : has("failed")
                ? "inconclusive"
                : listing.length > 0
                  ? "skipped"
                  : "untested";
      return { id: requirement.id, level: requirement.level, title: requirement.title, status, cases: listing.map((result) => result.id), brokenIn };
    });
}

/** "MUST 13/13 (100%), SHOULD 3/4": requirements that hold, by level. */
export function badge(verdicts: readonly RequirementVerdict[]): string {
  const part = (level: Level) => {
    const relevant = verdicts.filter((verdict) => verdict.level === level && verdict.status !== "untested");
    const holding = relevant.filter((verdict) => verdict.status === "holds").length;
    const percent = relevant.length ? Math.floor((100 * holding) / relevant.length) : 100;
    return `${level.toUpperCase()} ${holding}/${relevant.length} (${percent}%)`;
  };
  return `${part("must")}, ${part("should")}`;
}
