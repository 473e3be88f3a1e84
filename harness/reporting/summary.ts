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
 * requirements; skipped: its cases were skipped for capabilities the adapter does not declare
 * (not judged); untested: no selected case lists it; not_applicable: it concerns what the
 * implementation does not have (requirements.ts, `needs`), or every case listing it is not
 * applicable to it (a transport that cannot carry what the case sends).
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
  /** When skipped: the capabilities the adapter does not declare that its cases need. */
  lacking?: string[];
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
    // A case not applicable to the implementation says nothing about its requirements.
    const judged = listing.filter((result) => !result.notApplicable);
    const brokenIn = results.filter((result) => result.failures.some((failure) => failure.requirement === requirement.id)).map((result) => result.id);
    const has = (status: CaseStatus) => judged.some((result) => result.status === status);
    // Evidence for a requirement: a case that ran without failing on it or on anything at
    // least as strict; a MUST requirement holds in a case that fails only SHOULD requirements.
    const supports = (result: CaseResult) =>
      result.status === "passed" || (result.status === "failed" && requirement.level === "must" && result.failures.every((failure) => levelOf(failure.requirement) === "should"));
    const status: RequirementStatus =
      listing.length > 0 && (notApplicable.has(requirement.id) || judged.length === 0)
        ? "not_applicable"
        : brokenIn.length > 0
        ? "broken"
        : has("errored")
          ? "errored"
          : judged.some(supports)
            ? "holds"
            : has("failed")
              ? "inconclusive"
              : judged.length > 0
                ? "skipped"
                : "untested";
    const lacking = status === "skipped" ? [...new Set(judged.flatMap((result) => result.lacking ?? []))].sort(byCodeUnits) : [];
    return { id: requirement.id, level: requirement.level, title: requirement.title, status, cases: listing.map((result) => result.id), brokenIn, ...(lacking.length > 0 && { lacking }) };
  });
}

/** Whether a requirement counts in the badge's denominator: exercised (some selected case lists it) and applicable. */
export const counted = (verdict: Pick<RequirementVerdict, "status">) => verdict.status !== "untested" && verdict.status !== "not_applicable";

/** What the badge says of a status other than holds and broken that keeps a level below 100%. */
const SHORT_OF: Partial<Record<RequirementStatus, string>> = { skipped: "not judged", errored: "errored", inconclusive: "inconclusive" };

/**
 * "MUST 13/13 (100%), SHOULD 3/4 (75%)": requirements that hold, by level, over those exercised
 * and applicable (the one denominator every report and the matrix use); "; not applicable: 8"
 * follows when some are not applicable, and then why a level is short of 100% other than by
 * broken requirements: "; 3 MUST not judged: declare "hooks"", "; 1 SHOULD errored".
 */
export function badge(verdicts: readonly RequirementVerdict[]): string {
  const part = (level: Level) => {
    const relevant = verdicts.filter((verdict) => verdict.level === level && counted(verdict));
    const holding = relevant.filter((verdict) => verdict.status === "holds").length;
    const percent = relevant.length ? Math.floor((100 * holding) / relevant.length) : 100;
    return `${level.toUpperCase()} ${holding}/${relevant.length} (${percent}%)`;
  };
  const notApplicable = verdicts.filter((verdict) => verdict.status === "not_applicable").length;
  const why = (Object.keys(SHORT_OF) as RequirementStatus[]).flatMap((status) => {
    const short = verdicts.filter((verdict) => verdict.status === status);
    if (short.length === 0) return [];
    const byLevel = (["must", "should"] as const).map((level) => [level, short.filter((verdict) => verdict.level === level).length] as const).filter(([, n]) => n > 0);
    const declare = [...new Set(short.flatMap((verdict) => verdict.lacking ?? []))].sort(byCodeUnits);
    return [`${byLevel.map(([level, n]) => `${n} ${level.toUpperCase()}`).join(", ")} ${SHORT_OF[status]}${declare.length > 0 ? `: declare ${declare.map((name) => `"${name}"`).join(", ")}` : ""}`];
  });
  return [`${part("must")}, ${part("should")}`, ...(notApplicable > 0 ? [`not applicable: ${notApplicable}`] : []), ...why].join("; ");
}
