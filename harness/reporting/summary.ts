// Rolls case results up: counts, per level, per family, and a verdict per requirement.
import type { Level } from "../loading/case-schema.ts";
import { CAPABILITIES, type Capability } from "../adapter.ts";
import { LIVE_REQUIREMENTS, notApplicableTo, REQUIREMENTS } from "../loading/requirements.ts";
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
 * holds: a case listing it ran and no failure names it or another requirement of its level
 * or above (a MUST requirement does not rest on SHOULD behaviour); broken: a failure names it;
 * errored: a case listing it errored; inconclusive: its cases ran but failed on other
 * requirements; skipped: its cases were skipped; untested: no selected case lists it;
 * not_applicable: it concerns what the implementation does not have (requirements.ts, `needs`).
 */
export const REQUIREMENT_STATUSES = ["holds", "broken", "errored", "inconclusive", "skipped", "untested", "not_applicable"] as const;
export type RequirementStatus = (typeof REQUIREMENT_STATUSES)[number];

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

/** The level of a requirement of the catalogue. */
export const levelOf = (id: string): Level => REQUIREMENTS.get(id)?.level ?? "must";

/** A case result with only the failures of requirements at the given levels (--level): a case whose failures all drop out passes. */
export function atLevels(result: CaseResult, levels: ReadonlySet<Level>): CaseResult {
  if (result.status !== "failed") return result;
  const failures = result.failures.filter((failure) => levels.has(levelOf(failure.requirement)));
  return { ...result, failures, status: failures.length > 0 ? "failed" : "passed" };
}

/** `capabilities`: the implementation's; every one when not given. */
export function requirementVerdicts(results: readonly CaseResult[], capabilities: readonly Capability[] = CAPABILITIES): RequirementVerdict[] {
  const notApplicable = notApplicableTo(capabilities);
  return LIVE_REQUIREMENTS.map((requirement) => {
    const listing = results.filter((result) => result.requirements.includes(requirement.id));
    const brokenIn = results.filter((result) => result.failures.some((failure) => failure.requirement === requirement.id)).map((result) => result.id);
    const has = (status: CaseStatus) => listing.some((result) => result.status === status);
    // Evidence for a requirement: a case that ran without failing on it or on anything at
    // least as strict; a MUST requirement holds in a case that fails only SHOULD requirements.
    const supports = (result: CaseResult) =>
      result.status === "passed" || (result.status === "failed" && requirement.level === "must" && result.failures.every((failure) => levelOf(failure.requirement) === "should"));
    const status: RequirementStatus =
      notApplicable.has(requirement.id) && listing.length > 0
        ? "not_applicable"
        : brokenIn.length > 0
        ? "broken"
        : has("errored")
          ? "errored"
          : listing.some(supports)
            ? "holds"
            : has("failed")
              ? "inconclusive"
              : listing.length > 0
                ? "skipped"
                : "untested";
    return { id: requirement.id, level: requirement.level, title: requirement.title, status, cases: listing.map((result) => result.id), brokenIn };
  });
}

/**
 * "MUST 13/13 (100%), SHOULD 3/4 (75%)": requirements that hold, by level, over those exercised
 * and applicable; "; not applicable: 8" follows when some are not applicable.
 */
export function badge(verdicts: readonly RequirementVerdict[]): string {
  const part = (level: Level) => {
    const relevant = verdicts.filter((verdict) => verdict.level === level && verdict.status !== "untested" && verdict.status !== "not_applicable");
    const holding = relevant.filter((verdict) => verdict.status === "holds").length;
    const percent = relevant.length ? Math.floor((100 * holding) / relevant.length) : 100;
    return `${level.toUpperCase()} ${holding}/${relevant.length} (${percent}%)`;
  };
  const notApplicable = verdicts.filter((verdict) => verdict.status === "not_applicable").length;
  return `${part("must")}, ${part("should")}${notApplicable > 0 ? `; not applicable: ${notApplicable}` : ""}`;
}
