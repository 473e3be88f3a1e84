// Puts the Vercel AI SDK 7 (npm "ai" 7.0.173, installed in this folder: it needs Node.js 22) under
// test the way adapters/vercel-ai/adapter.ts puts ai 6: the harness's probes become AI SDK tools, and each
// harness turn is one run of generateText with a scripted model (MockLanguageModelV4 from
// "ai/test") whose one response is exactly the turn's tool calls. The session, and the reading of
// the SDK's records, are adapters/vercel-ai/session.ts, shared with ai 6. Run it on Node.js 22+:
//   npx tsx harness/cli.ts run --adapter adapters/vercel-ai-7/adapter.ts --node adapters/vercel-ai-7/node_modules/node22/bin/node
//
// Where ai 7 differs from ai 6:
//   - The policy runs in generateText's `toolApproval` (one function per tool, handed the parsed
//     input and the call's id): allow -> "not-applicable" (no approval, the SDK executes the call,
//     as needsApproval false in ai 6), require_approval -> "user-approval" (an approval request
//     the SDK waits on), deny -> { type: "denied", reason }: the SDK answers the call itself and
//     records an execution-denied result with the reason in the run's responseMessages. No second
//     run is needed to reject.
//   - The hooks run in `experimental_refineToolInput` (one function per tool, handed the parsed
//     input): the SDK calls it once per valid call, before the approval point, and executes what
//     it returns. The hooks that apply to the tool run in order there, each handed what the one
//     before it left; `updatedInput` is returned to the SDK; a deny can only be a throw there,
//     which the SDK records as an invalid call holding the error (read back as the denial with the
//     hook's reason). The SDK hands it no call id: the call it refines is the one call of that tool
//     in the run; with two calls of one tool in a run the adapter cannot tell which, and says so
//     (the case errors).
import { generateText, isStepCount, JSONParseError, tool, TypeValidationError, type ModelMessage, type ToolApprovalStatus, type ToolSet } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import type { ZodType } from "zod";
import { installedVersion } from "../installed-version.ts";
import { PolicyPoint, scriptedModel, vercelAiSession, type RecordedMessage, type RunCalls, type ScriptedCall } from "../vercel-ai/session.ts";
import type { Adapter, AdapterSession, CallOutcome, PolicyDecision, SessionWiring } from "../../harness/adapter.ts";

/** A hook's deny, thrown from experimental_refineToolInput (the SDK's only way to stop a call there). */
class HookDenied extends Error {
  constructor(
    readonly hookId: string,
    readonly reason: string | undefined,
  ) {
    super(`hook ${hookId} denied the call${reason ? `: ${reason}` : ""}`);
  }
}

/** The SDK called a tool's refine function in a run with several calls of that tool: it says not which. */
class UntoldCall extends Error {}

/** What generateText returns here: no runtime context, text output. */
export type Result = Awaited<ReturnType<typeof generateText<ToolSet>>>;

/** Lets a test see every generateText result of a session (the SDK's own record of each run). */
export interface VercelAi7AdapterOptions {
  onGenerateText?: (result: Result) => void;
}

export function vercelAi7Adapter(options: VercelAi7AdapterOptions = {}): Adapter {
  return {
    name: "ai",
    // The version this folder's imports load (its node_modules), not the root's ai 6.
    version: installedVersion("ai", import.meta.url),
    // ai 6's three, and hooks: experimental_refineToolInput replaces a call's input before its
    // approval point and its execution, and can stop it (by throwing). No hashes or fingerprints.
    capabilities: ["approval", "batch", "hooks", "resume"],
    createSession: (wiring) => createSession(wiring, options),
  };
}

function createSession(wiring: SessionWiring, options: VercelAi7AdapterOptions): AdapterSession {
  const policy = new PolicyPoint(wiring);
  let nextId = 0;
  // The approval ids and response ids, named by a counter so that two runs of a case give the same ids.
  const generateId = () => `vercel-ai-${++nextId}`;
  // The calls the current generateText run handles: where a refine function finds its call's id.
  let running: RunCalls = [];

  const tools: ToolSet = {};
  const toolApproval: Record<string, (input: unknown, options: { toolCallId: string }) => Promise<ToolApprovalStatus>> = {};
  const refineToolInput: Record<string, (input: unknown) => Promise<unknown>> = {};
  for (const [name, wired] of Object.entries(wiring.tools)) {
    tools[name] = tool({
      // The probe schema itself: the SDK validates with it once per call in doParseToolCall.
      inputSchema: wired.schema as unknown as ZodType,
      // The SDK's args object and its tool call id, passed on untouched.
      execute: (input: unknown, { toolCallId }: { toolCallId: string }) => wired.execute(input, { callId: toolCallId }),
    });
    toolApproval[name] = async (input, { toolCallId }) => approvalStatus(await policy.decide(name, input, toolCallId));
    const hooks = wiring.hooks.filter((hook) => hook.appliesTo(name));
    // Only tools with hooks get a refine function: without one the SDK leaves the parsed input as it is.
    if (hooks.length === 0) continue;
    refineToolInput[name] = async (input) => {
      const callId = runningCall(running, name);
      let current = input;
      for (const hook of hooks) {
        // The object the SDK hands over, or the previous hook's replacement, as it is: the SDK copies nothing.
        const result = await hook.run({ hookId: hook.id, toolName: name, callId, toolInput: current });
        if (result?.decision === "deny") throw new HookDenied(hook.id, result.reason);
        if (result?.updatedInput !== undefined) current = result.updatedInput;
      }
      return current;
    };
  }

  return vercelAiSession(policy, {
    // Telemetry off, no retries, one step (the SDK's default stop condition, written out).
    async generate(history: readonly RecordedMessage[], calls: readonly ScriptedCall[], handles: RunCalls) {
      running = handles;
      const result = await generateText({
        model: new MockLanguageModelV4({ doGenerate: scriptedModel(calls) }),
        tools,
        // The SDK's own messages (and the user prompt and approval answers in its shapes), passed back as they are.
        messages: history as ModelMessage[],
        toolApproval,
        experimental_refineToolInput: refineToolInput,
        stopWhen: isStepCount(1),
        maxRetries: 0,
        telemetry: { isEnabled: false },
        _internal: { generateId },
      });
      options.onGenerateText?.(result);
      return { content: result.steps.flatMap((step) => step.content), messages: result.responseMessages };
    },
    invalid,
  });
}

/** The harness's decision as the status toolApproval answers with. */
function approvalStatus(decided: PolicyDecision): ToolApprovalStatus {
  if (decided.decision === "allow") return "not-applicable";
  if (decided.decision === "deny") return { type: "denied", reason: decided.reason };
  return "user-approval";
}

/** The call a refine function was called for: the run's one call of that tool (the SDK hands it no id). */
function runningCall(running: RunCalls, toolName: string): string {
  const calls = running.filter((call) => call.toolName === toolName);
  if (calls.length === 1) return calls[0]!.callId;
  throw new UntoldCall(
    `experimental_refineToolInput is handed no call id, and this generateText run has ${calls.length} calls of tool ${toolName}: which one the hooks run for cannot be told`,
  );
}

/**
 * A call the SDK recorded as invalid (parseToolCall's record, error included): InvalidToolInputError
 * whose cause is JSONParseError or TypeValidationError, or the error a refine function threw.
 */
function invalid(callId: string, error: unknown): CallOutcome {
  if (error instanceof HookDenied) return { callId, outcome: "denied", reason: error.reason ?? "" };
  if (error instanceof UntoldCall) throw error;
  const cause = (error as { cause?: unknown }).cause;
  const stage = JSONParseError.isInstance(cause) ? "json" : TypeValidationError.isInstance(cause) ? "schema" : undefined;
  if (stage === undefined) throw new Error(`call ${callId}: the SDK's error is neither a JSON nor a schema error nor a hook's deny: ${String(error)}`);
  return { callId, outcome: "invalid", stage, message: (error as Error).message };
}

export default vercelAi7Adapter();
