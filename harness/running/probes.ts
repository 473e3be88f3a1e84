// The probes: the policy, hooks, tools and schemas the harness builds from a case and hands
// to an in-process adapter. They record what the runtime gave them, so a verdict never rests on
// the adapter's own word, and they never throw at the runtime, whatever it hands them. Every
// record carries a global sequence number and the step it fell in.
import type { PolicyDecision, PreToolUseHook, PreToolUseHookResult, SchemaLibrary, SessionWiring, ToolPolicyInput, WiredHandoff, WiredTool } from "../adapter.ts";
import { hookAppliesTo, type Tool } from "../loading/case-schema.ts";
import type { LoadedCase } from "../loading/loader.ts";
import { compileSchema, observedSchema } from "../vocabulary/schema.ts";
import { decide } from "../vocabulary/policy.ts";
import { applyEditInPlace, applyEditToCopy } from "../vocabulary/pointer.ts";
import { inheritedMembers, sameSnapshot, snapshot } from "../values/snapshot.ts";
import { emptyLog, type HookRecord, type ParseRecord, type PolicyRecord, type ProbeLog } from "./observation.ts";

export const AGENT_NAME = "effective-args";

export interface Probes {
  wiring: SessionWiring;
  log: ProbeLog;
  grants: Set<string>;
  /** Tags every later record with this step index. */
  enterStep(step: number): void;
  /** What the runtime used after a redefinition had replaced it (the old schema or tool of a redefined tool), once each. */
  staleUses: readonly string[];
  /** New probes for the redefined tools (a "redefine" step): every tool the runtime has from now on. */
  redefine(tools: Readonly<Record<string, Tool>>): Readonly<Record<string, WiredTool>>;
}

export function createProbes(testCase: LoadedCase, library: SchemaLibrary = "zod4"): Probes {
  const log = emptyLog();
  const grants = new Set<string>();
  let seq = 0;
  let step = 0;
  const stamp = () => ({ seq: ++seq, step });

  // The probes a redefinition replaced, by what they were: a runtime that still uses one ignored the change.
  const retired = new Map<WiredTool, string>();
  const staleUses: string[] = [];
  const toolProbe = (name: string, definition: Tool): WiredTool => {
    const stale = () => {
      const what = retired.get(probe);
      if (what !== undefined && !staleUses.includes(what)) staleUses.push(what);
    };
    // A parse runs synchronously from its start to its output, so `current` is this parse's record.
    let current: ParseRecord | undefined;
    const begin = (input: unknown) => {
      stale();
      log.parses.push((current = { ...stamp(), tool: name, input: snapshot(input) }));
    };
    const end = (output: unknown) => {
      if (!current) return;
      current.output = snapshot(output);
      current.outputRef = output;
    };
    const probe: WiredTool = {
      name,
      schema: observedSchema(compileSchema(definition.schema, library), library, begin, end),
      execute(args, context) {
        stale();
        log.executions.push({ ...stamp(), callId: String(context?.callId), tool: name, argsRef: args, argsAtEntry: snapshot(args), inherited: inheritedMembers(args) });
        if (definition.mutate) applyEditInPlace(args, definition.mutate);
        return { ok: true };
      },
    };
    return probe;
  };
  const tools: Record<string, WiredTool> = {};
  for (const [name, definition] of Object.entries(testCase.tools)) tools[name] = toolProbe(name, definition);

  // A handoff probe records what the receiving agent was handed; it has no schema (RFC-0015 adds none).
  const handoffs: Record<string, WiredHandoff> = {};
  for (const name of testCase.handoffs ?? []) {
    handoffs[name] = {
      name,
      receive(input, context) {
        log.handoffs.push({ ...stamp(), callId: String(context?.callId), handoff: name, input: snapshot(input) });
      },
    };
  }

  const hooks: PreToolUseHook[] = (testCase.hooks ?? []).map((hook) => ({
    id: hook.id,
    appliesTo: (toolName) => hookAppliesTo(hook, toolName),
    run(input) {
      const record: HookRecord = { ...stamp(), hookId: hook.id, callId: String(input?.callId), tool: String(input?.toolName), toolInput: snapshot(input?.toolInput), toolInputRef: input?.toolInput };
      const result: PreToolUseHookResult = {};
      if (hook.decision) result.decision = record.decision = hook.decision;
      if (hook.reason) result.reason = hook.reason;
      if (hook.rewrite) {
        result.updatedInput = applyEditToCopy(input?.toolInput, hook.rewrite);
        record.output = snapshot(result.updatedInput);
      }
      // After the rewrite is made from it: the in-place edit is what a runtime that hands hooks its own object lets through.
      if (hook.mutate) applyEditInPlace(input?.toolInput, hook.mutate);
      log.hooks.push(record);
      return result;
    },
  }));

  const policy = (input: ToolPolicyInput): PolicyDecision | Promise<PolicyDecision> => {
    const parsed = input?.parsedArguments;
    const record: PolicyRecord = {
      ...stamp(),
      callId: String(input?.callId),
      tool: String(input?.toolName),
      rawArguments: typeof input?.rawArguments === "string" ? input.rawArguments : null,
      parsedRef: parsed,
      parsedAtEntry: snapshot(parsed),
      requestedAtEntry: input?.requestedArguments === undefined ? undefined : snapshot(input.requestedArguments),
      requestedRef: input?.requestedArguments,
      argsCanonicalJson: typeof input?.argsCanonicalJson === "string" ? input.argsCanonicalJson : undefined,
      proposalHash: typeof input?.proposalHash === "string" ? input.proposalHash : undefined,
      decision: decide(testCase.policy, input ?? ({} as ToolPolicyInput), { grants }),
      inherited: inheritedMembers(parsed),
    };
    log.policies.push(record);
    const { mutate, mutateLate } = testCase.policy;
    if (!mutate) return record.decision;
    const edit = () => {
      applyEditInPlace(parsed, mutate);
      // A runtime that hands the policy read-only arguments leaves nothing to change.
      record.mutation = sameSnapshot(snapshot(parsed), record.parsedAtEntry) ? "unchanged" : "changed";
    };
    if (!mutateLate) {
      edit();
      return record.decision;
    }
    // The edit happens after the policy has yielded: a runtime must wait for the decision before checking.
    return new Promise((resolve) =>
      setImmediate(() => {
        edit();
        resolve(record.decision);
      }),
    );
  };

  let current: Record<string, WiredTool> = tools;
  return {
    wiring: { agentName: AGENT_NAME, tools, handoffs, hooks, policy },
    log,
    grants,
    enterStep(next) {
      step = next;
    },
    redefine(redefined) {
      // A new map, so that a runtime holding the old one is not changed behind its back.
      current = { ...current };
      for (const [name, definition] of Object.entries(redefined)) {
        retired.set(current[name]!, `the definition of tool ${name} from before step ${step + 1} redefined it`);
        current[name] = toolProbe(name, definition);
      }
      return current;
    },
    staleUses,
  };
}
