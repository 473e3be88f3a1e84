// What the Vercel AI SDK adapters share (adapters/vercel-ai/adapter.ts for ai 6, adapters/vercel-ai-7/
// adapter.ts for ai 7): where the two versions behave the same, one harness session over
// generateText runs. Nothing here imports "ai": each adapter hands in its own version's runs (an
// import of "ai" from adapters/ loads the root's ai 6, from adapters/vercel-ai-7/ that folder's
// ai 7), and the shapes read here are the records both versions write.
//
// A turn is one generateText run on a fresh conversation whose scripted model answers with the
// turn's calls. Each call's outcome is read from the SDK's records of the run: an invalid tool
// call (the adapter says at which stage), a tool result (executed), an approval request the SDK
// waits on (suspended), or an execution-denied tool result in its response messages (denied).
// ai 6 has no denied answer at its approval point: a deny is answered through its rejection path
// in a second run (VercelAiRuns.rejects). A resume answers the SDK's own pending requests.
import type { AdapterSession, ApprovalAnswer, CallOutcome, ModelCall, PolicyDecision, SessionWiring, SuspendedToolProposal } from "../../harness/adapter.ts";

/** What both adapters can be configured with beside seeing their runs. */
export interface VercelAiConfiguration {
  /**
   * generateText's `experimental_toolApprovalSecret`, set as the SDK's docs show: the SDK then
   * HMAC-signs each approval request over its approval id, tool call id, tool name and the SHA-256
   * of the canonical JSON of the parsed input (ai 7.0.36 and later sign a versioned JSON array of
   * them, ai 6 the fields joined by newlines), and verifies the signature when a resume replays the
   * approval. Nothing of it reaches the harness: the policy is handed no hash, and a suspended
   * proposal has no field for the signature.
   */
  approvalSecret?: string;
  /** The adapter's name in reports (the SDK's package name when absent). */
  name?: string;
}

/**
 * The published configurations set the approval secret, as the SDK's docs tell an application
 * whose approvals come back from a client to do: the SDK then binds each approval to the hash of
 * the parsed input it suspended. That binding is the SDK's own; the harness sees it only as what
 * runs on resume (the policy is handed no hash, so the hash requirements stay not applicable).
 */
export const APPROVAL_SECRET = "effective-args approval secret";

/** A tool call as the scripted model sends it: the call's id, its tool and its raw string, byte for byte. */
export interface ScriptedCall {
  type: "tool-call";
  toolCallId: string;
  toolName: string;
  input: string;
}

/** A part of a step's content, as both versions record it (only what is read here). */
export interface RecordedPart {
  type: string;
  toolCallId?: string;
  invalid?: boolean;
  error?: unknown;
  output?: unknown;
  approvalId?: string;
  /** ai 7: an approval the SDK answered itself (a denied or approved status), which nobody waits on. */
  isAutomatic?: boolean;
  toolCall?: { toolCallId: string; toolName: string; input: unknown };
}

/** A part of a response message. */
export interface MessagePart {
  type: string;
  toolCallId?: string;
  approvalId?: string;
  output?: { type: string; reason?: string; value?: unknown };
  inputSchemaInput?: unknown;
}

/** A message of the conversation: the SDK's own response messages, passed back to it as they are. */
export interface RecordedMessage {
  role: string;
  content: string | readonly MessagePart[];
}

/** What the session reads from one generateText run: every step's content, and the run's response messages. */
export interface RecordedRun {
  content: readonly RecordedPart[];
  messages: readonly RecordedMessage[];
}

/** The calls a run handles, by id and tool: the turn's, or the approved calls of a resume. */
export type RunCalls = readonly { callId: string; toolName: string }[];

export interface VercelAiRuns {
  /** One generateText run on `history`, whose scripted model answers its first request with `calls`, and any later one with text. */
  generate(history: readonly RecordedMessage[], calls: readonly ScriptedCall[], handles: RunCalls): Promise<RecordedRun>;
  /** The outcome of a call the SDK recorded as invalid, from the error on its record. */
  invalid(callId: string, error: unknown): CallOutcome;
  /** ai 6: a deny is an approval request that the session answers through the SDK's rejection path. */
  rejects?: boolean;
}

/** The usage a provider reports; the scripted model uses no tokens. */
const NO_USAGE = {
  inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 0, text: 0, reasoning: 0 },
};

/** The scripted model's doGenerate (MockLanguageModelV3 and V4 take the same): `calls` to the first request of a run, text to any later one. */
export function scriptedModel(calls: readonly ScriptedCall[]) {
  let asked = 0;
  return async () =>
    asked++ === 0 && calls.length > 0
      ? { content: [...calls], finishReason: { unified: "tool-calls" as const, raw: undefined }, usage: NO_USAGE, warnings: [] }
      : { content: [{ type: "text" as const, text: "done" }], finishReason: { unified: "stop" as const, raw: undefined }, usage: NO_USAGE, warnings: [] };
}

/**
 * The harness's policy at the SDK's per-call approval point: parsedArguments is the very input the
 * SDK hands the callback; no raw string, request view or hash (the SDK hands the callback none).
 * Each decision is kept by call id for the turn, to tell a deny from a require_approval.
 */
export class PolicyPoint {
  turn = 0;
  readonly decisions = new Map<string, PolicyDecision>();
  constructor(private readonly wiring: SessionWiring) {}

  async decide(toolName: string, input: unknown, callId: string): Promise<PolicyDecision> {
    const decided = await this.wiring.policy({ agentName: this.wiring.agentName, toolName, callId, turn: this.turn, parsedArguments: input });
    this.decisions.set(callId, decided);
    return decided;
  }
}

export function vercelAiSession(policy: PolicyPoint, runs: VercelAiRuns): AdapterSession {
  // The calls waiting for a reviewer: the conversation that holds the SDK's approval request, and its id.
  const pending = new Map<string, { conversation: RecordedMessage[]; approvalId: string }>();

  return {
    async runTurn(calls: readonly ModelCall[], turnNumber: number): Promise<CallOutcome[]> {
      policy.turn = turnNumber;
      // Each turn starts a fresh conversation: the harness proposes a suspended call again rather
      // than answering the SDK's request, and the SDK refuses a history with an unanswered tool
      // call (MissingToolResultsError in convertToLanguageModelPrompt).
      const prompt: RecordedMessage[] = [{ role: "user", content: `turn ${turnNumber}` }];
      const handles = calls.map(({ callId, toolName }) => ({ callId, toolName }));
      const first = await runs.generate(prompt, calls.map((call) => ({ type: "tool-call", toolCallId: call.callId, toolName: call.toolName, input: call.rawArguments })), handles);

      const outcomes = new Map<string, CallOutcome>();
      const rejections: { approvalId: string; reason: string }[] = [];
      // One conversation per turn: the SDK resumes a message's calls only when all its requests are answered at once.
      const conversation = [...prompt, ...first.messages];
      for (const part of first.content) {
        const callId = part.toolCallId ?? part.toolCall?.toolCallId ?? "";
        if (part.type === "tool-call" && part.invalid) outcomes.set(callId, runs.invalid(callId, part.error));
        else if (part.type === "tool-result") outcomes.set(callId, { callId, outcome: "executed", result: part.output });
        else if (part.type === "tool-approval-request" && !part.isAutomatic && part.toolCall && part.approvalId !== undefined) {
          const decided = policy.decisions.get(callId);
          if (runs.rejects && decided?.decision === "deny") rejections.push({ approvalId: part.approvalId, reason: decided.reason });
          else {
            outcomes.set(callId, { callId, outcome: "suspended", proposal: suspended(first.messages, part.approvalId, part.toolCall) });
            pending.set(callId, { conversation, approvalId: part.approvalId });
          }
        }
      }
      // ai 7 records a denied status as an execution-denied result of this run.
      readDenials(first.messages, outcomes);

      if (rejections.length > 0) {
        // ai 6's rejection path: collectToolApprovals reads the responses from the last message,
        // and generateText writes an execution-denied tool result for each. The SDK then asks the
        // model again, and refuses to while another call of the history has no result: a turn
        // holding both a deny and a require_approval throws MissingToolResultsError here (the
        // case errors; no case of the suite has such a turn).
        const responses = rejections.map(({ approvalId, reason }) => ({ type: "tool-approval-response", approvalId, approved: false, reason }));
        const second = await runs.generate([...conversation, { role: "tool", content: responses }], [], []);
        readDenials(second.messages, outcomes);
      }

      for (const call of calls) if (outcomes.get(call.callId)?.outcome !== "suspended") pending.delete(call.callId);
      // Every call must have got one outcome from the SDK's records; anything else is a crash.
      return calls.map((call) => {
        const outcome = outcomes.get(call.callId);
        if (!outcome) throw new Error(`the SDK's result holds no outcome for call ${call.callId}: ${JSON.stringify(first.content.map((part) => part.type))}`);
        return outcome;
      });
    },

    // The SDK's own approve-and-resume path: a generateText call whose history is the turn's
    // conversation and whose last message answers the approval requests (collectToolApprovals);
    // the SDK validates each approved call again, asks its approval point again and runs it
    // (validateApprovedToolApprovals, executeTools), and records each outcome as a tool result.
    async resume(answers: readonly ApprovalAnswer[]): Promise<CallOutcome[]> {
      const byConversation = new Map<RecordedMessage[], ApprovalAnswer[]>();
      for (const answer of answers) {
        const waiting = pending.get(answer.callId);
        if (!waiting) throw new Error(`no approval request of the SDK is waiting for call ${answer.callId}`);
        byConversation.set(waiting.conversation, [...(byConversation.get(waiting.conversation) ?? []), answer]);
      }
      const outcomes = new Map<string, CallOutcome>();
      for (const [conversation, group] of byConversation) {
        const responses = group.map((answer) => ({ type: "tool-approval-response", approvalId: pending.get(answer.callId)!.approvalId, approved: answer.approved, ...(answer.reason !== undefined && { reason: answer.reason }) }));
        const approved = group.filter((answer) => answer.approved).map(({ callId, toolName }) => ({ callId, toolName }));
        for (const answer of group) pending.delete(answer.callId);
        let resumed: RecordedRun;
        try {
          resumed = await runs.generate([...replayed(conversation, group), { role: "tool", content: responses }], [], approved);
        } catch (error) {
          // With experimental_toolApprovalSecret, a replayed call whose input is not the one the
          // approval was signed over makes the whole run reject (validateApprovedToolApprovals):
          // the SDK refused the approval, and ran none of the group's calls.
          if ((error as { name?: unknown } | null)?.name !== SIGNATURE_REFUSED) throw error;
          for (const answer of group) outcomes.set(answer.callId, { callId: answer.callId, outcome: "denied", reason: String((error as Error).message) });
          continue;
        }
        for (const part of toolResults(resumed.messages)) if (part.output) outcomes.set(part.toolCallId!, resumedOutcome(part.toolCallId!, part.output));
      }
      return answers.map((answer) => {
        const outcome = outcomes.get(answer.callId);
        if (!outcome) throw new Error(`the SDK's result holds no outcome for resumed call ${answer.callId}`);
        return outcome;
      });
    },
  };
}

/** The name of the error the SDK throws when a replayed approval's signature does not verify (InvalidToolApprovalSignatureError, ai 6 and 7). */
const SIGNATURE_REFUSED = "AI_InvalidToolApprovalSignatureError";

/**
 * The conversation the application hands back, as a client that changed it would (the "replay"
 * capability): for each answer with replayed arguments, every place the SDK's own record holds
 * the call's arguments (the assistant's tool-call part, and the approval request's
 * inputSchemaInput where the SDK stored one) holds them instead. A copy: the session's record is
 * left as the SDK wrote it.
 */
function replayed(conversation: readonly RecordedMessage[], answers: readonly ApprovalAnswer[]): RecordedMessage[] {
  const replays = new Map(answers.filter((answer) => answer.replayedArguments !== undefined).map((answer) => [answer.callId, answer.replayedArguments]));
  if (replays.size === 0) return [...conversation];
  return conversation.map((message) => {
    if (typeof message.content === "string") return message;
    const content = message.content.map((part) => {
      const id = part.toolCallId ?? (part as { toolCall?: { toolCallId?: string } }).toolCall?.toolCallId;
      if (id === undefined || !replays.has(id)) return part;
      if (part.type === "tool-call") return { ...part, input: structuredClone(replays.get(id)) };
      if (part.type === "tool-approval-request" && "inputSchemaInput" in part) return { ...part, inputSchemaInput: structuredClone(replays.get(id)) };
      return part;
    });
    return { ...message, content };
  });
}

/** The tool results of a run's tool messages. */
function toolResults(messages: readonly RecordedMessage[]): MessagePart[] {
  return messages.flatMap((message) => (message.role === "tool" && typeof message.content !== "string" ? message.content.filter((part) => part.type === "tool-result") : []));
}

/** Each execution-denied tool result, with the reason as the SDK recorded it (a record without one is reported as ""). */
function readDenials(messages: readonly RecordedMessage[], outcomes: Map<string, CallOutcome>): void {
  for (const part of toolResults(messages)) {
    if (part.output?.type === "execution-denied") outcomes.set(part.toolCallId!, { callId: part.toolCallId!, outcome: "denied", reason: part.output.reason ?? "" });
  }
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
function suspended(messages: readonly RecordedMessage[], approvalId: string, toolCall: { toolCallId: string; toolName: string; input: unknown }): SuspendedToolProposal {
  let requestedArguments: unknown = toolCall.input;
  for (const message of messages) {
    if (message.role !== "assistant" || typeof message.content === "string") continue;
    for (const part of message.content) {
      if (part.type === "tool-approval-request" && part.approvalId === approvalId && Object.prototype.hasOwnProperty.call(part, "inputSchemaInput")) requestedArguments = part.inputSchemaInput;
    }
  }
  return { kind: "tool", callId: toolCall.toolCallId, toolName: toolCall.toolName, requestedArguments, parsedArguments: toolCall.input };
}
