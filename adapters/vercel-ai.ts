// Puts the Vercel AI SDK (npm "ai" 6.0.325) under test: the harness's probes become AI SDK tools,
// and each harness turn is one run of the SDK's own top-level entry point, generateText, with a
// scripted model (MockLanguageModelV3 from "ai/test") whose one response is exactly the turn's
// tool calls. The SDK decodes, validates, asks for approval and executes by itself; this file
// only translates names and reads the SDK's own result objects.
//
// Policy mapping (the SDK's only per-call authorization point is the boolean callback
// `needsApproval(input, { toolCallId, messages })` of a tool):
//   - wiring.policy runs inside needsApproval, once per time the SDK calls it, with
//     parsedArguments = the very `input` object the SDK hands the callback; no requestedArguments
//     (the SDK hands the callback no pre-schema view); no rawArguments (the SDK hands the callback
//     no raw string, and a raw view the adapter filled in would certify the adapter: no "raw-view"
//     capability, so INV-8 is not applicable); toolName = the key
//     the SDK dispatched the call under (one needsApproval per tool, so it is that tool's name);
//     callId = the SDK's toolCallId; no argsCanonicalJson / proposalHash (the SDK computes none).
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
import { installedVersion } from "./installed-version.ts";
import type { Adapter, AdapterSession, ApprovalAnswer, CallOutcome, ModelCall, PolicyDecision, SessionWiring, SuspendedToolProposal } from "../harness/adapter.ts";

type Result = GenerateTextResult<ToolSet, never>;

/** Lets a test see every generateText result of a session (the SDK's own record of each run). */
export interface VercelAiAdapterOptions {
  onGenerateText?: (result: Result) => void;
}

// The usage a provider reports; the scripted model uses no tokens.
const NO_USAGE = {
  inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 0, text: 0, reasoning: 0 },
};

export function vercelAiAdapter(options: VercelAiAdapterOptions = {}): Adapter {
  return {
    name: "ai",
    version: installedVersion("ai"),
    // Approval: needsApproval suspends a call. Batch: one model response may hold several tool
    // calls, all parsed and executed in one step. Resume: a pending call is answered with the
    // SDK's own tool-approval-response. No hooks, hashes or fingerprints in the SDK.
    capabilities: ["approval", "batch", "resume"],
    createSession: (wiring) => createSession(wiring, options),
  };
}

function createSession(wiring: SessionWiring, options: VercelAiAdapterOptions): AdapterSession {
  // Session state, nothing shared between sessions: the current turn, the policy's decision per
  // call id of the turn (only to know which approval requests to reject), and a counter behind
  // the SDK's id generator.
  let turn = 0;
  const decisions = new Map<string, PolicyDecision>();
  // The calls waiting for a reviewer: the conversation that holds the SDK's approval request, and its id.
  const pending = new Map<string, { conversation: ModelMessage[]; approvalId: string }>();
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
      needsApproval: async (input, { toolCallId }) => {
        const decided = await wiring.policy({
          agentName: wiring.agentName,
          toolName: name,
          callId: toolCallId,
          turn,
          parsedArguments: input,
        });
        decisions.set(toolCallId, decided);
        return decided.decision !== "allow";
      },
    });
  }

  // One generateText run: the scripted model answers its first request with `content` and any
  // later request of the same run with plain text. Telemetry off, no retries, one step (the
  // SDK's own default stop condition, written out), so the run is this turn's one model step.
  async function run(messages: ModelMessage[], content: { type: "tool-call"; toolCallId: string; toolName: string; input: string }[]): Promise<Result> {
    let asked = 0;
    const model = new MockLanguageModelV3({
      doGenerate: async () =>
        asked++ === 0 && content.length > 0
          ? { content, finishReason: { unified: "tool-calls", raw: undefined }, usage: NO_USAGE, warnings: [] }
          : { content: [{ type: "text", text: "done" }], finishReason: { unified: "stop", raw: undefined }, usage: NO_USAGE, warnings: [] },
    });
    const result = (await generateText({
      model,
      tools,
      messages,
      stopWhen: stepCountIs(1),
      maxRetries: 0,
      experimental_telemetry: { isEnabled: false },
      _internal: { generateId },
    })) as Result;
    options.onGenerateText?.(result);
    return result;
  }

  return {
    async runTurn(calls: readonly ModelCall[], turnNumber: number): Promise<CallOutcome[]> {
      turn = turnNumber;
      // Each turn starts a fresh conversation: the harness resumes a suspended call by proposing
      // it again, never by answering the SDK's approval request, and the SDK refuses a history
      // with an unanswered tool call (MissingToolResultsError in convertToLanguageModelPrompt).
      // It needs nothing else from earlier turns to process this turn's calls.
      const prompt: ModelMessage[] = [{ role: "user", content: `turn ${turnNumber}` }];
      const first = await run(
        prompt,
        // Each call's id as the tool call id and its raw string, byte for byte, as the input.
        calls.map((call) => ({ type: "tool-call", toolCallId: call.callId, toolName: call.toolName, input: call.rawArguments })),
      );
      const content = first.steps.flatMap((step) => step.content);

      const outcomes = new Map<string, CallOutcome>();
      const rejections: { approvalId: string; reason: string }[] = [];
      // One conversation per turn: the SDK resumes a message's calls only when all its requests are answered at once.
      const conversation: ModelMessage[] = [...prompt, ...first.response.messages];
      for (const part of content) {
        if (part.type === "tool-call" && part.invalid) {
          // doParseToolCall throws InvalidToolInputError whose cause is JSONParseError (from
          // safeParseJSON's decoding) or TypeValidationError (from the schema's validate).
          const error = part.error as Error & { cause?: unknown };
          const stage = JSONParseError.isInstance(error.cause) ? "json" : TypeValidationError.isInstance(error.cause) ? "schema" : undefined;
          if (stage === undefined) throw new Error(`call ${part.toolCallId}: the SDK's error is neither a JSON nor a schema error: ${String(error)}`);
          outcomes.set(part.toolCallId, { callId: part.toolCallId, outcome: "invalid", stage, message: error.message });
        } else if (part.type === "tool-result") {
          outcomes.set(part.toolCallId, { callId: part.toolCallId, outcome: "executed", result: part.output });
        } else if (part.type === "tool-approval-request") {
          const callId = part.toolCall.toolCallId;
          const decided = decisions.get(callId);
          if (decided?.decision === "deny") rejections.push({ approvalId: part.approvalId, reason: decided.reason });
          else {
            outcomes.set(callId, { callId, outcome: "suspended", proposal: suspended(first, part.approvalId, part.toolCall) });
            pending.set(callId, { conversation, approvalId: part.approvalId });
          }
        }
      }

      if (rejections.length > 0) {
        // The SDK's rejection path: collectToolApprovals reads the responses from the last
        // message, and generateText writes an execution-denied tool result for each. The SDK
        // then asks the model again, and refuses to while another call of the history has no
        // result: a turn holding both a deny and a require_approval throws
        // MissingToolResultsError here (the case errors; no case of the suite has such a turn).
        const second = await run(
          [...prompt, ...first.response.messages, { role: "tool", content: rejections.map(({ approvalId, reason }) => ({ type: "tool-approval-response" as const, approvalId, approved: false, reason })) }],
          [],
        );
        for (const message of second.response.messages) {
          if (message.role !== "tool") continue;
          for (const part of message.content) {
            if (part.type === "tool-result" && part.output.type === "execution-denied") {
              // The reason as the SDK recorded it; a record without one is reported as "".
              outcomes.set(part.toolCallId, { callId: part.toolCallId, outcome: "denied", reason: part.output.reason ?? "" });
            }
          }
        }
      }

      for (const call of calls) if (outcomes.get(call.callId)?.outcome !== "suspended") pending.delete(call.callId);
      // Every call must have got one outcome from the SDK's records; anything else is a crash.
      return calls.map((call) => {
        const outcome = outcomes.get(call.callId);
        if (!outcome) throw new Error(`the SDK's result holds no outcome for call ${call.callId}: ${JSON.stringify(content.map((part) => part.type))}`);
        return outcome;
      });
    },

    // The SDK's own approve-and-resume path: a generateText call whose history is the turn's
    // conversation and whose last message answers the approval requests (collectToolApprovals);
    // the SDK validates each approved call again, asks needsApproval again and runs it
    // (validateApprovedToolApprovals, executeTools), and records each outcome as a tool result.
    async resume(answers: readonly ApprovalAnswer[]): Promise<CallOutcome[]> {
      const byConversation = new Map<ModelMessage[], ApprovalAnswer[]>();
      for (const answer of answers) {
        const waiting = pending.get(answer.callId);
        if (!waiting) throw new Error(`no approval request of the SDK is waiting for call ${answer.callId}`);
        byConversation.set(waiting.conversation, [...(byConversation.get(waiting.conversation) ?? []), answer]);
      }
      const outcomes = new Map<string, CallOutcome>();
      for (const [conversation, group] of byConversation) {
        const responses = group.map((answer) => ({ type: "tool-approval-response" as const, approvalId: pending.get(answer.callId)!.approvalId, approved: answer.approved, ...(answer.reason !== undefined && { reason: answer.reason }) }));
        const resumed = await run([...conversation, { role: "tool", content: responses }], []);
        for (const message of resumed.response.messages) {
          if (message.role !== "tool") continue;
          for (const part of message.content) if (part.type === "tool-result") outcomes.set(part.toolCallId, resumedOutcome(part.toolCallId, part.output));
        }
        for (const answer of group) pending.delete(answer.callId);
      }
      return answers.map((answer) => {
        const outcome = outcomes.get(answer.callId);
        if (!outcome) throw new Error(`the SDK's result holds no outcome for resumed call ${answer.callId}`);
        return outcome;
      });
    },
  };
}

/** What the SDK recorded for a resumed call: denied (its execution-denied result), invalid (it failed validating again), or run. */
function resumedOutcome(callId: string, output: { type: string; reason?: string; value?: unknown }): CallOutcome {
  if (output.type === "execution-denied") return { callId, outcome: "denied", reason: output.reason ?? "" };
  if (output.type === "error-text" || output.type === "error-json") return { callId, outcome: "invalid", stage: "schema", message: String(output.value) };
  return { callId, outcome: "executed", result: output.value };
}

/**
 * A suspended proposal from the SDK's pending-approval record: the approval request's tool call
 * (its input is the object the SDK would execute) and the request view as the SDK reads it back
 * when the approval is answered (validateApprovedToolApprovals): the stored request's
 * `inputSchemaInput` when present, else the tool call's input (toResponseMessages stores
 * `inputSchemaInput` only when it differs from the input). The SDK keeps no raw string.
 */
function suspended(result: Result, approvalId: string, toolCall: { toolCallId: string; toolName: string; input: unknown }): SuspendedToolProposal {
  let requestedArguments: unknown = toolCall.input;
  for (const message of result.response.messages) {
    if (message.role !== "assistant" || typeof message.content === "string") continue;
    for (const part of message.content) {
      if (part.type === "tool-approval-request" && part.approvalId === approvalId && Object.prototype.hasOwnProperty.call(part, "inputSchemaInput")) {
        requestedArguments = (part as { inputSchemaInput?: unknown }).inputSchemaInput;
      }
    }
  }
  return { kind: "tool", callId: toolCall.toolCallId, toolName: toolCall.toolName, requestedArguments, parsedArguments: toolCall.input };
}

export default vercelAiAdapter();
