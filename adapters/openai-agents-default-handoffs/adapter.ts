// adapters/openai-agents-default-handoffs/adapter.ts: the OpenAI Agents SDK (@openai/agents 0.20.0) with its
// handoffs as most applications write them: `handoffs: [agent]`, or handoff(agent) with no
// `inputType`. Everything else is adapters/openai-agents/adapter.ts: the policy runs in each tool's
// `needsApproval`, a deny is answered with `state.reject`.
//
// What the SDK does with such a handoff's arguments (@openai/agents-core dist/handoff.mjs, handoff):
// without an inputType it builds no parser, and onInvokeHandoff, which the runner calls with the
// call's raw string (runner/toolExecution.mjs, executeHandoffCalls), ignores that string and calls
// `config.onHandoff?.(context)`: nothing decodes the string, nothing can refuse it, and the receiving
// side is handed no input. The adapter wires each handoff as handoff(receiver, { toolNameOverride,
// onHandoff }), no inputType, and `receive` is called from inside onHandoff with the input the SDK
// passes it, which is none (undefined); an adapter that decoded the raw string for the harness
// would certify itself. onHandoff is the SDK's one callback at the moment it hands the run over;
// `handoffs: [agent]` has the same path with no callback (getHandoff -> handoff(agent)).
import { openaiAgentsAdapter } from "../openai-agents/adapter.ts";

export default openaiAgentsAdapter({ name: "@openai/agents (needsApproval, default handoffs)", policyPoint: "needsApproval", handoffs: "plain" });
