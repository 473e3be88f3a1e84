// adapters/openai-agents-input-guardrails/adapter.ts: the OpenAI Agents SDK (@openai/agents 0.20.0) with its
// per-tool input guardrails as the policy point, and no needsApproval. Everything else (handoffs
// with an inputType, the run loop, the outcomes) is adapters/openai-agents/adapter.ts.
//
// The SDK's API (@openai/agents-core dist/toolGuardrail.mjs and utils/toolGuardrails.mjs): a
// tool's `inputGuardrails` are { name, run } definitions; runToolInputGuardrails calls each
// `run({ context, agent, toolCall })`, where toolCall is the provider's function call item (its
// `arguments` is the raw string: no decoded request, no schema output), and reads the returned
// behavior: `allow`, `rejectContent` (message) or `throwException` (ends the run with
// ToolInputGuardrailTripwireTriggered). runApprovedFunctionTool (runner/toolExecution.mjs) runs
// them after parseToolArguments has decoded and schema-parsed the call and before the tool is
// invoked with that parse's output; a call JSON.parse rejects never reaches them.
//
// How the harness policy maps onto the guardrail: the policy is called from inside the guardrail,
// once per time the SDK runs it, with `rawArguments` = toolCall.arguments (the SDK hands the raw
// string: "raw-view") and `parsedArguments` = that same string, the only arguments the SDK hands
// the guardrail (the adapter decodes nothing; a policy over the arguments' members finds none),
// no requestedArguments, `callId` = toolCall.callId. allow -> allow; deny -> rejectContent with the
// policy's reason, which the SDK records as the guardrail's result and makes the call's tool
// output, and the call is reported `denied` with that output; require_approval has no counterpart
// (a guardrail cannot suspend a call: throwException ends the whole run), so no "approval"
// capability and the cases that need it are skipped.
import { openaiAgentsAdapter } from "../openai-agents/adapter.ts";

export default openaiAgentsAdapter({ name: "@openai/agents (input guardrails)", policyPoint: "inputGuardrails", handoffs: "typed" });
