// adapters/openai-agents.ts: puts the OpenAI Agents SDK (@openai/agents 0.20.0, whose runtime is
// @openai/agents-core 0.20.0) under test. Each harness turn is one real `Runner.run` of an Agent
// whose function tools are the harness's probes, driven by the SDK's own ScriptedModel.
//
// How the harness policy maps onto the SDK's boolean approval callback (`needsApproval`):
// - The policy is called from inside the tool's `needsApproval(runContext, input, callId)`, once
//   per time the SDK calls it, with: `parsedArguments` = the exact `input` object the SDK passes
//   (never a copy; the SDK documents it as "an isolated copy of schema-normalized plain data", and
//   for an argument the schema rejects it passes the JSON-decoded request: both are findings);
//   no `requestedArguments` (the SDK hands the callback no pre-schema view); `rawArguments` = the
//   scripted call's raw string looked up by call id (the SDK hands the callback no raw string);
//   `toolName` = the name of the tool the callback belongs to (the SDK does not pass one);
//   `callId` as the SDK passes it; `turn`; `agentName` from the wiring. No argsCanonicalJson and
//   no proposalHash: the SDK computes neither, and the adapter never computes them for it.
// - allow -> false (no approval needed: the SDK executes); require_approval -> true: the SDK
//   interrupts the run, and the call is reported `suspended` from the SDK's own approval item;
//   deny -> true, then, in the same harness turn, the adapter rejects that approval item with
//   `state.reject(item, { message: reason })`, resumes with `runner.run(agent, state)`, and reports
//   `denied` with the tool output the SDK recorded for the call (what the model sees).
import {
  Agent,
  Runner,
  RunToolApprovalItem,
  RunToolCallOutputItem,
  setSensitiveDataLoggingEnabled,
  setTraceProcessors,
  setTracingDisabled,
  tool,
  user,
  type AgentInputItem,
  type RunResult,
  type StandardSchemaWithJSON,
} from "@openai/agents";
import { assistantMessage, functionCall, ScriptedModel } from "@openai/agents/testing";
import type { StandardSchemaV1 } from "@standard-schema/spec";
import type { Adapter, AdapterSession, CallOutcome, ModelCall, PolicyDecision, SessionWiring, WiredTool } from "../harness/adapter.ts";

// Offline: importing @openai/agents installs the OpenAI trace exporter; no trace may be made or sent.
setTracingDisabled(true);
setTraceProcessors([]);
// By default the SDK strips the original error from the InvalidToolInputError it hands a tool's
// errorFunction (tool data redaction, config.mjs `dontLogToolData`); with sensitive data allowed it
// keeps `originalError`, the only record of whether decoding or the schema failed. This only makes
// the debug logger (silent unless DEBUG is set) include tool data; nothing leaves the process.
setSensitiveDataLoggingEnabled(true);

// What the SDK's own defaultToolErrorFunction returns (agents-core dist/tool.mjs, lines 518-520).
// The adapter's errorFunction exists to see the runtime's error; the model must still see the default.
const SDK_DEFAULT_TOOL_ERROR = "An error occurred while running the tool. Please try again.";

/**
 * The SDK takes a Standard Schema only with `~standard.jsonSchema` (utils/standardSchema.mjs,
 * isStandardSchemaWithJSON), or a Zod *object* it converts itself; the probe schema is a Zod
 * 4.1.12 pipe (preprocess -> schema -> transform) with neither. This wrapper adds only what the
 * SDK needs: `validate` hands the value to the probe's own `~standard.validate` and returns its
 * result object untouched (so the probe records the SDK's one parse and its output is the very
 * object the SDK gets), and `jsonSchema` describes any object (the scripted model ignores it).
 * `{ type: "object" }` has no `properties`, so the SDK's strict-mode input normalizer
 * (strictToolSchema.mjs, normalizeStrictJsonSchemaValue) returns the decoded value itself.
 */
function sdkSchemaOf(probe: WiredTool["schema"]): StandardSchemaWithJSON {
  const standard = (probe as unknown as StandardSchemaV1)["~standard"];
  const anyObject = () => ({ type: "object" });
  return {
    "~standard": {
      version: 1,
      vendor: "effective-args-adapter",
      validate: (value: unknown) => standard.validate(value),
      jsonSchema: { input: anyObject, output: anyObject },
    },
  };
}

function createSession(wiring: SessionWiring): AdapterSession {
  // The current turn's raw strings by call id: the SDK hands needsApproval no raw string.
  let rawById = new Map<string, string>();
  let turnNumber = 0;
  // The policy's decision per call id, only to know which pending approvals to reject.
  const decisions = new Map<string, PolicyDecision>();
  // The error the SDK handed each tool's errorFunction, by call id: its record of an invalid input.
  const errors = new Map<string, unknown>();
  // Model history carried from one harness turn (one run) to the next.
  let history: AgentInputItem[] = [];

  const tools = Object.values(wiring.tools).map((wired) =>
    tool({
      name: wired.name,
      description: `The ${wired.name} tool of the case.`,
      parameters: sdkSchemaOf(wired.schema),
      // A Standard Schema must be strict: tool() throws "Strict mode is required for Standard
      // Schema parameters" otherwise (tool.mjs). With the wrapper's schema strict mode changes nothing.
      strict: true,
      needsApproval: async (_runContext, input, callId) => {
        const decision = await wiring.policy({
          agentName: wiring.agentName,
          toolName: wired.name,
          callId: callId as string,
          turn: turnNumber,
          rawArguments: rawById.get(callId as string) as string,
          parsedArguments: input,
        });
        decisions.set(callId as string, decision);
        return decision.decision !== "allow";
      },
      // The probe gets the SDK's argument object as the SDK hands it, and the SDK's call id.
      execute: (args, _runContext, details) => wired.execute(args, { callId: details?.toolCall?.callId as string }),
      errorFunction: (_runContext, error, details) => {
        const callId = details?.toolCall?.callId;
        if (callId === undefined) throw new Error(`the SDK reported a tool error for ${wired.name} without its call: ${String(error)}`);
        errors.set(callId, error);
        return SDK_DEFAULT_TOOL_ERROR;
      },
    }),
  );
  const agent = new Agent({ name: wiring.agentName, instructions: "Use the tools as the user asks.", tools });

  return {
    async runTurn(calls: readonly ModelCall[], turn: number): Promise<CallOutcome[]> {
      turnNumber = turn;
      rawById = new Map(calls.map((call) => [call.callId, call.rawArguments]));
      // One model response with exactly the turn's calls (raw strings byte for byte), then a text
      // answer if the SDK asks again after the tools ran. A model per run: nothing is left over.
      const model = new ScriptedModel([
        calls.map((call) => functionCall(call.toolName, call.rawArguments, { callId: call.callId })),
        [assistantMessage("Done.")],
      ]);
      const runner = new Runner({ model, tracingDisabled: true, traceIncludeSensitiveData: false });
      let result: SdkResult = await runner.run(agent, [...history, user(`Turn ${turn}.`)]);

      // Answer denied approvals through the SDK's own rejection path, then let the run finish.
      const rejected = new Set<string>();
      for (;;) {
        const toReject = result.interruptions.filter((item) => {
          const callId = callIdOf(item);
          return callId !== undefined && decisions.get(callId)?.decision === "deny" && !rejected.has(callId);
        });
        if (toReject.length === 0) break;
        for (const item of toReject) {
          const decision = decisions.get(callIdOf(item)!)!;
          result.state.reject(item, { message: decision.reason });
          rejected.add(callIdOf(item)!);
        }
        result = await runner.run(agent, result.state);
      }
      history = result.history;
      return calls.map((call) => outcomeOf(call, result, errors));
    },
  };
}

// The result of a run of this adapter's Agent (its context and output types are the SDK's defaults).
type SdkResult = RunResult<unknown, Agent<any, any>>;

function callIdOf(item: RunToolApprovalItem): string | undefined {
  return item.rawItem.type === "function_call" ? item.rawItem.callId : undefined;
}

/** What became of one call, read from the SDK's own result: its tool outputs, its approval records, its errors. */
function outcomeOf(call: ModelCall, result: SdkResult, errors: ReadonlyMap<string, unknown>): CallOutcome {
  const { callId } = call;
  const output = result.newItems.find((item): item is RunToolCallOutputItem => item instanceof RunToolCallOutputItem && item.rawItem.type === "function_call_result" && item.rawItem.callId === callId);
  if (output) {
    // The SDK's approval record: false once the call was rejected through state.reject.
    const toolName = output.rawItem.type === "function_call_result" ? output.rawItem.name : call.toolName;
    if (result.runContext.isToolApproved({ toolName, callId }) === false) return { callId, outcome: "denied", reason: String(output.output) };
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

const adapter: Adapter = {
  name: "@openai/agents",
  version: "0.20.0",
  // "approval": needsApproval interrupts the run; "batch": one model response may hold several
  // function calls. No hooks, no fingerprint, no proposal hash: the SDK has none of them.
  capabilities: ["approval", "batch"],
  createSession,
};
export default adapter;
