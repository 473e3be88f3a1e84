// Reading what became of each call from the OpenAI Agents SDK's own result, for every configuration
// of adapters/openai-agents/adapter.ts: its tool outputs, its approval and guardrail records, the errors it
// handed a tool's errorFunction or threw out of Runner.run. Nothing here decodes or parses.
import { ModelBehaviorError, RunHandoffOutputItem, RunToolApprovalItem, RunToolCallOutputItem, type Agent, type RunResult } from "@openai/agents";
import type { CallOutcome, ModelCall } from "../../harness/adapter.ts";

// The result of a run of the adapter's Agent (its context and output types are the SDK's defaults).
export type SdkResult = RunResult<unknown, Agent<any, any>>;

// The ModelBehaviorError messages of handoff.mjs's onInvokeHandoff when it cannot decode a handoff's
// raw string (only with an inputType): the empty-string check, and any error of the parser
// (JSON.parse: the schema never fails).
const SDK_HANDOFF_DECODING_ERRORS = ["Handoff function expected non empty input", "Invalid JSON provided"];

// The tool output of runner/toolExecution.mjs's buildParseErrorResult, the SDK's one record of a
// call whose arguments JSON.parse rejected (parseToolArguments) when the tool has no needsApproval
// function: no error reaches the tool's errorFunction (it is called only for tools with an
// outputSchema), and neither the guardrails nor the tool run.
const SDK_PARSE_ERROR_OUTPUT = "An error occurred while parsing tool arguments. Please try again with valid JSON.";

/**
 * The outcome of the handoff call whose decoding the SDK refused, from the ModelBehaviorError it
 * threw out of Runner.run; any other error is rethrown (the case errors). The SDK throws it while
 * carrying out the response's first handoff call, after the response's tool calls ran: their
 * results go with the run, so a turn with other calls cannot be reported.
 */
export function handoffRefusal(error: unknown, calls: readonly ModelCall[], isHandoff: (call: ModelCall) => boolean, handedOver: ReadonlyMap<string, unknown>): CallOutcome {
  if (!(error instanceof ModelBehaviorError) || !SDK_HANDOFF_DECODING_ERRORS.includes(error.message)) throw error;
  const call = calls.find(isHandoff);
  if (call === undefined || handedOver.has(call.callId)) throw new Error(`the SDK threw its handoff decoding error (${error.message}) without a handoff call of the turn left to decode`, { cause: error });
  if (calls.length > 1) {
    throw new Error(`the SDK ended the run at handoff call ${call.callId}, which it could not decode (${error.message}); its results of the turn's other calls are lost with the run`, { cause: error });
  }
  return { callId: call.callId, outcome: "invalid", stage: "json", message: `ModelBehaviorError: ${error.message}` };
}

/** What became of one handoff call, read from the SDK's result and checked against what onHandoff was called for. */
export function handoffOutcomeOf(call: ModelCall, result: SdkResult, handedOver: ReadonlyMap<string, unknown>): CallOutcome {
  const { callId } = call;
  const output = result.newItems.find((item) => item instanceof RunHandoffOutputItem && item.rawItem.type === "function_call_result" && item.rawItem.callId === callId);
  if (output) {
    if (!handedOver.has(callId)) throw new Error(`the SDK recorded the handoff of call ${callId} but never called its onHandoff`);
    return { callId, outcome: "handed_off" };
  }
  if (handedOver.has(callId)) throw new Error(`the SDK called the onHandoff of call ${callId} but its result has no handoff output for it`);
  if (result.interruptions.length > 0) throw new Error(`the SDK holds handoff call ${callId} back behind an approval interruption; a waiting handoff has no outcome`);
  // executeHandoffCalls (runner/toolExecution.mjs) carries out the first handoff of a response and drops the others from the run.
  throw new Error(`the SDK's result has no record of handoff call ${callId} (it carries out only the first handoff call of a response)`);
}

export function callIdOf(item: RunToolApprovalItem): string | undefined {
  return item.rawItem.type === "function_call" ? item.rawItem.callId : undefined;
}

/**
 * The SDK's record of the adapter's input guardrail for a call (result.toolInputGuardrailResults,
 * filled by runApprovedFunctionTool): the SDK keeps no call id in it, so the guardrail returns the
 * call id the SDK handed it as its outputInfo.
 */
const guardrailRecordOf = (result: SdkResult, callId: string) =>
  result.toolInputGuardrailResults.find((record) => (record.output.outputInfo as { callId?: unknown } | undefined)?.callId === callId);

/** What became of one call, read from the SDK's own result: its tool outputs, its approval and guardrail records, its errors. */
export function outcomeOf(call: ModelCall, result: SdkResult, errors: ReadonlyMap<string, unknown>): CallOutcome {
  const { callId } = call;
  const output = result.newItems.find((item): item is RunToolCallOutputItem => item instanceof RunToolCallOutputItem && item.rawItem.type === "function_call_result" && item.rawItem.callId === callId);
  if (output) {
    // The SDK's approval record: false once the call was rejected through state.reject.
    const toolName = output.rawItem.type === "function_call_result" ? output.rawItem.name : call.toolName;
    if (result.runContext.isToolApproved({ toolName, callId }) === false) return { callId, outcome: "denied", reason: String(output.output) };
    // The SDK's guardrail record: a rejectContent, whose message is the tool output the model sees.
    const guardrail = guardrailRecordOf(result, callId);
    if (guardrail?.output.behavior.type === "rejectContent") return { callId, outcome: "denied", reason: String(output.output) };
    const error = errors.get(callId);
    if (error !== undefined) {
      // InvalidToolInputError (not exported; AgentsError sets `name` to the class name) keeps the
      // parser's error as originalError: JSON.parse's SyntaxError, or the Error that
      // validateStandardSchema builds from the schema's issues.
      if (error instanceof Error && error.name === "InvalidToolInputError") {
        const original = (error as Error & { originalError?: unknown }).originalError;
        const stage = original instanceof SyntaxError ? "json" : "schema";
        return { callId, outcome: "invalid", stage, message: `${error.message}: ${original instanceof Error ? original.message : String(original)}` };
      }
      throw new Error(`the SDK reported a tool error for call ${callId} that is not an input error: ${String(error)}`);
    }
    if (output.executionStatus === "executed") return { callId, outcome: "executed", result: output.output };
    if (guardrail === undefined && output.output === SDK_PARSE_ERROR_OUTPUT) return { callId, outcome: "invalid", stage: "json", message: `the SDK's parse error output: ${SDK_PARSE_ERROR_OUTPUT}` };
    throw new Error(`the SDK recorded an output for call ${callId} that is neither an execution, a rejection nor an input error: ${JSON.stringify(output.output)}`);
  }
  const pending = result.interruptions.find((item) => callIdOf(item) === callId);
  if (pending) {
    // Built only from the SDK's approval item: it keeps the provider's raw string and no decoded
    // or schema-parsed view (no parsedArguments, requestedArguments or hash to report).
    return {
      callId,
      outcome: "suspended",
      proposal: { kind: "tool", callId, toolName: String(pending.name), rawArguments: pending.arguments as string, parsedArguments: undefined },
    };
  }
  throw new Error(`the SDK's result has no record of call ${callId}`);
}
