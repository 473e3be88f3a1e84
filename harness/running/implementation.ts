// What the runner drives: an implementation under test, in-process or out-of-process. Each
// case gets its own session; the session keeps the probe log the checks read.
import type { Adapter, Capability, ModelCall } from "../adapter.ts";
import type { LoadedCase } from "../loading/loader.ts";
import type { ObservedOutcome, ProbeLog } from "./observation.ts";

/** The implementation broke (threw, hung, crashed, broke the protocol): the case is "errored". */
export class ImplementationBroke extends Error {}

/** A thrown value as a reason shows it: "TypeError: message", or the value itself. */
export function describeThrown(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

export interface CaseSession {
  /** What the probes recorded so far, every record tagged with its step. */
  readonly log: ProbeLog;
  /** Whether the runtime computes proposal hashes (declares "proposal-hash"). */
  readonly hashes: boolean;
  /** Proposal hashes a grant has been given for; the policy's `granted` fact reads them. */
  readonly grants: Set<string>;
  /** Tags every later record with this step index. */
  enterStep(step: number): void;
  /** Runs one model turn: the outcomes as reported, observed; throws ImplementationBroke when the implementation misbehaves. */
  runTurn(calls: readonly ModelCall[], turn: number): Promise<ObservedOutcome[]>;
  /** The runtime's own proposal hash for a tool and a value (the "fingerprint" capability). */
  fingerprint?(toolName: string, args: unknown): Promise<string>;
  close(): Promise<void>;
}

/** How the implementation under test was run, for the report: a reader can tell what was certified. */
export type RunBy = { how: "in-process"; module: string } | { how: "stdio"; command: string };

export interface Implementation {
  name: string;
  version: string;
  capabilities: readonly Capability[];
  /** Known when the command line opened it. */
  runBy?: RunBy;
  /** A fresh session for one case; throws ImplementationBroke when it cannot start one. */
  openSession(testCase: LoadedCase, timeoutMs: number): Promise<CaseSession>;
  /** Releases what the implementation holds (child processes, for example). */
  dispose?(): Promise<void>;
}

/** Either an in-process adapter or an implementation; the runner takes both. */
export type Runnable = Adapter | Implementation;

export const isImplementation = (runnable: Runnable): runnable is Implementation => "openSession" in runnable;

/**
 * A case's time budget: every call of the case gets what is left of it. Messages name the
 * budget, not what was left, so that a report reads the same from run to run.
 */
export function caseBudget(timeoutMs: number): { remaining(): number; describe: string } {
  const deadline = performance.now() + timeoutMs;
  return { remaining: () => Math.max(1, Math.round(deadline - performance.now())), describe: `the case's timeout of ${timeoutMs} ms` };
}
