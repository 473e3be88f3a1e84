// The in-process adapter contract: what the harness hands an adapter and what it gets back.
// spec/adapter-contract.md is the prose version; an adapter in TypeScript implements `Adapter`.
import type { ZodType } from "zod";

/** What an implementation may support beyond single calls; a case needs those its content uses. */
export const CAPABILITIES = ["approval", "batch", "hooks"] as const;
export type Capability = (typeof CAPABILITIES)[number];

/** One tool call proposed by the model, exactly as the provider delivered it. */
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
  rawArguments: string;
  requestedArguments?: unknown;
  parsedArguments: unknown;
  argsCanonicalJson: string;
  proposalHash: string;
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
  schema: ZodType;
  execute(args: unknown, context: ToolExecutionContext): unknown | Promise<unknown>;
}

/** The probes made by the harness from a case; the adapter wires them into its runtime. */
export interface SessionWiring {
  agentName: string;
  tools: Readonly<Record<string, WiredTool>>;
  hooks: readonly PreToolUseHook[];
  policy: ToolPolicy;
}

/** RFC-0015's suspended tool proposal: both views and the effective fingerprint. */
export interface SuspendedToolProposal {
  kind: "tool";
  callId: string;
  toolName: string;
  rawArguments: string;
  requestedArguments?: unknown;
  parsedArguments: unknown;
  argsCanonicalJson: string;
  proposalHash: string;
}

export type CallOutcome =
  | { callId: string; outcome: "executed"; result?: unknown }
  | { callId: string; outcome: "denied"; reason: string }
  | { callId: string; outcome: "suspended"; proposal: SuspendedToolProposal }
  | { callId: string; outcome: "invalid"; stage: "json" | "schema"; message: string };

export interface AdapterSession {
  /** Runs one model turn; reports one outcome per call. */
  runTurn(calls: readonly ModelCall[], turn: number): Promise<readonly CallOutcome[]>;
  close?(): void | Promise<void>;
}

export interface Adapter {
  name: string;
  version: string;
  capabilities: readonly Capability[];
  createSession(wiring: SessionWiring): AdapterSession | Promise<AdapterSession>;
}
