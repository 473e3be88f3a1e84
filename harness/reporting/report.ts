// The run report: everything a reporter prints, built once from the results.
import type { Adapter } from "../adapter.ts";
import { expectationOf, newBreakMessage, type Expectation, type KnownFailures } from "./known-failures.ts";
import type { CaseFileError } from "../loading/loader.ts";
import { SUITE } from "../loading/package-root.ts";
import type { CaseResult, CaseStatus } from "../running/results.ts";
import { declaredExtras, type RunBy } from "../running/implementation.ts";
import { badge, count, countBy, requirementVerdicts, type Counts, type RequirementVerdict } from "./summary.ts";
import { printableLine } from "./printable.ts";
import { elide, shown } from "../values/elide.ts";

/** What the report says of the implementation: what it declared, and how it was run. */
export interface ReportedImplementation {
  name: string;
  version: string;
  capabilities: string[];
  /** Raw strings its transport cannot carry (Adapter.transportLimits); absent when none. */
  transportLimits?: string[];
  /** The packages beside `name` that do the work, with their versions (Adapter.components); absent when none. */
  components?: Record<string, string>;
  runBy?: RunBy;
}

/** The packages beside a runtime that do the work, each as "name version" ("@langchain/core 1.3.5"). */
export const componentList = (components: Readonly<Record<string, string>> | undefined) => Object.entries(components ?? {}).map(([name, version]) => `${name} ${version}`);

/** "langchain 1.5.14 (with @langchain/core 1.3.5, @langchain/langgraph 1.7.3)": the runtime and what works beside it. */
export function implementationLabel(implementation: Pick<ReportedImplementation, "name" | "version" | "components">): string {
  const components = componentList(implementation.components);
  return `${implementation.name} ${implementation.version}${components.length > 0 ? ` (with ${components.join(", ")})` : ""}`;
}

/** A case result, with what the expectations file (--expect) made of it when it lists the case. */
export interface ReportedResult extends CaseResult {
  expectation?: Expectation;
  /** With expectation unexpected-failure: the requirements its failures name that its entry does not list. */
  newlyBroken?: string[];
  /** With an expectation: what the case's entry says of it (its reason, the upstream issues that concern it). */
  known?: { reason?: string; links?: string[] };
}

export interface RunReport {
  /** The suite that made the report (package name and version). */
  suite: { name: string; version: string };
  /** When the run started (ISO 8601, UTC); the run command sets it. */
  startedAt?: string;
  implementation: ReportedImplementation;
  summary: Counts & {
    /** Listed cases that failed on listed requirements only, or errored. */
    expectedFailures: number;
    /** Listed cases that failed on a requirement their entry does not list. */
    unexpectedFailures: number;
    /** Listed cases that passed. */
    unexpectedPasses: number;
    badge: string;
    byLevel: Record<string, Counts>;
    byFamily: Record<string, Counts>;
  };
  requirements: RequirementVerdict[];
  results: ReportedResult[];
  /** Case files that could not be loaded; their cases did not run. */
  caseFileErrors: CaseFileError[];
  /** With --expect: the file, its entries that name no selected case, and the listed cases that broke a requirement their entries do not list. */
  expectations?: { file: string; stale: StaleExpectation[]; newBreaks: NewBreak[] };
  /** With --explore: the generated cases the verdict also rests on. */
  exploration?: Exploration;
}

/** How much exploration a verdict rests on: generated cases asked for, tried (up to the first divergence), and the seed that makes them again. */
export interface Exploration {
  asked: number;
  tried: number;
  seed: number;
}

/** "75 cases + 2,000 generated (seed 7)", or "75 cases + 46 of 2,000 generated (seed 7)" when a divergence ended the search. */
export function restsOn(cases: number, exploration: Exploration): string {
  const generated = exploration.tried === exploration.asked ? thousands(exploration.asked) : `${thousands(exploration.tried)} of ${thousands(exploration.asked)}`;
  return `${thousands(cases)} ${cases === 1 ? "case" : "cases"} + ${generated} generated (seed ${exploration.seed})`;
}

const thousands = (count: number) => count.toLocaleString("en-US");

export interface StaleExpectation {
  id: string;
  /** "file:line:column: ..." */
  message: string;
}

export interface NewBreak {
  id: string;
  /** "<id> is listed for INV-5 but now also breaks INV-1" */
  message: string;
}

/** A case result as reported: its texts bounded, and what the expectations file makes of it. */
export function judge(result: CaseResult, known: KnownFailures | undefined): ReportedResult {
  const expected = expectationOf(result, known);
  const reported = bounded(result);
  return expected ? { ...reported, ...expected } : reported;
}

/**
 * The most a report carries of a case's reason or a failure's message, and of a diff. The
 * checks bound each value they show already; these bound the rest (an adapter's names and
 * messages), so that no adapter can make a report grow without end, whatever every reporter does.
 */
const MESSAGE_CHARACTERS = 10_000;
/** Above the most a diff of values/diff.ts shows: 200 lines of 500 characters, and what was left out. */
const DIFF_CHARACTERS = 120_000;

function bounded(result: CaseResult): CaseResult {
  const long = (text: string | undefined, max: number) => text !== undefined && text.length > max;
  if (!long(result.reason, MESSAGE_CHARACTERS) && !result.failures.some((failure) => long(failure.message, MESSAGE_CHARACTERS) || long(failure.diff, DIFF_CHARACTERS))) return result;
  return {
    ...result,
    ...(result.reason !== undefined && { reason: elide(result.reason, MESSAGE_CHARACTERS) }),
    failures: result.failures.map((failure) => ({ ...failure, message: elide(failure.message, MESSAGE_CHARACTERS), ...(failure.diff !== undefined && { diff: elide(failure.diff, DIFF_CHARACTERS) }) })),
  };
}

export function buildReport(
  adapter: Pick<Adapter, "name" | "version" | "capabilities" | "transportLimits" | "components"> & { runBy?: RunBy },
  results: CaseResult[],
  caseFileErrors: CaseFileError[],
  known?: KnownFailures,
  startedAt?: string,
  exploration?: Exploration,
): RunReport {
  const requirements = requirementVerdicts(results, adapter.capabilities);
  const { transportLimits, components } = declaredExtras(adapter);
  const judged = results.map((result) => judge(result, known));
  const selected = new Set(results.map((result) => result.id));
  const stale = [...(known?.entries ?? [])]
    .filter(([id]) => !selected.has(id))
    .map(([id, entry]) => ({ id, message: `${entry.at}: "${id}" is listed as a known failure but is not among the selected cases` }));
  const newBreaks = judged.flatMap((result) => (known && result.newlyBroken ? [{ id: result.id, message: newBreakMessage(result.id, known, result.newlyBroken) }] : []));
  return {
    suite: { ...SUITE },
    ...(startedAt !== undefined && { startedAt }),
    // An adapter names itself: in a report, its name is bounded like any text it hands over.
    implementation: {
      name: shown(adapter.name),
      version: shown(adapter.version),
      capabilities: [...adapter.capabilities],
      ...(transportLimits && { transportLimits: [...transportLimits] }),
      ...(components && { components: Object.fromEntries(Object.entries(components).map(([name, version]) => [shown(name), shown(version)])) }),
      ...(adapter.runBy && { runBy: adapter.runBy }),
    },
    summary: {
      ...count(results),
      expectedFailures: judged.filter((result) => result.expectation === "expected-failure").length,
      unexpectedFailures: judged.filter((result) => result.expectation === "unexpected-failure").length,
      unexpectedPasses: judged.filter((result) => result.expectation === "unexpected-pass").length,
      // With exploration, the badge says how much it rests on: the cases written by hand, and the generated ones.
      badge: badge(requirements) + (exploration ? `; ${restsOn(results.filter((result) => result.generated === undefined).length, exploration)}` : ""),
      byLevel: Object.fromEntries(countBy(results, (result) => result.level)),
      byFamily: Object.fromEntries(countBy(results, (result) => result.family)),
    },
    requirements,
    results: judged,
    caseFileErrors,
    ...(known ? { expectations: { file: known.file, stale, newBreaks } } : {}),
    ...(exploration && { exploration }),
  };
}

/** What a result counts as for the gate: its status, unless the expectations file lists the case. */
export type GateStatus = CaseStatus | Expectation;

export const gateStatus = (result: ReportedResult): GateStatus => result.expectation ?? result.status;

/** Failed or errored without being listed, listed and failed on a requirement its entry does not list, or listed and passed. */
const failsTheRun = (result: ReportedResult) => ["failed", "errored", "unexpected-failure", "unexpected-pass"].includes(gateStatus(result));

/**
 * 2 when case files could not be loaded; otherwise 1 when a case failed or errored unlisted,
 * a listed case broke a requirement its entry does not list, or a listed case passed; 0 when
 * recording expectations (--write-expectations), whatever failed.
 */
export function exitCode(report: RunReport, options: { recordingExpectations?: boolean } = {}): 0 | 1 | 2 {
  if (report.caseFileErrors.length > 0) return 2;
  if (options.recordingExpectations) return 0;
  return report.results.some(failsTheRun) ? 1 : 0;
}

/** The lines that machine-readable reporters write to standard error beside their document. */
export function notices(report: RunReport): string[] {
  return [
    ...report.caseFileErrors.map((error) => error.message),
    ...(report.expectations?.stale ?? []).map((stale) => `warning: ${stale.message}`),
    ...(report.expectations?.newBreaks ?? []).map((broken) => `new break: ${broken.message}`),
  ].map(printableLine);
}
