// What became of each call of a turn, read from the SDK's own messages of that turn: the
// tool_result the CLI wrote for the call's tool_use id (in a "user" message), and the turn's
// "result" message, whose permission_denials list the calls a permission decision refused.
import type { SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import type { CallOutcome, ModelCall } from "../../harness/adapter.ts";

interface ToolResult {
  tool_use_id: string;
  is_error?: boolean;
  content?: unknown;
}

/** The text of a tool_result's content, as the CLI wrote it for the model. */
function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) return content.map((part: { text?: unknown }) => (typeof part?.text === "string" ? part.text : "")).join("");
  return "";
}

export function outcomesOf(calls: readonly ModelCall[], messages: readonly SDKMessage[]): CallOutcome[] {
  const results = new Map<string, { block: ToolResult; toolUseResult: unknown }>();
  const denied = new Set<string>();
  for (const message of messages) {
    if (message.type === "user" && Array.isArray(message.message?.content)) {
      for (const block of message.message.content as ToolResult[]) {
        if ((block as { type?: string }).type === "tool_result") results.set(block.tool_use_id, { block, toolUseResult: message.tool_use_result });
      }
    }
    if (message.type === "result") for (const denial of message.permission_denials ?? []) denied.add(denial.tool_use_id);
  }
  return calls.map((call): CallOutcome => {
    const found = results.get(call.callId);
    if (!found) throw new Error(`the SDK's messages hold no tool_result for call ${call.callId}: ${JSON.stringify(messages).slice(0, 2000)}`);
    const text = textOf(found.block.content);
    if (!found.block.is_error) return { callId: call.callId, outcome: "executed", result: found.toolUseResult };
    if (denied.has(call.callId)) return { callId: call.callId, outcome: "denied", reason: text };
    // McpError's text for InvalidParams (-32602): the SDK's MCP server refused the arguments in
    // validateToolInput, after the probe schema rejected them.
    if (text.startsWith("MCP error -32602: Input validation error")) return { callId: call.callId, outcome: "invalid", stage: "schema", message: text };
    // The CLI's own refusals before any permission check, in its <tool_use_error> wrapper: input
    // it could not decode (its __unparsedToolInput marker), or input its own tool definition refused.
    if (text.startsWith("<tool_use_error>InputValidationError:")) {
      return { callId: call.callId, outcome: "invalid", stage: text.includes("could not be parsed as JSON") ? "json" : "schema", message: text };
    }
    throw new Error(`call ${call.callId}: a tool_result error the adapter cannot place: ${text} ${JSON.stringify(messages).slice(0, 3000)}`);
  });
}
