// Reading what became of each call from LangChain's own records after a run of the agent of
// adapters/langchain/adapter.ts (which says where each claim comes from in LangChain's code): the agent
// state's messages (the model's message with its tool_calls and invalid_tool_calls, the
// ToolMessages) and HITL's pending interrupt. Nothing here decodes or parses.
import { ToolInputParsingException } from "@langchain/core/tools";
import { AIMessage, ToolInvocationError, ToolMessage, type BaseMessage, type Interrupt } from "langchain";
import type { CallOutcome } from "../../harness/adapter.ts";

/** What one run returns: the agent state's values, with LangGraph's pending interrupts when it stopped for them. */
export interface RunResult {
  messages: BaseMessage[];
  __interrupt__?: Interrupt[];
}

/** HITL's interrupt value (agents/middleware/hitl.js): one action request and one review config per interrupted call. */
interface HitlRequest {
  actionRequests: { name: string; args: unknown; description?: string }[];
}

/** The turn's messages: those after the turn's own human message. */
function turnMessages(result: RunResult, humanId: string): BaseMessage[] {
  const start = result.messages.findIndex((message) => message.id === humanId);
  if (start < 0) throw new Error(`the agent's state has lost the turn's message ${humanId}`);
  return result.messages.slice(start + 1);
}

/**
 * The calls HITL holds for approval, from its pending interrupt, by action request, in order. An
 * action request names no call: its args is the very toolCall.args object of the call (hitl.js,
 * createActionAndConfig), so the call is the one of the turn's model message holding that object.
 */
export function pendingCalls(result: RunResult, humanId: string): Map<{ name: string; args: unknown }, string> {
  const pending = new Map<{ name: string; args: unknown }, string>();
  const interrupts = result.__interrupt__ ?? [];
  if (interrupts.length === 0) return pending;
  const message = turnMessages(result, humanId).find((candidate) => AIMessage.isInstance(candidate)) as AIMessage | undefined;
  for (const interrupt of interrupts) {
    for (const request of (interrupt.value as HitlRequest).actionRequests) {
      const call = message?.tool_calls?.find((candidate) => candidate.args === request.args);
      if (call?.id === undefined) throw new Error(`HITL's pending action request for ${request.name} holds arguments of no tool call of the turn`);
      pending.set(request, call.id);
    }
  }
  return pending;
}

/** What became of one call, read from the agent's own state after the turn's last run. */
export function outcomeOf(callId: string, result: RunResult, humanId: string, rejected: ReadonlySet<string>, errors: ReadonlyMap<string, unknown>): CallOutcome {
  const messages = turnMessages(result, humanId);
  const answer = messages.find((message) => AIMessage.isInstance(message)) as AIMessage | undefined;
  const invalid = answer?.invalid_tool_calls?.find((candidate) => candidate.id === callId);
  if (invalid) return { callId, outcome: "invalid", stage: "json", message: String(invalid.error) };

  const output = messages.find((message): message is ToolMessage => ToolMessage.isInstance(message) && message.tool_call_id === callId);
  if (output) {
    if (output.status !== "error") return { callId, outcome: "executed", result: output.content };
    // HITL's rejection record: the ToolMessage it wrote for the rejected call (hitl.js, processDecision).
    if (rejected.has(callId)) return { callId, outcome: "denied", reason: String(output.content) };
    const error = errors.get(callId);
    if (ToolInvocationError.isInstance(error) && error.toolError instanceof ToolInputParsingException) {
      return { callId, outcome: "invalid", stage: "schema", message: error.toolError.message };
    }
    throw new Error(`the agent reported an error for call ${callId} that is neither a rejection nor a schema failure: ${String(output.content)}`);
  }

  for (const [request, pendingId] of pendingCalls(result, humanId)) {
    if (pendingId !== callId) continue;
    // HITL's record of the pending call: its action request. It keeps the request (args) and no raw string.
    return { callId, outcome: "suspended", proposal: { kind: "tool", callId, toolName: request.name, requestedArguments: request.args, parsedArguments: request.args } };
  }
  const why =
    rejected.size > 0
      ? `: HITL sent the run back to the model after rejecting ${[...rejected].join(", ")} (hitl.js, jumpTo "model"), and the tools node never ran`
      : (result.__interrupt__?.length ?? 0) > 0
        ? ": the run stopped at HITL's interrupt for another call before the tools node ran"
        : "";
  throw new Error(`the agent's state holds no outcome for call ${callId}${why}`);
}
