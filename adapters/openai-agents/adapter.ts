// adapters/openai-agents/adapter.ts: puts the OpenAI Agents SDK (@openai/agents 0.20.0, whose runtime is
// @openai/agents-core 0.20.0) under test. Each harness turn is one real `Runner.run` of an Agent
// whose function tools are the harness's probes, driven by the SDK's own ScriptedModel.
// This file's adapter is the SDK with its policy point in `needsApproval` and handoffs with an
// inputType. openaiAgentsAdapter() also builds the other configurations, which differ only in
// wiring: openai-agents-default-handoffs.ts (handoffs without an inputType) and
// openai-agents-input-guardrails.ts (the policy in the tool's inputGuardrails); each file says how.
// The outcomes are read from the SDK's result in outcomes.ts; the schemas handed to
// the SDK are in schemas.ts.
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
// - resume (the "resume" capability, needsApproval only): the interrupted run's state is kept for
//   each suspended call, and answers go through the SDK's own path, `state.approve(item)` or
//   `state.reject(item, { message })`, then `runner.run(agent, state)` with the turn's runner. What
//   the SDK then does (runner/turnResolution.mjs, resolveInterruptedTurn, then
//   runner/toolExecution.mjs, executeFunctionToolCalls): it decodes the raw string again
//   (parseToolArguments' JSON.parse, whose value it discards for a tool with a needsApproval
//   function), but it reuses the schema output it prepared at the suspension (the retained
//   preparedInput of state._pendingFunctionToolApprovals, while the call's fingerprint and the
//   tool's invoke are unchanged) instead of parsing again, does not call needsApproval again
//   (handlePreparedFunctionApproval re-asks only when that prepared output changed, and then
//   ignores the answer; handleFunctionApproval returns "approved" from the recorded decision), and
//   executes a fresh copy of that output. Each answered call is reported from the resumed result.
//
// Handoffs ("handoffs" capability), typed. Each wired handoff is the SDK's own handoff(receiver, {
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
  defineToolInputGuardrail,
  handoff,
  Runner,
  setSensitiveDataLoggingEnabled,
  setTraceProcessors,
  setTracingDisabled,
  tool,
  ToolGuardrailFunctionOutputFactory,
  user,
  type AgentInputItem,
  type RunContext,
  type RunState,
  type RunToolApprovalItem,
  type ToolInputGuardrailDefinition,
} from "@openai/agents";
import { assistantMessage, functionCall, ScriptedModel } from "@openai/agents/testing";
import type { Adapter, AdapterSession, ApprovalAnswer, Capability, CallOutcome, ModelCall, PolicyDecision, SessionWiring, WiredHandoff, WiredTool } from "../../harness/adapter.ts";
import { installedVersion } from "../installed-version.ts";
import { callIdOf, handoffOutcomeOf, handoffRefusal, outcomeOf, type SdkResult } from "./outcomes.ts";
import { ANY_HANDOFF_INPUT, sdkSchemaOf } from "./schemas.ts";

// Offline: importing @openai/agents installs the OpenAI trace exporter; no trace may be made or sent.
setTracingDisabled(true);
setTraceProcessors([]);
// By default the SDK redacts tool data (config.mjs `dontLogToolData`): it strips the original error
// from the InvalidToolInputError it hands a tool's errorFunction, hands that errorFunction no call
// details, and hands the input guardrails of a call its schema rejected an empty argument string
// (runner/toolExecution.mjs, getFunctionToolCallbackToolCall). With sensitive data allowed it keeps
// `originalError` (the only record of whether decoding or the schema failed) and the call; the debug
// logger (silent unless DEBUG is set) then includes tool data; nothing leaves the process.
setSensitiveDataLoggingEnabled(true);

// What the SDK's own defaultToolErrorFunction returns (agents-core dist/tool.mjs, defaultToolErrorFunction).
// The adapter's errorFunction exists to see the runtime's error; the model must still see the default.
const SDK_DEFAULT_TOOL_ERROR = "An error occurred while running the tool. Please try again.";

/** The wiring of one configuration of the SDK: everything else is the same for all of them. */
export interface OpenAIAgentsConfiguration {
  /** The adapter's name, which says the policy point (and the handoff wiring) its verdict is about. */
  name: string;
  /** Where the harness's policy runs: the tool's needsApproval callback, or its inputGuardrails. */
  policyPoint: "needsApproval" | "inputGuardrails";
  /** "typed": handoff(receiver, { inputType, onHandoff }), which the SDK decodes; "plain": without an inputType. */
  handoffs: "typed" | "plain";
}

function createSession(wiring: SessionWiring, configuration: OpenAIAgentsConfiguration): AdapterSession {
  let turnNumber = 0;
  // The policy's decision per call id, only to know which pending approvals to reject.
  const decisions = new Map<string, PolicyDecision>();
  // The error the SDK handed each tool's errorFunction, by call id: its record of an invalid input.
  const errors = new Map<string, unknown>();
  // Model history carried from one harness turn (one run) to the next, and the state of the last turn's run.
  let history: AgentInputItem[] = [];
  let lastState: RunState<unknown, Agent<any, any>> | undefined;
  // The calls waiting for a reviewer, by call id (the latest call with each id): the run that
  // interrupted for it, with its runner, and the SDK's approval item in that run's state.
  const waiting = new Map<string, { call: ModelCall; runner: Runner; result: SdkResult; item: RunToolApprovalItem }>();

  // The policy in needsApproval: handed the input object the SDK passes and the SDK's call id.
  const needsApprovalOf = (wired: WiredTool) => async (_runContext: RunContext<unknown>, input: unknown, callId?: string) => {
    const decision = await wiring.policy({ agentName: wiring.agentName, toolName: wired.name, callId: callId as string, turn: turnNumber, parsedArguments: input });
    decisions.set(callId as string, decision);
    return decision.decision !== "allow";
  };
  // The policy in an input guardrail: the SDK hands it the provider's function call item, whose only
  // arguments are the raw string; that string is the guardrail's one view of the arguments, so it is
  // both the raw view and what the policy decides on (the adapter decodes nothing). The call id goes
  // back as the result's outputInfo, since the SDK's guardrail records keep none.
  const guardrailOf = (wired: WiredTool): ToolInputGuardrailDefinition =>
    defineToolInputGuardrail({
      name: "effective-args-policy",
      run: async ({ toolCall }) => {
        const { callId, arguments: raw } = toolCall;
        const decision = await wiring.policy({ agentName: wiring.agentName, toolName: wired.name, callId, turn: turnNumber, rawArguments: raw, parsedArguments: raw });
        if (decision.decision === "allow") return ToolGuardrailFunctionOutputFactory.allow({ callId });
        if (decision.decision === "deny") return ToolGuardrailFunctionOutputFactory.rejectContent(decision.reason, { callId });
        throw new Error(`the policy asked for approval of call ${callId}, but a tool input guardrail cannot suspend a call (it allows, rejects or throws)`);
      },
    });

  const tools = Object.values(wiring.tools).map((wired) =>
    tool({
      name: wired.name,
      description: `The ${wired.name} tool of the case.`,
      parameters: sdkSchemaOf(wired.schema),
      // A Standard Schema must be strict: tool() throws "Strict mode is required for Standard
      // Schema parameters" otherwise (tool.mjs). With the wrapper's schema strict mode changes nothing.
      strict: true,
      ...(configuration.policyPoint === "needsApproval" ? { needsApproval: needsApprovalOf(wired) } : { inputGuardrails: [guardrailOf(wired)] }),
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

  const handoffs = Object.values(wiring.handoffs).map((wired: WiredHandoff) => {
    // receive gets what the SDK hands onHandoff as its input: the decoded value with an inputType,
    // and without one nothing at all (handoff.mjs calls `onHandoff(context)`), so undefined.
    const onHandoff = async (_runContext: RunContext<any>, input?: unknown) => {
      // The SDK carries out the first handoff call of the response; handoffOutcomeOf checks that its
      // RunHandoffOutputItem is for this very call.
      const call = turnCalls.find(isHandoff);
      if (call?.toolName !== wired.name || handedOver.has(call.callId)) {
        throw new Error(`the SDK handed over to ${wired.name}, but the turn's first handoff call is ${call ? `${call.callId} (${call.toolName})${handedOver.has(call.callId) ? ", already handed over" : ""}` : "missing"}`);
      }
      handedOver.set(call.callId, input);
      await wired.receive(input, { callId: call.callId });
    };
    const receiver = new Agent({ name: receiverName(wired.name), instructions: "Take over the conversation." });
    return configuration.handoffs === "typed"
      ? handoff(receiver, { toolNameOverride: wired.name, inputType: ANY_HANDOFF_INPUT, onHandoff })
      : handoff(receiver, { toolNameOverride: wired.name, onHandoff });
  });
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
      // The SDK's records of earlier calls with these ids are not this turn's.
      for (const call of calls) errors.delete(call.callId);
      let result: SdkResult;
      try {
        result = await rejectDenied(runner, await runner.run(agent, [...history, user(`Turn ${turn}.`)]));
      } catch (error) {
        return [handoffRefusal(error, calls, isHandoff, handedOver)];
      }
      history = result.history;
      lastState = result.state;
      const final = result;
      const outcomes = calls.map((call) => (isHandoff(call) ? handoffOutcomeOf(call, final, handedOver) : outcomeOf(call, final, errors)));
      for (const call of calls) {
        const item = final.interruptions.find((candidate) => callIdOf(candidate) === call.callId);
        if (item) waiting.set(call.callId, { call, runner, result: final, item });
        else waiting.delete(call.callId);
      }
      return outcomes;
    },

    // The SDK's own approve-and-resume path: the answers of one interrupted run go into its state
    // (state.approve / state.reject), and the run goes on with Runner.run(agent, state).
    async resume(answers: readonly ApprovalAnswer[]): Promise<CallOutcome[]> {
      const byState = new Map<RunState<unknown, Agent<any, any>>, { runner: Runner; answered: { answer: ApprovalAnswer; call: ModelCall }[] }>();
      for (const answer of answers) {
        const pending = waiting.get(answer.callId);
        if (!pending) throw new Error(`no approval item of the SDK is waiting for call ${answer.callId}`);
        const group = byState.get(pending.result.state) ?? { runner: pending.runner, answered: [] };
        group.answered.push({ answer, call: pending.call });
        byState.set(pending.result.state, group);
        if (answer.approved) pending.result.state.approve(pending.item);
        else pending.result.state.reject(pending.item, answer.reason === undefined ? {} : { message: answer.reason });
      }
      const outcomes = new Map<string, CallOutcome>();
      for (const [state, { runner, answered }] of byState) {
        const result = await rejectDenied(runner, await runner.run(agent, state));
        if (state === lastState) history = result.history;
        for (const { answer, call } of answered) {
          outcomes.set(answer.callId, outcomeOf(call, result, errors));
          waiting.delete(answer.callId);
        }
        // The run's calls left unanswered wait on in the resumed result.
        for (const [callId, pending] of waiting) {
          if (pending.result.state !== state) continue;
          const item = result.interruptions.find((candidate) => callIdOf(candidate) === callId);
          if (item) waiting.set(callId, { ...pending, result, item });
          else waiting.delete(callId);
        }
      }
      return answers.map((answer) => outcomes.get(answer.callId)!);
    },
  };

  /** Answers the approval items of calls the policy denied through the SDK's rejection path, and lets the run go on, until none is left. */
  async function rejectDenied(runner: Runner, first: SdkResult): Promise<SdkResult> {
    let result = first;
    const rejected = new Set<string>();
    for (;;) {
      const toReject = result.interruptions.filter((item) => {
        const callId = callIdOf(item);
        return callId !== undefined && decisions.get(callId)?.decision === "deny" && !rejected.has(callId);
      });
      if (toReject.length === 0) return result;
      for (const item of toReject) {
        result.state.reject(item, { message: decisions.get(callIdOf(item)!)!.reason });
        rejected.add(callIdOf(item)!);
      }
      result = await runner.run(agent, result.state);
    }
  }
}

/** The receiving agent's name: the handoff's name without the SDK's default "transfer_to_" prefix. */
const receiverName = (handoffName: string) => handoffName.replace(/^transfer_to_(?=.)/, "");

/** An adapter for one configuration of the SDK. */
export function openaiAgentsAdapter(configuration: OpenAIAgentsConfiguration): Adapter {
  // "approval": needsApproval interrupts the run (an input guardrail cannot: it allows, rejects or
  // throws); "raw-view": a guardrail is handed the provider's raw string (needsApproval is not);
  // "batch": one model response may hold several function calls; "handoffs": the SDK's handoff();
  // "resume": an interruption is answered with state.approve / state.reject (needsApproval only,
  // since only it interrupts). No hooks, no fingerprint, no proposal hash: the SDK has none of them.
  const capabilities: Capability[] = configuration.policyPoint === "needsApproval" ? ["approval", "batch", "handoffs", "resume"] : ["batch", "handoffs", "raw-view"];
  return {
    name: configuration.name,
    version: installedVersion("@openai/agents"),
    // The package that does the work: @openai/agents re-exports @openai/agents-core, whose runner
    // decodes, parses, asks needsApproval and the guardrails, and runs the tools. `openai` is not on
    // the path: agents-core uses it only to turn a Zod object into JSON Schema (utils/tools.mjs,
    // zodResponsesFunction), which the probes' Standard Schema (schemas.ts) never reaches, and its
    // client only behind @openai/agents-openai's model provider, which ScriptedModel replaces.
    components: { "@openai/agents-core": installedVersion("@openai/agents-core") },
    capabilities,
    createSession: (wiring) => createSession(wiring, configuration),
  };
}

const adapter: Adapter = openaiAgentsAdapter({ name: "@openai/agents", policyPoint: "needsApproval", handoffs: "typed" });
export default adapter;
