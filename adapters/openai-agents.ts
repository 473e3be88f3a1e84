// adapters/openai-agents.ts: puts the OpenAI Agents SDK (@openai/agents 0.20.0, whose runtime is
// @openai/agents-core 0.20.0) under test. Each harness turn is one real `Runner.run` of an Agent
// whose function tools are the harness's probes, driven by the SDK's own ScriptedModel.
//
// How the harness policy maps onto the SDK's boolean approval callback (`needsApproval`):
// - The policy is called from inside the tool's `needsApproval(runContext, input, callId)`, once
//   per time the SDK calls it, with: `parsedArguments` = the exact `input` object the SDK passes
//   (never a copy; the SDK documents it as "an isolated copy of schema-normalized plain data", and
//   for an argument the schema rejects it passes the JSON-decoded request: both are findings);
//   no `requestedArguments` (the SDK hands the callback no pre-schema view); no `rawArguments`
//   (the SDK hands the callback no raw string; one the adapter filled in would certify the adapter:
//   no "raw-view" capability, so INV-8 is not applicable);
//   `toolName` = the name of the tool the callback belongs to (the SDK does not pass one);
//   `callId` as the SDK passes it; `turn`; `agentName` from the wiring. No argsCanonicalJson and
//   no proposalHash: the SDK computes neither, and the adapter never computes them for it.
// - allow -> false (no approval needed: the SDK executes); require_approval -> true: the SDK
//   interrupts the run, and the call is reported `suspended` from the SDK's own approval item;
//   deny -> true, then, in the same harness turn, the adapter rejects that approval item with
//   `state.reject(item, { message: reason })`, resumes with `runner.run(agent, state)`, and reports
//   `denied` with the tool output the SDK recorded for the call (what the model sees).
//
// Handoffs ("handoffs" capability). Each wired handoff is the SDK's own handoff(receiver, {
// toolNameOverride, inputType, onHandoff }) on the agent under test, so the scripted function call
// with that name is a handoff in the SDK (runner/modelOutputs.mjs, resolveFunctionOrHandoff), and
// the receiving Agent is answered by the same scripted model ("Done."), which ends the run.
// - Why inputType: without it the SDK never reads a handoff's raw string (handoff.mjs,
//   onInvokeHandoff calls `onHandoff(context)` and ignores the arguments), so there is no decoding
//   and no handed-over input to observe: any string, malformed or not, hands the run over with
//   nothing. With inputType the SDK decodes the raw string itself (a non-empty check, then the
//   parser getSchemaAndParserFromInputType builds: JSON.parse, the strict-schema normalizer, the
//   schema's validate) and calls `onHandoff(context, input)` with the result: the only path on
//   which the SDK hands the receiving side an input, and the one the handoff requirements are about.
// - RFC-0015 has no handoff schema, so inputType is the most permissive schema the SDK takes: a
//   Standard Schema describing any object (`{ type: "object" }`, no properties, so the
//   normalizer returns the decoded value itself) whose validate hands the value back untouched.
//   JSON.parse is then the only thing between the raw string and the input.
// - `receive` is called from inside onHandoff, with the very object the SDK passes it. onHandoff
//   gets no call id; the SDK carries out only the first handoff call of a response
//   (toolExecution.mjs, executeHandoffCalls), so the adapter names that call and then checks the
//   name against the SDK's own record (the RunHandoffOutputItem holding that call id).
// - Outcomes: handed_off when the SDK's result holds a RunHandoffOutputItem for the call. When
//   the SDK's handoff decoding fails it throws ModelBehaviorError out of Runner.run (terminal error
//   delivery, which RFC-0015 keeps): the call is reported invalid at stage json with the SDK's
//   message (JSON.parse, or the empty-string check, is the only step that can fail; the schema
//   never does). The SDK's results of any other call of that turn are lost with the run, so such
//   a turn is an error, as is a handoff the SDK ignored or held back (no outcome exists for it).
import {
  Agent,
  handoff,
  ModelBehaviorError,
  Runner,
  RunHandoffOutputItem,
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
import type { Adapter, AdapterSession, CallOutcome, ModelCall, PolicyDecision, SessionWiring, WiredHandoff, WiredTool } from "../harness/adapter.ts";
import { installedVersion } from "./installed-version.ts";

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

/**
 * A handoff's inputType: RFC-0015 gives handoffs no schema, so this is the most permissive one the
 * SDK accepts (a Standard Schema must describe an object at its root: utils/standardSchema.mjs,
 * assertStandardSchemaObjectRoot). validate returns the value it is given, as it is; `{ type:
 * "object" }` has no properties, so the strict normalizer hands over the decoded value itself.
 */
const ANY_HANDOFF_INPUT: StandardSchemaWithJSON = {
  "~standard": {
    version: 1,
    vendor: "effective-args-adapter",
    validate: (value: unknown) => ({ value }),
    jsonSchema: { input: () => ({ type: "object" }), output: () => ({ type: "object" }) },
  },
};

// The ModelBehaviorError messages of handoff.mjs's onInvokeHandoff when it cannot decode a handoff's
// raw string: the empty-string check, and any error of the parser (JSON.parse: the schema never fails).
const SDK_HANDOFF_DECODING_ERRORS = ["Handoff function expected non empty input", "Invalid JSON provided"];

function createSession(wiring: SessionWiring): AdapterSession {
  // The current turn's raw strings by call id: the SDK hands needsApproval no raw string.
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
  // The current turn's calls, and the inputs the SDK handed each handoff's onHandoff, by call id.
  let turnCalls: readonly ModelCall[] = [];
  let handedOver = new Map<string, unknown>();
  const isHandoff = (call: ModelCall) => Object.hasOwn(wiring.handoffs, call.toolName);

  const handoffs = Object.values(wiring.handoffs).map((wired: WiredHandoff) =>
    handoff(new Agent({ name: receiverName(wired.name), instructions: "Take over the conversation." }), {
      toolNameOverride: wired.name,
      inputType: ANY_HANDOFF_INPUT,
      onHandoff: async (_runContext, input) => {
        // The SDK carries out the first handoff call of the response; handoffOutcomeOf checks that its
        // RunHandoffOutputItem is for this very call.
        const call = turnCalls.find(isHandoff);
        if (call?.toolName !== wired.name || handedOver.has(call.callId)) {
          throw new Error(`the SDK handed over to ${wired.name}, but the turn's first handoff call is ${call ? `${call.callId} (${call.toolName})${handedOver.has(call.callId) ? ", already handed over" : ""}` : "missing"}`);
        }
        handedOver.set(call.callId, input);
        await wired.receive(input, { callId: call.callId });
      },
    }),
  );
  const agent = new Agent({ name: wiring.agentName, instructions: "Use the tools as the user asks.", tools, handoffs });

  return {
    async runTurn(calls: readonly ModelCall[], turn: number): Promise<CallOutcome[]> {
      turnNumber = turn;
      turnCalls = calls;
      handedOver = new Map();
      // One model response with exactly the turn's calls (raw strings byte for byte), then a text
      // answer if the SDK asks again after the tools ran, or asks the receiving agent of a handoff.
      // A model per run: nothing is left over.
      const model = new ScriptedModel([
        calls.map((call) => functionCall(call.toolName, call.rawArguments, { callId: call.callId })),
        [assistantMessage("Done.")],
      ]);
      const runner = new Runner({ model, tracingDisabled: true, traceIncludeSensitiveData: false });
      let result: SdkResult;
      try {
        result = await runner.run(agent, [...history, user(`Turn ${turn}.`)]);

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
      } catch (error) {
        return [handoffRefusal(error, calls, isHandoff, handedOver)];
      }
      history = result.history;
      const final = result;
      return calls.map((call) => (isHandoff(call) ? handoffOutcomeOf(call, final, handedOver) : outcomeOf(call, final, errors)));
    },
  };
}

// The result of a run of this adapter's Agent (its context and output types are the SDK's defaults).
type SdkResult = RunResult<unknown, Agent<any, any>>;

/** The receiving agent's name: the handoff's name without the SDK's default "transfer_to_" prefix. */
const receiverName = (handoffName: string) => handoffName.replace(/^transfer_to_(?=.)/, "");

/**
 * The outcome of the handoff call whose decoding the SDK refused, from the ModelBehaviorError it
 * threw out of Runner.run; any other error is rethrown (the case errors). The SDK throws it while
 * carrying out the response's first handoff call, after the response's tool calls ran: their
 * results go with the run, so a turn with other calls cannot be reported.
 */
function handoffRefusal(error: unknown, calls: readonly ModelCall[], isHandoff: (call: ModelCall) => boolean, handedOver: ReadonlyMap<string, unknown>): CallOutcome {
  if (!(error instanceof ModelBehaviorError) || !SDK_HANDOFF_DECODING_ERRORS.includes(error.message)) throw error;
  const call = calls.find(isHandoff);
  if (call === undefined || handedOver.has(call.callId)) throw new Error(`the SDK threw its handoff decoding error (${error.message}) without a handoff call of the turn left to decode`, { cause: error });
  if (calls.length > 1) {
    throw new Error(`the SDK ended the run at handoff call ${call.callId}, which it could not decode (${error.message}); its results of the turn's other calls are lost with the run`, { cause: error });
  }
  return { callId: call.callId, outcome: "invalid", stage: "json", message: `ModelBehaviorError: ${error.message}` };
}

/** What became of one handoff call, read from the SDK's result and checked against what onHandoff was handed. */
function handoffOutcomeOf(call: ModelCall, result: SdkResult, handedOver: ReadonlyMap<string, unknown>): CallOutcome {
  const { callId } = call;
  const output = result.newItems.find((item) => item instanceof RunHandoffOutputItem && item.rawItem.type === "function_call_result" && item.rawItem.callId === callId);
  if (output) {
    if (!handedOver.has(callId)) throw new Error(`the SDK recorded the handoff of call ${callId} but never called its onHandoff with an input`);
    return { callId, outcome: "handed_off" };
  }
  if (handedOver.has(callId)) throw new Error(`the SDK called the onHandoff of call ${callId} but its result has no handoff output for it`);
  if (result.interruptions.length > 0) throw new Error(`the SDK holds handoff call ${callId} back behind an approval interruption; a waiting handoff has no outcome`);
  // executeHandoffCalls (runner/toolExecution.mjs) carries out the first handoff of a response and drops the others from the run.
  throw new Error(`the SDK's result has no record of handoff call ${callId} (it carries out only the first handoff call of a response)`);
}

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
  version: installedVersion("@openai/agents"),
  // "approval": needsApproval interrupts the run; "batch": one model response may hold several
  // function calls; "handoffs": the SDK's handoff(). No hooks, no fingerprint, no proposal hash:
  // the SDK has none of them.
  capabilities: ["approval", "batch", "handoffs"],
  createSession,
};
export default adapter;
