// What the runner drives: an implementation under test, in-process or out-of-process. Each
// case gets its own session; the session keeps the probe log the checks read.
import { types } from "node:util";
import type { Adapter, ApprovalAnswer, Capability, ModelCall, TransportLimit } from "../adapter.ts";
import type { LoadedCase } from "../loading/loader.ts";
import type { Tool } from "../loading/case-schema.ts";
import type { ObservedOutcome, ProbeLog } from "./observation.ts";

/** The implementation broke (threw, hung, crashed, broke the protocol): the case is "errored". */
export class ImplementationBroke extends Error {}

/** Whether a thrown value is an ImplementationBroke, asked without running a Proxy's traps. */
export const isImplementationBroke = (error: unknown): error is ImplementationBroke => !types.isProxy(error) && error instanceof ImplementationBroke;

/** The longest description of a thrown value a reason carries. */
const THROWN_CHARS = 2_000;

/**
 * A thrown value as a reason shows it: "TypeError: message", or the value itself. Whatever was
 * thrown: a Proxy is named, not read (reading it runs its traps), and a value whose reading
 * throws, or that reads as no text, is said to be such.
 */
export function describeThrown(error: unknown): string {
  if (types.isProxy(error)) return "a Proxy object (not read: reading it would run its traps)";
  let text: string;
  try {
    text = error instanceof Error ? `${String(error.name)}: ${String(error.message)}` : typeof error === "object" && error !== null ? describeObject(error) : String(error);
  } catch {
    return `a thrown ${typeof error} that cannot be read (reading it threw)`;
  }
  return text.length > THROWN_CHARS ? `${text.slice(0, THROWN_CHARS)}… (${text.length - THROWN_CHARS} more characters)` : text;
}

/** A thrown object that is not an Error: its own text when it has one, else what kind of object it is. */
function describeObject(object: object): string {
  const text = String(object);
  return /^\[object \w*\]$/.test(text) ? `a thrown ${text.slice(8, -1)} object that is not an Error` : text;
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
  /** Answers the runtime's own pending approval requests and lets it resume (the "resume" capability; a "resume" step). */
  resume(answers: readonly ApprovalAnswer[]): Promise<ObservedOutcome[]>;
  /** Changes the definitions of these tools from the next turn on (the "tool-changes" capability; a "redefine" step). */
  redefineTools(tools: Readonly<Record<string, Tool>>): Promise<void>;
  close(): Promise<void>;
}

/** How the implementation under test was run, for the report: a reader can tell what was certified. */
export type RunBy = { how: "in-process"; module: string; node?: string } | { how: "stdio"; command: string };

export interface Implementation {
  name: string;
  version: string;
  capabilities: readonly Capability[];
  /** What the adapter's transport cannot carry (Adapter.transportLimits): cases that send it are not applicable. */
  transportLimits?: readonly TransportLimit[];
  /** The packages beside `name` that do the work, with their versions (Adapter.components). */
  components?: Readonly<Record<string, string>>;
  /** Known when the command line opened it. */
  runBy?: RunBy;
  /** A fresh session for one case; throws ImplementationBroke when it cannot start one. */
  openSession(testCase: LoadedCase, timeoutMs: number): Promise<CaseSession>;
  /** Releases what the implementation holds (child processes, for example). */
  dispose?(): Promise<void>;
}

/** What a declaration adds beside the capabilities: its transport limits and components, each left out when empty (reports then say nothing of it). */
export function declaredExtras({ transportLimits, components }: Pick<Implementation, "transportLimits" | "components">): Pick<Implementation, "transportLimits" | "components"> {
  return { ...(transportLimits?.length && { transportLimits }), ...(components && Object.keys(components).length > 0 && { components }) };
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
