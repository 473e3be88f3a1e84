// What a run produces: one result per case, and the types the checks and reporters share.
import type { CallOutcome } from "../adapter.ts";
import type { Call, CallExpectation, Level } from "../loading/case-schema.ts";
import type { LoadedCase } from "../loading/loader.ts";
import type { ProbeLog } from "./probes.ts";
import type { Family } from "../loading/requirements.ts";

export interface Failure {
  /** The requirement this failure shows broken. */
  requirement: string;
  message: string;
  /** A readable diff, "- expected" / "+ actual", where values differ. */
  diff?: string;
  step?: number;
  callId?: string;
  /** For a failed expectation of the case: the word under the call's "expect" entry that failed. */
  field?: keyof CallExpectation;
}

export type CaseStatus = "passed" | "failed" | "errored" | "skipped";

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
}

export interface TurnObservation {
  step: number;
  turn: number;
  calls: Call[];
  outcomes: ReadonlyMap<string, CallOutcome>;
}

/** Everything a case run produced: the adapter's reports and the probes' records. */
export interface Observation {
  testCase: LoadedCase;
  log: ProbeLog;
  turns: TurnObservation[];
  /** Failures found while running (a grant that could not be given, say). */
  runFailures: Failure[];
}
