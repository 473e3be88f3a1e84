// What a run produces: one result per case, each failure naming the requirement it shows broken.
import type { CallExpectation, Level } from "../loading/case-schema.ts";
import type { Family } from "../loading/requirements.ts";

export interface Failure {
  /** The requirement this failure shows broken. */
  requirement: string;
  /** For a universal check: its number in the table of spec/adapter-contract.md. */
  check?: number;
  message: string;
  /** A readable diff, "- expected" / "+ actual", where values differ. */
  diff?: string;
  step?: number;
  callId?: string;
  /** For a failed expectation of the case: the word under the call's "expect" entry that failed. */
  field?: keyof CallExpectation;
}

export const CASE_STATUSES = ["passed", "failed", "errored", "skipped"] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

/** What the verdict on a case says beside the case's own names. */
export type Verdict = Pick<CaseResult, "status" | "failures"> & Partial<Pick<CaseResult, "reason" | "notApplicable" | "lacking">>;

/** A case's result: what names the case, the verdict, and the time since `started`. */
export function caseResult(testCase: Pick<CaseResult, "id" | "file" | "title" | "level" | "family" | "requirements">, started: number, verdict: Verdict): CaseResult {
  const { id, file, title, level, family, requirements } = testCase;
  return { id, file, title, level, family, requirements, ...verdict, durationMs: Math.round(performance.now() - started) };
}

export interface CaseResult {
  id: string;
  file: string;
  title: string;
  level: Level;
  family: Family;
  requirements: string[];
  status: CaseStatus;
  failures: Failure[];
  /** Why the case errored or was skipped. */
  reason?: string;
  /**
   * A skipped case that could not be judged because of what the implementation is: every
   * requirement it lists is not applicable to it, or its transport cannot carry what the case
   * sends. Its requirements are not counted against the implementation.
   */
  notApplicable?: true;
  /** A skipped case that needs capabilities the adapter does not declare (and whose requirements are not all not applicable): those capabilities. */
  lacking?: string[];
  durationMs: number;
  /** A case the fuzzer generated (run --explore): its case file, as written, to keep under cases/. */
  generated?: string;
}
