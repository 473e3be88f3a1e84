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
//
// No hooks. ai 7's `experimental_refineToolInput` is not a PreToolUse hook in the suite's sense
// (spec/adapter-contract.md, "Hooks": a step that may rewrite or deny the decoded request before
// the single parse); it is the application's own post-parse normalization, part of how the SDK
// prepares a tool's input:
//   - the SDK documents it as normalizing "a parsed tool input" when a tool's schema cannot be
//     changed (docs/02-foundations/04-tools.mdx, "Refining Tool Inputs"), and types it over the
//     schema's output, returning the same type (ToolInputRefinement, src/generate-text/
//     tool-input-refinement.ts); it is handed the input alone: no call id, messages or context;
//   - parseToolCall calls it (refineParsedToolCallInput, src/generate-text/parse-tool-call.ts)
//     right after doParseToolCall's decoding and schema validation, as the last step of parsing a
//     call; what it returns is the call's input, which toolApproval evaluates and execute runs;
//   - a resume applies it again to the re-validated input and requires the result to equal what
//     was approved (validateApprovedToolApprovals): a deterministic function of the parsed input;
//   - it has no decision: a throw there makes the call an invalid tool call (parseToolCall's
//     catch), reported to the model as an input error, not a denial.
// So what it returns is, in RFC-0015's terms, the parsed arguments, and the configuration
// declares no `hooks` capability and wires nothing into it: the hook cases are skipped, as for
// ai 6. (Before issue 32 this adapter chained the hooks in it; git history has that version.)
import { generateText, isStepCount, JSONParseError, tool, TypeValidationError, type ModelMessage, type ToolApprovalStatus, type ToolSet } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import type { ZodType } from "zod";
import { installedVersion } from "../installed-version.ts";
import { APPROVAL_SECRET, PolicyPoint, scriptedModel, vercelAiSession, type RecordedMessage, type ScriptedCall, type VercelAiConfiguration } from "../vercel-ai/session.ts";
import type { Adapter, AdapterSession, CallOutcome, PolicyDecision, SessionWiring } from "../../harness/adapter.ts";

/** What generateText returns here: no runtime context, text output. */
export type Result = Awaited<ReturnType<typeof generateText<ToolSet>>>;

export interface VercelAi7AdapterOptions extends VercelAiConfiguration {
  /** Lets a test see every generateText result of a session (the SDK's own record of each run). */
  onGenerateText?: (result: Result) => void;
}

export function vercelAi7Adapter(options: VercelAi7AdapterOptions = {}): Adapter {
  return {
    name: options.name ?? "ai",
    // The version this folder's imports load (its node_modules), not the root's ai 6.
    version: installedVersion("ai", import.meta.url),
    // As ai 6: toolApproval suspends a call; one model response may hold several calls; a pending
    // call is answered with the SDK's own tool-approval-response. No hooks (see above), and no
    // hash the policy or a suspended proposal is handed.
    capabilities: ["approval", "batch", "replay", "resume"],
    createSession: (wiring) => createSession(wiring, options),
  };
}

function createSession(wiring: SessionWiring, options: VercelAi7AdapterOptions): AdapterSession {
  const policy = new PolicyPoint(wiring);
  let nextId = 0;
  // The approval ids and response ids, named by a counter so that two runs of a case give the same ids.
  const generateId = () => `vercel-ai-${++nextId}`;

  const tools: ToolSet = {};
  const toolApproval: Record<string, (input: unknown, options: { toolCallId: string }) => Promise<ToolApprovalStatus>> = {};
  for (const [name, wired] of Object.entries(wiring.tools)) {
    tools[name] = tool({
      // The probe schema itself: the SDK validates with it once per call in doParseToolCall.
      inputSchema: wired.schema as unknown as ZodType,
      // The SDK's args object and its tool call id, passed on untouched.
      execute: (input: unknown, { toolCallId }: { toolCallId: string }) => wired.execute(input, { callId: toolCallId }),
    });
    toolApproval[name] = async (input, { toolCallId }) => approvalStatus(await policy.decide(name, input, toolCallId));
  }

  return vercelAiSession(policy, {
    // Telemetry off, no retries, one step (the SDK's default stop condition, written out).
    async generate(history: readonly RecordedMessage[], calls: readonly ScriptedCall[]) {
      const result = await generateText({
        model: new MockLanguageModelV4({ doGenerate: scriptedModel(calls) }),
        tools,
        // The SDK's own messages (and the user prompt and approval answers in its shapes), passed back as they are.
        messages: history as ModelMessage[],
        toolApproval,
        stopWhen: isStepCount(1),
        maxRetries: 0,
        telemetry: { isEnabled: false },
        ...(options.approvalSecret !== undefined && { experimental_toolApprovalSecret: options.approvalSecret }),
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

/**
 * A call the SDK recorded as invalid (parseToolCall's record, error included): InvalidToolInputError
 * whose cause is JSONParseError (decoding) or TypeValidationError (the schema).
 */
function invalid(callId: string, error: unknown): CallOutcome {
  const cause = (error as { cause?: unknown }).cause;
  const stage = JSONParseError.isInstance(cause) ? "json" : TypeValidationError.isInstance(cause) ? "schema" : undefined;
  if (stage === undefined) throw new Error(`call ${callId}: the SDK's error is neither a JSON nor a schema error: ${String(error)}`);
  return { callId, outcome: "invalid", stage, message: (error as Error).message };
}

export default vercelAi7Adapter({ approvalSecret: APPROVAL_SECRET });
