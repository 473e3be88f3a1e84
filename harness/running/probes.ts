// The probes: the policy, hooks, tools and schemas the harness builds from a case and hands
// to the adapter. They record what the runtime gave them, so a verdict never rests on the
// adapter's own word. Every record carries a global sequence number and the step it fell in.
import { z } from "zod";
import type { PolicyDecision, PreToolUseHook, PreToolUseHookResult, SessionWiring, ToolPolicyInput, WiredTool } from "../adapter.ts";
import type { LoadedCase } from "../loading/loader.ts";
import { compileSchema } from "../vocabulary/schema.ts";
import { decide } from "../vocabulary/policy.ts";
import { applyEditInPlace, applyEditToCopy } from "../vocabulary/pointer.ts";
import { inheritedMembers, snapshot, type Snapshot } from "../values/snapshot.ts";

export const AGENT_NAME = "effective-args";

interface Recorded {
  seq: number;
  step: number;
}

export interface ParseRecord extends Recorded {
  tool: string;
  input: Snapshot;
  /** Present when the parse succeeded: the schema output as it left the schema. */
  output?: Snapshot;
}

export interface HookRecord extends Recorded {
  hookId: string;
  callId: string;
  tool: string;
  toolInput: Snapshot;
  decision?: "allow" | "deny";
  /** The hook's updatedInput, when it rewrote. */
  output?: Snapshot;
}

export interface PolicyRecord extends Recorded {
  callId: string;
  tool: string;
  /** The object the runtime passed as parsedArguments (kept for the identity check). */
  parsedRef: unknown;
  parsedAtEntry: Snapshot;
  requestedAtEntry?: Snapshot | undefined;
  argsCanonicalJson: string;
  proposalHash: string;
  decision: PolicyDecision;
  /** Enumerable members the arguments inherit through a prototype (see inheritedMembers). */
  inherited: string[];
}

export interface ExecutionRecord extends Recorded {
  callId: string;
  tool: string;
  argsRef: unknown;
  argsAtEntry: Snapshot;
  inherited: string[];
}

export interface ProbeLog {
  parses: ParseRecord[];
  hooks: HookRecord[];
  policies: PolicyRecord[];
  executions: ExecutionRecord[];
}

/** The records one call left in one step, in the order they were made. */
export function recordsOf<T extends { step: number; callId: string }>(records: readonly T[], step: number, callId: string): T[] {
  return records.filter((record) => record.step === step && record.callId === callId);
}

export interface Probes {
  wiring: SessionWiring;
  log: ProbeLog;
  grants: Set<string>;
  /** Tags every later record with this step index. */
  enterStep(step: number): void;
}

export function createProbes(testCase: LoadedCase): Probes {
  const log: ProbeLog = { parses: [], hooks: [], policies: [], executions: [] };
  const grants = new Set<string>();
  let seq = 0;
  let step = 0;
  const stamp = (): Recorded => ({ seq: ++seq, step });

  const tools: Record<string, WiredTool> = {};
  for (const [name, definition] of Object.entries(testCase.tools)) {
    tools[name] = {
      name,
      schema: countingSchema(compileSchema(definition.schema), (input) => {
        const record: ParseRecord = { ...stamp(), tool: name, input };
        log.parses.push(record);
        return record;
      }),
      execute(args, context) {
        log.executions.push({ ...stamp(), callId: context.callId, tool: name, argsRef: args, argsAtEntry: snapshot(args), inherited: inheritedMembers(args) });
        if (definition.mutate) applyEditInPlace(args, definition.mutate);
        return { ok: true };
      },
    };
  }

  const hooks: PreToolUseHook[] = (testCase.hooks ?? []).map((hook) => ({
    id: hook.id,
    appliesTo: (toolName) => hook.tools === undefined || hook.tools.includes(toolName),
    run(input) {
      const record: HookRecord = { ...stamp(), hookId: hook.id, callId: input.callId, tool: input.toolName, toolInput: snapshot(input.toolInput) };
      const result: PreToolUseHookResult = {};
      if (hook.decision) result.decision = record.decision = hook.decision;
      if (hook.reason) result.reason = hook.reason;
      if (hook.rewrite) {
        result.updatedInput = applyEditToCopy(input.toolInput, hook.rewrite);
        record.output = snapshot(result.updatedInput);
      }
      log.hooks.push(record);
      return result;
    },
  }));

  const policy = (input: ToolPolicyInput): PolicyDecision => {
    const record: PolicyRecord = {
      ...stamp(),
      callId: input.callId,
      tool: input.toolName,
      parsedRef: input.parsedArguments,
      parsedAtEntry: snapshot(input.parsedArguments),
      requestedAtEntry: "requestedArguments" in input ? snapshot(input.requestedArguments) : undefined,
      argsCanonicalJson: input.argsCanonicalJson,
      proposalHash: input.proposalHash,
      decision: decide(testCase.policy, input, { grants }),
      inherited: inheritedMembers(input.parsedArguments),
    };
    log.policies.push(record);
    if (testCase.policy.mutate) applyEditInPlace(input.parsedArguments, testCase.policy.mutate);
    return record.decision;
  };

  return {
    wiring: { agentName: AGENT_NAME, tools, hooks, policy },
    log,
    grants,
    enterStep(next) {
      step = next;
    },
  };
}

/** Wraps a schema so every parse, whichever zod entry point runs it, is recorded. */
function countingSchema(inner: z.ZodType, begin: (input: Snapshot) => ParseRecord): z.ZodType {
  let current: ParseRecord | undefined;
  return z
    .preprocess((input) => {
      current = begin(snapshot(input));
      return input;
    }, inner)
    .transform((output) => {
      // Runs only when the inner schema accepted; a parse runs synchronously from its
      // preprocess to here, so `current` is this parse's record.
      if (current) current.output = snapshot(output);
      return output;
    });
}
