// Puts the Vercel AI SDK (npm "ai" 6.0.325) under test: the harness's probes become AI SDK tools,
// and each harness turn is one run of the SDK's own top-level entry point, generateText, with a
// scripted model (MockLanguageModelV3 from "ai/test") whose one response is exactly the turn's
// tool calls. The SDK decodes, validates, asks for approval and executes by itself; this file
// only translates names, and the session (session.ts, shared with the ai 7 adapter in
// vercel-ai-7/) reads the SDK's own result objects.
//
// Policy mapping (the SDK's only per-call authorization point is the boolean callback
// `needsApproval(input, { toolCallId, messages })` of a tool):
//   - wiring.policy runs inside needsApproval, once per time the SDK calls it, with
//     parsedArguments = the very `input` object the SDK hands the callback; no requestedArguments
//     (the SDK hands the callback no pre-schema view); no rawArguments (the SDK hands the callback
//     no raw string, and a raw view the adapter filled in would certify the adapter: no "raw-view"
//     capability, so INV-8 is not applicable); toolName = the key
//     the SDK dispatched the call under (one needsApproval per tool, so it is that tool's name);
//     callId = the SDK's toolCallId; no argsCanonicalJson / proposalHash (the SDK hands the callback
//     none; with experimental_toolApprovalSecret it hashes the parsed input only to sign the
//     approval request, after needsApproval has answered: see approvalSecret below).
//   - allow -> false: no approval needed, the SDK executes the tool in the same step.
//   - require_approval -> true: the SDK emits a tool-approval-request and does not execute;
//     reported "suspended" from that record (its toolCall.input as parsedArguments; the
//     pre-schema view as the SDK itself reads it back, see suspended() below).
//   - deny -> true, then, within the same harness turn, the approval request is answered through
//     the SDK's own rejection path (a second generateText call whose last message is a "tool"
//     message with a tool-approval-response { approved: false, reason }); reported "denied" with
//     the reason the SDK wrote into its execution-denied tool result (what the model sees).
import { generateText, JSONParseError, stepCountIs, tool, TypeValidationError, type GenerateTextResult, type ModelMessage, type ToolSet } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import type { ZodType } from "zod";
import { installedVersion } from "../installed-version.ts";
import { APPROVAL_SECRET, PolicyPoint, scriptedModel, vercelAiSession, type RecordedMessage, type ScriptedCall, type VercelAiConfiguration } from "./session.ts";
import type { Adapter, AdapterSession, CallOutcome, SessionWiring } from "../../harness/adapter.ts";

type Result = GenerateTextResult<ToolSet, never>;

export interface VercelAiAdapterOptions extends VercelAiConfiguration {
  /** Lets a test see every generateText result of a session (the SDK's own record of each run). */
  onGenerateText?: (result: Result) => void;
}

export function vercelAiAdapter(options: VercelAiAdapterOptions = {}): Adapter {
  return {
    name: options.name ?? "ai",
    version: installedVersion("ai"),
    // Approval: needsApproval suspends a call. Batch: one model response may hold several tool
    // calls, all parsed and executed in one step. Resume: a pending call is answered with the
    // SDK's own tool-approval-response. Replay: the SDK resumes from the conversation the
    // application hands back, which a client can change (session.ts, replayed). No hooks, and no
    // hash the policy or a suspended proposal is handed (the approval secret's signature is
    // neither), so no proposal-hash or fingerprint.
    capabilities: ["approval", "batch", "replay", "resume"],
    createSession: (wiring) => createSession(wiring, options),
  };
}

function createSession(wiring: SessionWiring, options: VercelAiAdapterOptions): AdapterSession {
  // Session state, nothing shared between sessions: the policy's decisions of the turn, and a
  // counter behind the SDK's id generator.
  const policy = new PolicyPoint(wiring);
  let nextId = 0;
  // generateText's `_internal.generateId` (declared in its options, "for test use") names the
  // approval ids and response ids; a counter makes two runs of a case give the same ids.
  const generateId = () => `vercel-ai-${++nextId}`;

  const tools: ToolSet = {};
  for (const [name, wired] of Object.entries(wiring.tools)) {
    tools[name] = tool({
      // The probe schema itself (a Zod 4 schema): the SDK validates with it once per call in
      // doParseToolCall, through provider-utils' zod4Schema (zod's safeParseAsync, not ~standard).
      inputSchema: wired.schema as ZodType,
      // The SDK's args object and its tool call id, passed on untouched.
      execute: (input, { toolCallId }) => wired.execute(input, { callId: toolCallId }),
      // allow -> false: the SDK executes the call in the same step; otherwise true: it emits an
      // approval request (a deny is then rejected through the SDK's own path: `rejects` below).
      needsApproval: async (input, { toolCallId }) => (await policy.decide(name, input, toolCallId)).decision !== "allow",
    });
  }

  return vercelAiSession(policy, {
    // Telemetry off, no retries, one step (the SDK's own default stop condition, written out), so
    // the run is this turn's one model step.
    async generate(history: readonly RecordedMessage[], calls: readonly ScriptedCall[]) {
      const result = (await generateText({
        model: new MockLanguageModelV3({ doGenerate: scriptedModel(calls) }),
        tools,
        // The SDK's own messages (and the user prompt and approval answers in its shapes), passed back as they are.
        messages: history as ModelMessage[],
        stopWhen: stepCountIs(1),
        maxRetries: 0,
        experimental_telemetry: { isEnabled: false },
        ...(options.approvalSecret !== undefined && { experimental_toolApprovalSecret: options.approvalSecret }),
        _internal: { generateId },
      })) as Result;
      options.onGenerateText?.(result);
      return { content: result.steps.flatMap((step) => step.content), messages: result.response.messages };
    },
    invalid,
    rejects: true,
  });
}

/**
 * A call the SDK recorded as invalid: doParseToolCall throws InvalidToolInputError whose cause is
 * JSONParseError (from safeParseJSON's decoding) or TypeValidationError (from the schema's validate).
 */
function invalid(callId: string, error: unknown): CallOutcome {
  const cause = (error as { cause?: unknown }).cause;
  const stage = JSONParseError.isInstance(cause) ? "json" : TypeValidationError.isInstance(cause) ? "schema" : undefined;
  if (stage === undefined) throw new Error(`call ${callId}: the SDK's error is neither a JSON nor a schema error: ${String(error)}`);
  return { callId, outcome: "invalid", stage, message: (error as Error).message };
}

export default vercelAiAdapter({ approvalSecret: APPROVAL_SECRET });
