// What a case run observed: the probe records (made by the harness's own probes in-process, or
// reported over the stdio protocol) and the outcomes the implementation reported, every value
// kept as a snapshot taken when it was handed over. The checks read nothing else.
import type { PolicyDecision } from "../adapter.ts";
import type { Answer, Call } from "../loading/case-schema.ts";
import type { LoadedCase } from "../loading/loader.ts";
import { shown, SHOWN_TEXT_CHARACTERS } from "../values/elide.ts";
import type { Snapshot } from "../values/snapshot.ts";
import type { Failure } from "./results.ts";

interface Recorded {
  /** Order of the record within the case. */
  seq: number;
  /** The index of the step it fell in. */
  step: number;
}

export interface ParseRecord extends Recorded {
  tool: string;
  input: Snapshot;
  /** Present when the parse succeeded: the schema output as it left the schema. */
  output?: Snapshot;
  /**
   * Stands for the identity of the object the parse returned, as parsedRef does for the policy's
   * (the object itself in-process; "object N" over stdio, when the adapter reports outputObject).
   * Absent when the parse failed or the adapter could not tell: then no verdict rests on it.
   */
  outputRef?: unknown;
}

export interface HookRecord extends Recorded {
  hookId: string;
  callId: string;
  tool: string;
  toolInput: Snapshot;
  /** In-process only: the object the hook was handed (over stdio, objects have no identity to compare). */
  toolInputRef?: unknown;
  decision?: "allow" | "deny";
  /** The hook's updatedInput, when it rewrote. */
  output?: Snapshot;
}

export interface PolicyRecord extends Recorded {
  callId: string;
  tool: string;
  /** Stands for the identity of the parsedArguments object (the object itself, in-process). */
  parsedRef: unknown;
  parsedAtEntry: Snapshot;
  /** Over stdio: the parsedArguments as reported, in the adapter's member order (what a fingerprint is asked about). */
  parsedReported?: unknown;
  /** The rawArguments handed to the policy; null when none was (in-process), absent when a stdio adapter did not report it. */
  rawArguments?: string | null;
  /** Absent when the runtime handed the policy no requestedArguments (RFC-0015 makes it optional). */
  requestedAtEntry?: Snapshot | undefined;
  /** In-process only: the requestedArguments object itself, when handed. */
  requestedRef?: unknown;
  /** As handed to the policy; absent when the runtime handed none, or not a string. */
  argsCanonicalJson?: string | undefined;
  proposalHash?: string | undefined;
  decision: PolicyDecision;
  /** Enumerable members the arguments inherit through a prototype (see inheritedMembers). */
  inherited: string[];
  /** With a policy "mutate": whether the edit changed the arguments (a runtime may hand read-only ones). */
  mutation?: "changed" | "unchanged" | undefined;
}

export interface ExecutionRecord extends Recorded {
  callId: string;
  tool: string;
  argsRef: unknown;
  argsAtEntry: Snapshot;
  inherited: string[];
}

/** A handoff probe's receive: the runtime handed the run over for a handoff call. */
export interface HandoffRecord extends Recorded {
  callId: string;
  handoff: string;
  /** The input handed to the receiving agent. */
  input: Snapshot;
}

export interface ProbeLog {
  parses: ParseRecord[];
  hooks: HookRecord[];
  policies: PolicyRecord[];
  executions: ExecutionRecord[];
  handoffs: HandoffRecord[];
}

export const emptyLog = (): ProbeLog => ({ parses: [], hooks: [], policies: [], executions: [], handoffs: [] });

/** Whether a reference stands for an object's identity: the object itself in-process, "object N" (N > 0) over stdio; not "object 0", a value without one. */
export const isObjectRef = (ref: unknown) => (typeof ref === "object" && ref !== null) || typeof ref === "function" || (typeof ref === "string" && ref.startsWith("object ") && ref !== "object 0");

/** The records one call left in one step, in the order they were made. */
export function recordsOf<T extends { step: number; callId: string }>(records: readonly T[], step: number, callId: string): T[] {
  return records.filter((record) => record.step === step && record.callId === callId);
}

/** A suspended proposal as it was reported, its argument views snapshotted at the end of its turn. */
export interface ObservedProposal {
  kind: string;
  callId: string;
  toolName: string;
  rawArguments?: string | undefined;
  requestedArguments?: Snapshot | undefined;
  parsedArguments: Snapshot;
  argsCanonicalJson?: string | undefined;
  proposalHash?: string | undefined;
}

export type ObservedOutcome =
  | { callId: string; outcome: "executed" }
  | { callId: string; outcome: "denied"; reason: string }
  | { callId: string; outcome: "suspended"; proposal: ObservedProposal }
  | { callId: string; outcome: "invalid"; stage: "json" | "schema"; message: string }
  | { callId: string; outcome: "handed_off" }
  | { callId: string; outcome: "not_attempted" };

export interface TurnObservation {
  step: number;
  /** The model turn's number; for a resume, that of the last turn before it. */
  turn: number;
  /** A turn's calls; a resume's answered calls, as their turns proposed them. */
  calls: Call[];
  outcomes: ReadonlyMap<string, ObservedOutcome>;
  /** A resume step's answers, by call id: the calls resumed, not proposed, in this step. */
  answers?: ReadonlyMap<string, Answer>;
}

/** The runtime's own fingerprint of a value, asked for at a grant step (the "fingerprint" capability). */
export interface FingerprintRecord {
  step: number;
  tool: string;
  value: Snapshot;
  proposalHash: string;
  /** The call whose request or effective value was fingerprinted. */
  callId: string;
}

/** Everything a case run produced: the implementation's reports and the probes' records. */
export interface Observation {
  testCase: LoadedCase;
  /** Whether the runtime computes proposal hashes (the "proposal-hash" capability); without them, nothing about hashes is checked. */
  hashes: boolean;
  /** The first grant step that could not be given because the runtime has no proposal hash: later expectations presume it and are not checked. */
  ungrantedFrom?: number;
  log: ProbeLog;
  turns: TurnObservation[];
  fingerprints: FingerprintRecord[];
  /** Failures found while running (a grant that could not be given, say). */
  runFailures: Failure[];
}

export function describeOutcome(outcome: ObservedOutcome | undefined): string {
  if (!outcome) return "no report";
  if (outcome.outcome === "denied") return `denied ("${shown(outcome.reason, SHOWN_TEXT_CHARACTERS)}")`;
  if (outcome.outcome === "invalid") return `invalid at stage ${outcome.stage} (${shown(outcome.message, SHOWN_TEXT_CHARACTERS)})`;
  return outcome.outcome.replace("_", " ");
}
