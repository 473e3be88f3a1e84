// The in-process adapter contract: what the harness hands an adapter and what it gets back.
// spec/adapter-contract.md is the prose version; an adapter in TypeScript implements `Adapter`.
import type { ZodType } from "zod";
import type { ZodTypeAny as Zod3Type } from "zod/v3";

/**
 * What an implementation may support beyond single calls; a case needs those its content uses.
 * "proposal-hash": the runtime computes argsCanonicalJson and proposalHash and hands them to its
 * policy and its suspended proposals; without it, the requirements about them (and grants,
 * which bind to the hash) are not applicable to the runtime.
 * "fingerprint": the session computes the runtime's own proposal hash for a tool and a value on
 * request (AdapterSession.fingerprint), so that a grant can be forged with the runtime's formula.
 * "handoffs": the runtime has synthetic handoff calls (the model hands the run to another agent
 * through the same function-call envelope) and the adapter wires SessionWiring.handoffs; without
 * it, the requirements about handoffs are not applicable to the runtime.
 * "raw-view": the runtime itself hands its policy point the provider's raw argument string. An
 * adapter never fills rawArguments in from the calls it scripted: a view the adapter supplies
 * certifies the adapter. Without it the adapter leaves rawArguments out, and the requirement about
 * the raw view (INV-8) is not applicable to the runtime.
 * "resume": the runtime keeps a suspended proposal as a pending approval request of its own, and
 * resumes it when the request is answered (AdapterSession.resume), as SDKs' approve-and-resume
 * paths do; cases with a "resume" step need it.
 * "tool-changes": the application can change a tool's definition between turns of one session
 * (AdapterSession.redefineTools), as real applications do; cases with a "redefine" step need it.
 * "replay": the runtime resumes a pending approval from a record of the call that the application
 * hands back to it (a conversation or a saved state the client returns), so that the record can
 * hold other arguments than those suspended (ApprovalAnswer.replayedArguments); the adapter puts
 * them where that record holds the call's arguments, and the runtime's own binding of the approval
 * (a signature, a hash, its stored proposal) is what is tested. Cases with a replayed answer need it.
 */
export const CAPABILITIES = ["approval", "batch", "fingerprint", "handoffs", "hooks", "proposal-hash", "raw-view", "replay", "resume", "tool-changes"] as const;
export type Capability = (typeof CAPABILITIES)[number];

/**
 * The schema library the probe schemas are built with. RFC-0015 leaves the library to the
 * runtime; the vocabulary means the same in both, except where spec/case-format.md names a
 * library behaviour (nested default objects shared between parses, "__proto__" under passthrough).
 */
export const SCHEMA_LIBRARIES = ["zod4", "zod3"] as const;
export type SchemaLibrary = (typeof SCHEMA_LIBRARIES)[number];

/** A tool's argument schema: a Zod 4 schema, or a Zod 3 one (the zod package's "zod/v3") for an adapter that asks for it. */
export type ToolSchema = ZodType | Zod3Type;

/**
 * One function call proposed by the model, exactly as the provider delivered it: a tool call, or,
 * when toolName names one of SessionWiring.handoffs, a synthetic handoff call.
 */
export interface ModelCall {
  callId: string;
  toolName: string;
  rawArguments: string;
}

/** What the runtime hands the policy (RFC-0015's three argument views, plus the call id). */
export interface ToolPolicyInput {
  agentName: string;
  toolName: string;
  callId: string;
  turn: number;
  /** With the "raw-view" capability: the provider's exact string, as the runtime hands it over; left out without it. */
  rawArguments?: string;
  requestedArguments?: unknown;
  parsedArguments: unknown;
  /** With the "proposal-hash" capability: the canonical JSON of parsedArguments and the hash over it. */
  argsCanonicalJson?: string;
  proposalHash?: string;
}

export type PolicyDecision =
  | { decision: "allow"; reason?: string }
  | { decision: "deny"; reason: string }
  | { decision: "require_approval"; reason?: string };

export type ToolPolicy = (input: ToolPolicyInput) => PolicyDecision | Promise<PolicyDecision>;

/** A PreToolUse hook, as in Claude Code: it sees the current input and may replace it. */
export interface PreToolUseHookInput {
  hookId: string;
  toolName: string;
  callId: string;
  toolInput: unknown;
}

export interface PreToolUseHookResult {
  decision?: "allow" | "deny";
  reason?: string;
  /** Present when the hook replaces the input; the next hook and the schema see this value. */
  updatedInput?: unknown;
}

export interface PreToolUseHook {
  id: string;
  /** Whether this hook runs for calls to the named tool. */
  appliesTo(toolName: string): boolean;
  run(input: PreToolUseHookInput): PreToolUseHookResult | Promise<PreToolUseHookResult>;
}

export interface ToolExecutionContext {
  callId: string;
}

export interface WiredTool {
  name: string;
  /** Parse with this schema exactly once per attempt; the harness counts the parses. */
  schema: ToolSchema;
  execute(args: unknown, context: ToolExecutionContext): unknown | Promise<unknown>;
}

/**
 * A handoff the model may call (RFC-0015, validation failures: handoff calls share strict JSON
 * decoding; no handoff schema). The runtime calls `receive` when it hands the run over, with the
 * input it hands the receiving agent: the decoded raw arguments, as they are.
 */
export interface WiredHandoff {
  name: string;
  receive(input: unknown, context: { callId: string }): void | Promise<void>;
}

/** The probes made by the harness from a case; the adapter wires them into its runtime. */
export interface SessionWiring {
  agentName: string;
  tools: Readonly<Record<string, WiredTool>>;
  /** With the "handoffs" capability: the case's handoffs by name (empty when it has none). */
  handoffs: Readonly<Record<string, WiredHandoff>>;
  hooks: readonly PreToolUseHook[];
  policy: ToolPolicy;
}

/**
 * RFC-0015's suspended tool proposal: both views and the effective fingerprint. Every view is
 * required of a conformant runtime; an adapter leaves out what its runtime does not keep, and
 * the checks report that (the fingerprint only with the "proposal-hash" capability).
 */
export interface SuspendedToolProposal {
  kind: "tool";
  callId: string;
  toolName: string;
  rawArguments?: string;
  requestedArguments?: unknown;
  parsedArguments: unknown;
  argsCanonicalJson?: string;
  proposalHash?: string;
}

/**
 * What became of one call. "not_attempted": the runtime ended the turn at an earlier call's
 * validation failure and never started this one (RFC-0015 keeps terminal error delivery).
 * "handed_off": a handoff call whose handoff happened (its handoff's receive was called).
 */
export type CallOutcome =
  | { callId: string; outcome: "executed"; result?: unknown }
  | { callId: string; outcome: "denied"; reason: string }
  | { callId: string; outcome: "suspended"; proposal: SuspendedToolProposal }
  | { callId: string; outcome: "invalid"; stage: "json" | "schema"; message: string }
  | { callId: string; outcome: "handed_off" }
  | { callId: string; outcome: "not_attempted" };

/** A reviewer's answer to the runtime's own pending approval request for a suspended call. */
export interface ApprovalAnswer {
  callId: string;
  toolName: string;
  approved: boolean;
  /** With a rejection: the reviewer's reason, for the runtime to record as it records rejections. */
  reason?: string;
  /**
   * With the "replay" capability, on an approval: the arguments the record of the call that the
   * application hands back holds (the adapter puts them where the runtime reads the call's
   * arguments from that record, and computes nothing); absent: the record as the runtime left it.
   */
  replayedArguments?: unknown;
}

export interface AdapterSession {
  /** Runs one model turn; reports one outcome per call. */
  runTurn(calls: readonly ModelCall[], turn: number): Promise<readonly CallOutcome[]>;
  /**
   * With the "fingerprint" capability: the proposal hash the runtime would compute for a call to
   * this tool whose effective arguments are `args`, by its own formula. Never a hash the adapter
   * computes on the runtime's behalf.
   */
  fingerprint?(toolName: string, args: unknown): string | Promise<string>;
  /**
   * With the "tool-changes" capability: from the next turn on, the runtime's tools are these
   * (every tool, those the case redefined with new schemas and probes), as when an application
   * changes a tool between turns. Whatever the runtime keeps from earlier turns it keeps.
   */
  redefineTools?(tools: Readonly<Record<string, WiredTool>>): void | Promise<void>;
  /**
   * With the "resume" capability: answers the runtime's own pending approval requests for these
   * suspended calls, through the runtime's approve / reject path, and lets it resume; reports one
   * outcome per answered call (executed, denied, or whatever the runtime made of it).
   */
  resume?(answers: readonly ApprovalAnswer[]): Promise<readonly CallOutcome[]>;
  close?(): void | Promise<void>;
}

/**
 * Raw argument strings an adapter's transport cannot deliver as such, because the transport
 * gives them another meaning. "empty-raw-string": the transport encodes a call without arguments
 * as an empty string (Anthropic's streamed tool_use, whose input is the concatenation of its
 * input_json_delta chunks and is {} when there are none), so a call whose raw string is "" cannot
 * be told from one whose arguments are {}. A case that sends such a string is not applicable to
 * that adapter (spec/latitude.md, "An empty raw string").
 */
export const TRANSPORT_LIMITS = ["empty-raw-string"] as const;
export type TransportLimit = (typeof TRANSPORT_LIMITS)[number];

export interface Adapter {
  name: string;
  version: string;
  capabilities: readonly Capability[];
  /** What the transport the adapter drives its runtime through cannot carry (TRANSPORT_LIMITS); nothing when absent. */
  transportLimits?: readonly TransportLimit[];
  /**
   * The packages beside `name` that do the work, by package name, with the versions installed
   * ("@langchain/core": "1.3.5", or a bundled program: "Claude Code": "2.1.333"): reports show them
   * beside the runtime's name, so that a verdict names everything it rests on.
   */
  components?: Readonly<Record<string, string>>;
  /** The library the probe schemas are built with; zod4 when absent. */
  schemaLibrary?: SchemaLibrary;
  createSession(wiring: SessionWiring): AdapterSession | Promise<AdapterSession>;
}
