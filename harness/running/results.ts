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
  durationMs: number;
  /** A case the fuzzer generated (run --explore): its case file, as written, to keep under cases/. */
  generated?: string;
}
