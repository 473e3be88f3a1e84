// The reference runtime: RFC-0015's pipeline, one small stage per step, in the order of
// spec/requirements.yaml. Each stage is a replaceable function so that a variation of the
// reference (a "mutant" in test/) can change exactly one step.
import type {
  ApprovalAnswer,
  CallOutcome,
  ModelCall,
  PolicyDecision,
  PreToolUseHook,
  PreToolUseHookResult,
  SuspendedToolProposal,
  ToolPolicy,
  ToolPolicyInput,
  WiredHandoff,
  WiredTool,
} from "../harness/adapter.ts";
import {
  HOOK_DENIED,
  REVIEWER_REJECTED,
  NOT_CANONICALIZABLE,
  POLICY_FAILED,
  POLICY_MUTATED_ARGUMENTS,
  ToolArgumentsValidationError,
  UNKNOWN_TOOL,
} from "./errors.ts";
import { canonicalJson, proposalHash } from "./fingerprint.ts";
import { decodeStrictJson } from "./strict-json.ts";

export interface RuntimeConfig {
  agentName: string;
  tools: Readonly<Record<string, WiredTool>>;
  /** Synthetic handoff calls by name: the model hands the run to another agent. */
  handoffs?: Readonly<Record<string, WiredHandoff>>;
  hooks: readonly PreToolUseHook[];
  policy: ToolPolicy;
}

/** A call suspended for approval, waiting for a reviewer's answer: as the model proposed it, and the canonical text of the effective value it was suspended with. */
export interface PendingCall {
  call: ModelCall;
  turn: number;
  suspendedAs: string | undefined;
}

export interface Fingerprint {
  argsCanonicalJson: string;
  proposalHash: string;
}

export type HookOutcome = { input: unknown } | { deniedWith: string };

/** An attempt, as far as it has got: what each later stage needs to know. */
export interface Attempt {
  call: ModelCall;
  turn: number;
  tool: WiredTool;
  requested: unknown;
}

export interface Stages {
  /** Raw provider string to requestedArguments; throws a json-stage validation error. */
  decode(raw: string): unknown;
  /** PreToolUse hooks in order, each on a copy of the previous result. */
  rewrite(config: RuntimeConfig, attempt: Attempt): Promise<HookOutcome>;
  /** What a hook is handed: a copy of the current input, so that it cannot change it in place. */
  hookInput(input: unknown): unknown;
  /** What one hook's answer makes of the current input: a deny ends the attempt; an updatedInput, whatever its value, replaces the input. */
  applyHookResult(result: PreToolUseHookResult, input: unknown): HookOutcome;
  /** The single schema parse; throws a schema-stage validation error. */
  parse(tool: WiredTool, input: unknown): unknown;
  /** Detaches the parse output from state the schema may share between parses. */
  isolate(parsed: unknown): unknown;
  /** The canonical JSON text of a value; throws when it has none. */
  canonicalize(value: unknown): string;
  /** The proposal hash of a call to a tool, given the canonical text of its effective arguments. */
  hash(config: RuntimeConfig, toolName: string, argsCanonicalJson: string): string;
  /** Canonical form and proposal hash of an attempt's parsed arguments; throws when they have no canonical form. */
  fingerprint(config: RuntimeConfig, attempt: Attempt, parsed: unknown): Fingerprint;
  /** Evaluates policy and converts an in-place change of the arguments into a deny. */
  authorize(policy: ToolPolicy, input: ToolPolicyInput): Promise<PolicyDecision>;
  execute(tool: WiredTool, args: unknown, callId: string): Promise<unknown>;
  /** A handoff call's raw string to what it hands over: the tool calls' strict decoding, and nothing more (RFC-0015 adds no handoff schema). */
  decodeHandoff(raw: string): unknown;
  /** A synthetic handoff call: decoded, then handed over; a decoding failure is a json-stage validation error and hands nothing over. */
  handOff(config: RuntimeConfig, handoff: WiredHandoff, call: ModelCall): Promise<CallOutcome>;
  /** The whole attempt, wiring the stages above together. */
  attempt(config: RuntimeConfig, call: ModelCall, turn: number): Promise<CallOutcome>;
  /** A model turn: every call is its own attempt, in the order the model gave them. */
  runTurn(config: RuntimeConfig, calls: readonly ModelCall[], turn: number): Promise<CallOutcome[]>;
  /**
   * The reviewer's answer to a pending call (suspended in turn `turn`): a rejection denies it; an
   * approval resumes it as a new attempt through the whole pipeline, in which the approval takes
   * the policy's place only while the effective value is still the one suspended: one that
   * changed since (a tool redefined meanwhile, say) is put to the policy again.
   */
  resume(config: RuntimeConfig, pending: PendingCall, answer: ApprovalAnswer): Promise<CallOutcome>;
}

export const referenceStages: Stages = {
  decode: (raw) => decodeStrictJson(raw),

  async rewrite(config, { call, requested }) {
    let input = requested;
    for (const hook of config.hooks) {
      if (!hook.appliesTo(call.toolName)) continue;
      const result = await hook.run({ hookId: hook.id, toolName: call.toolName, callId: call.callId, toolInput: this.hookInput(input) });
      const outcome = this.applyHookResult(result, input);
      if ("deniedWith" in outcome) return outcome;
      input = outcome.input;
    }
    return { input };
  },

  // A copy, so no hook can change the request view or an earlier hook's result in place.
  hookInput: (input) => structuredClone(input),

  applyHookResult(result, input) {
    if (result.decision === "deny") return { deniedWith: result.reason ?? HOOK_DENIED };
    // A hook's "allow" is advisory: the policy still decides.
    return { input: result.updatedInput !== undefined ? result.updatedInput : input };
  },

  parse(tool, input) {
    const result = tool.schema.safeParse(input);
    if (!result.success) {
      const detail = result.error.issues.map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`).join("; ");
      throw new ToolArgumentsValidationError("schema", detail);
    }
    return result.data;
  },

  isolate: (parsed) => structuredClone(parsed),

  canonicalize: (value) => canonicalJson(value),

  hash: (_config, toolName, argsCanonicalJson) => proposalHash(toolName, argsCanonicalJson),

  fingerprint(config, { call }, parsed) {
    const argsCanonicalJson = this.canonicalize(parsed);
    return { argsCanonicalJson, proposalHash: this.hash(config, call.toolName, argsCanonicalJson) };
  },

  async authorize(policy, input) {
    const decision = await policy(input);
    let after: string | undefined;
    try {
      after = this.canonicalize(input.parsedArguments);
    } catch {
      after = undefined;
    }
    if (after !== input.argsCanonicalJson) return { decision: "deny", reason: POLICY_MUTATED_ARGUMENTS };
    return decision;
  },

  execute: async (tool, args, callId) => tool.execute(args, { callId }),

  decodeHandoff(raw) {
    return this.decode(raw);
  },

  async handOff(_config, handoff, call) {
    let input: unknown;
    try {
      input = this.decodeHandoff(call.rawArguments);
    } catch (error) {
      if (error instanceof ToolArgumentsValidationError) return { callId: call.callId, outcome: "invalid", stage: error.stage, message: error.message };
      throw error;
    }
    await handoff.receive(input, { callId: call.callId });
    return { callId: call.callId, outcome: "handed_off" };
  },

  async attempt(config, call, turn) {
    const stages = this;
    const handoffs = config.handoffs ?? {};
    if (Object.hasOwn(handoffs, call.toolName)) return stages.handOff(config, handoffs[call.toolName]!, call);
    const tool = ownTool(config, call.toolName);
    if (!tool) return { callId: call.callId, outcome: "denied", reason: UNKNOWN_TOOL };
    try {
      const attempt: Attempt = { call, turn, tool, requested: stages.decode(call.rawArguments) };
      const rewritten = await stages.rewrite(config, attempt);
      if ("deniedWith" in rewritten) return { callId: call.callId, outcome: "denied", reason: rewritten.deniedWith };
      const parsedArguments = stages.isolate(stages.parse(tool, rewritten.input));
      let fingerprint: Fingerprint;
      try {
        fingerprint = stages.fingerprint(config, attempt, parsedArguments);
      } catch {
        return { callId: call.callId, outcome: "denied", reason: NOT_CANONICALIZABLE };
      }
      const input = policyInput(config, attempt, parsedArguments, fingerprint);
      let decision: PolicyDecision;
      try {
        decision = await stages.authorize(config.policy, input);
      } catch {
        return { callId: call.callId, outcome: "denied", reason: POLICY_FAILED };
      }
      switch (decision.decision) {
        case "deny":
          return { callId: call.callId, outcome: "denied", reason: decision.reason };
        case "require_approval":
          return { callId: call.callId, outcome: "suspended", proposal: suspend(input) };
        case "allow":
          return { callId: call.callId, outcome: "executed", result: await stages.execute(tool, parsedArguments, call.callId) };
      }
    } catch (error) {
      if (error instanceof ToolArgumentsValidationError) {
        return { callId: call.callId, outcome: "invalid", stage: error.stage, message: error.message };
      }
      throw error;
    }
  },

  async runTurn(config, calls, turn) {
    const outcomes: CallOutcome[] = [];
    for (const call of calls) outcomes.push(await this.attempt(config, call, turn));
    return outcomes;
  },

  async resume(config, { call: stored, turn, suspendedAs }, answer) {
    if (!answer.approved) return { callId: stored.callId, outcome: "denied", reason: answer.reason ?? REVIEWER_REJECTED };
    // A record of the call handed back (the "replay" capability): its arguments are what the
    // attempt decodes; the approval still binds to the effective value that was suspended.
    const call = answer.replayedArguments === undefined ? stored : { ...stored, rawArguments: JSON.stringify(answer.replayedArguments) };
    // The approval stands in for the policy during this one attempt. The configuration object
    // itself is kept (state a runtime keeps per session is kept by it), and nothing else runs
    // meanwhile: answers are resumed one after another, never beside a turn.
    const { policy } = config;
    const approved = (input: ToolPolicyInput) => input.toolName === call.toolName && suspendedAs !== undefined && canonicalOrNone(this, input.parsedArguments) === suspendedAs;
    config.policy = (input) => (approved(input) ? { decision: "allow" } : policy(input));
    try {
      return await this.attempt(config, call, turn);
    } finally {
      config.policy = policy;
    }
  },
};

/** What the policy is handed: the three argument views and the fingerprint (RFC-0015, argument views). */
export function policyInput(config: RuntimeConfig, { call, turn, requested }: Attempt, parsedArguments: unknown, fingerprint: Fingerprint): ToolPolicyInput {
  return {
    agentName: config.agentName,
    toolName: call.toolName,
    callId: call.callId,
    turn,
    rawArguments: call.rawArguments,
    requestedArguments: requested,
    parsedArguments,
    ...fingerprint,
  };
}

/** A proposal suspended for approval: both views and the effective fingerprint. */
export function suspend(input: ToolPolicyInput): SuspendedToolProposal {
  return {
    kind: "tool",
    callId: input.callId,
    toolName: input.toolName,
    rawArguments: input.rawArguments,
    requestedArguments: input.requestedArguments,
    parsedArguments: input.parsedArguments,
    argsCanonicalJson: input.argsCanonicalJson,
    proposalHash: input.proposalHash,
  };
}

export interface Runtime {
  /** Runs a model turn: every call is its own attempt, in the order the model gave them. */
  runTurn(calls: readonly ModelCall[], turn: number): Promise<CallOutcome[]>;
  /** The proposal hash this runtime gives a call to the tool whose effective arguments are `args`. */
  fingerprint(toolName: string, args: unknown): string;
  /** The application changed its tools: later turns use these. */
  redefineTools(tools: Readonly<Record<string, WiredTool>>): void;
  /** Answers the runtime's pending approval requests (the latest suspended call with each id) and resumes them. */
  resume(answers: readonly ApprovalAnswer[]): Promise<CallOutcome[]>;
}

/** The canonical text of a value, or none when it has no canonical form. */
function canonicalOrNone(stages: Pick<Stages, "canonicalize">, value: unknown): string | undefined {
  try {
    return stages.canonicalize(value);
  } catch {
    return undefined;
  }
}

/** The tool of that name the runtime was given: its own, so that a call to "toString" or "constructor" names no tool. */
const ownTool = (config: RuntimeConfig, name: string): WiredTool | undefined => (Object.hasOwn(config.tools, name) ? config.tools[name] : undefined);

export function createRuntime(wiring: RuntimeConfig, stages: Stages = referenceStages): Runtime {
  // The runtime's own configuration, one object for its whole life, whose tools an application may change between turns.
  // What the policy last evaluated for each call of the turn, as canonical text: what a suspended call is approved as.
  const evaluated = new Map<string, string | undefined>();
  const config: RuntimeConfig = {
    ...wiring,
    policy: (input) => {
      evaluated.set(input.callId, canonicalOrNone(stages, input.parsedArguments));
      return wiring.policy(input);
    },
  };
  // The calls waiting for a reviewer, by id: a later call with the same id that is suspended takes its place.
  const pending = new Map<string, PendingCall>();
  const settle = (outcomes: CallOutcome[], calls: readonly ModelCall[], turn: number) => {
    for (const outcome of outcomes) {
      const call = calls.find((candidate) => candidate.callId === outcome.callId);
      if (outcome.outcome === "suspended" && call) pending.set(outcome.callId, { call, turn, suspendedAs: evaluated.get(outcome.callId) });
      else pending.delete(outcome.callId);
    }
    return outcomes;
  };
  return {
    runTurn: async (calls, turn) => settle(await stages.runTurn(config, calls, turn), calls, turn),
    async resume(answers) {
      const outcomes: CallOutcome[] = [];
      for (const answer of answers) {
        const waiting = pending.get(answer.callId);
        if (!waiting) throw new Error(`no call ${answer.callId} is waiting for approval`);
        outcomes.push(...settle([await stages.resume(config, waiting, answer)], [waiting.call], waiting.turn));
      }
      return outcomes;
    },
    fingerprint(toolName, args) {
      const tool = ownTool(config, toolName);
      if (!tool) throw new Error(`unknown tool ${toolName}`);
      // As for a call whose raw string and request already were the effective value.
      const attempt: Attempt = { call: { callId: "", toolName, rawArguments: JSON.stringify(args) }, turn: 0, tool, requested: args };
      return stages.fingerprint(config, attempt, args).proposalHash;
    },
    redefineTools(tools) {
      config.tools = tools;
    },
  };
}
