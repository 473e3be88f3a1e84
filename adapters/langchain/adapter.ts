// adapters/langchain/adapter.ts: puts LangChain agents under test: `createAgent` of the npm package
// "langchain" (1.x), which runs on @langchain/langgraph and @langchain/core; the versions are read from
// the installed packages. Each harness turn is one run of the agent (`agent.invoke`, or
// `agent.stream` for the streamed configuration) on one LangGraph thread per session (a MemorySaver
// checkpointer keeps the conversation from turn to turn, as an application's would). The agent's
// tools are the harness's probes (core's `tool()` with the probe schema and the probe's execute),
// and its model is LangChain's own scripted model whose first answer in a turn is exactly the turn's
// calls, raw strings byte for byte, and any later answer "Done.". The cites below name files under
// node_modules/langchain/dist, node_modules/@langchain/core/dist and @langchain/langgraph/dist.
// The scripted models are in models.ts; the outcomes are read from LangChain's records in
// outcomes.ts.
//
// Two configurations, each its own published adapter:
// - complete tool calls (this file's default export): LangChain's agent takes tool calls already
//   decoded (AIMessage.tool_calls, args an object: agents/nodes/ToolNode.js, ToolNode.runTool hands
//   `toolCall.args` to the tool). @langchain/core has two decoders of complete tool calls:
//   parseToolCall (output_parsers/openai_tools), which a provider package calls itself, and
//   defaultToolCallParser, which the AIMessage constructor calls on its own: the one path on which
//   core decodes a complete message's raw strings without being asked. A message whose tool_calls
//   are left undefined and whose additional_kwargs.tool_calls holds OpenAI-format calls ({ id, type:
//   "function", function: { name, arguments } }) is decoded by defaultToolCallParser
//   (messages/tool.js: JSON.parse; what fails becomes an entry of invalid_tool_calls, "Malformed
//   args.") in messages/ai.js, AIMessage's constructor, which also prints a console.warn saying
//   that newer provider packages set tool_calls themselves. The scripted model (`fakeModel()` from
//   @langchain/core/testing, re-exported by langchain) builds that message at invocation time, so the
//   decoding happens inside the model call, where a provider integration decodes. Current provider
//   packages decode in the provider package instead (@langchain/openai's
//   convertCompletionsMessageToBaseMessage calls core's parseToolCall: JSON.parse, no `|| {}`); that
//   code is not installed here and the suite does not reach it.
// - streamed tool calls (adapters/langchain-streamed/adapter.ts): the model streams each call as a provider
//   integration does (@langchain/openai's convertCompletionsDeltaToBaseMessageChunk, in its public
//   source; the package is not installed here): AIMessageChunks
//   whose tool_call_chunks carry { index, id, name } in the first chunk of a call and the raw
//   argument string in pieces of STREAM_PIECE characters. LangChain merges them (BaseChatModel's
//   _generateUncached concatenates the chunks: AIMessageChunk.concat, _mergeLists in messages/base.js)
//   and decodes the joined, trimmed string with the partial-JSON parser (messages/utils.js,
//   collapseToolCallChunks: parsePartialJson of utils/json.js). The model streams because the run is
//   `agent.stream(..., { streamMode: ["values", "messages"] })`: LangGraph's StreamMessagesHandler
//   (pregel/messages.js) prefers streaming, and BaseChatModel then calls _streamResponseChunks.
//   LangChain's fake models cannot stream tool-call chunks (FakeBuiltModel has no
//   _streamResponseChunks; FakeStreamingChatModel and FakeListChatModel stream decoded tool_calls or
//   text only), so StreamingFakeModel (models.ts) is fakeModel's class with a
//   _streamResponseChunks that streams its queued answer; nothing in it decodes.
//
// Offline: the scripted models make no request, and LangChain traces to LangSmith only when the
// environment asks for it (LANGSMITH_TRACING / LANGCHAIN_TRACING_V2), which nothing here sets.
//
// The policy point: humanInTheLoopMiddleware (agents/middleware/hitl.js), LangChain's approval
// middleware, with `interruptOn[tool] = { allowedDecisions: ["approve", "reject"], when }` for every
// tool. Its afterModel hook calls `when({ toolCall, tool: undefined, state, runtime })` for each tool
// call of the model's last message, before any tool runs (shouldInterrupt), and interrupts the run
// for those it answers true. That is LangChain's yes/no approval callback, and it is handed the tool
// call as the message holds it: the decoded request, before the tool's schema (the schema runs
// later, inside the tool: core tools/index.js, StructuredTool.call, interopParseAsync). LangChain has
// no per-call decision point that sees the schema output (a middleware's wrapToolCall is handed the
// same request: ToolNode.runTool). So:
// - wiring.policy runs inside `when`, once per time HITL calls it, with parsedArguments AND
//   requestedArguments = the very `toolCall.args` object (the only view LangChain hands over: the
//   decoded request; the suite then reports that the policy does not see the schema output);
//   rawArguments = the call's raw string as the message in the `state` handed to `when` still holds
//   it (the OpenAI-format additional_kwargs.tool_calls entry with the call's id, in the last AI
//   message, found as HITL finds it), and left out when that message holds none (the streamed
//   configuration: LangGraph's messagesStateReducer drops tool_call_chunks, graph/messages_reducer.js
//   toMessage); toolName = the name HITL looked the `when` up by (toolCall.name); callId = toolCall.id;
//   no argsCanonicalJson / proposalHash (LangChain computes none, and the adapter computes none).
// - allow -> false: HITL lets the call through and the tools node runs it (one Send per call).
// - require_approval -> true: HITL calls LangGraph's interrupt() and the run returns with
//   `__interrupt__`; the call is reported "suspended" from that record, HITL's own: the action
//   request { name, args, description } whose args is the call's toolCall.args object (the request;
//   it holds neither the raw string nor the call id, so the call is found by that object).
// - deny -> true, then, in the same harness turn, the run is resumed through HITL's own rejection
//   path: `new Command({ resume: { decisions } })` with `{ type: "reject", message: reason }` for the
//   call. HITL writes a ToolMessage (status "error", content the message) for it, and the call is
//   reported "denied" with that content. A turn that holds both a deny and a require_approval cannot
//   be answered (HITL takes a decision for every interrupted call at once, or none): it errors.
// - resume (the "resume" capability): the reviewer's answers to a turn left at HITL's interrupt go
//   through the same path, `new Command({ resume: { decisions } })` on the same thread with that
//   turn's agent, `{ type: "approve" }` or `{ type: "reject", message }` per action request (the
//   decision types of hitl.d.ts). Each answered call is reported from the state after that run. An
//   answer that leaves another call of the interrupt unanswered cannot be given (HITL wants all).
// Tool results and errors: a ToolMessage with status "success" is an executed call. A schema failure
// is a ToolMessage with status "error" that the tools node makes from the ToolInvocationError wrapping
// core's ToolInputParsingException (ToolNode.runTool and #handleError); the adapter tells it apart by
// that error type, which a middleware whose wrapToolCall only watches (it hands the request on
// unchanged and rethrows what it catches) records by call id. A call whose raw string does not decode
// is an entry of the model message's invalid_tool_calls, which the agent never runs: reported
// invalid at stage json with its error. A call of which the state holds no record at all (HITL
// dropped it after rejecting a sibling, or holds it back behind another call's interrupt) has no
// outcome to report: runTurn (or resume) throws, and the case errors.
import { Command, MemorySaver } from "@langchain/langgraph";
import {
  AIMessage,
  createAgent,
  createMiddleware,
  HumanMessage,
  humanInTheLoopMiddleware,
  tool,
  type BaseMessage,
  type Decision,
  type Interrupt,
} from "langchain";
import type { Adapter, AdapterSession, ApprovalAnswer, CallOutcome, ModelCall, PolicyDecision, SessionWiring, ToolPolicyInput } from "../../harness/adapter.ts";
import { installedVersion } from "../installed-version.ts";
import { scriptedModel } from "./models.ts";
import { outcomeOf, pendingCalls, type RunResult } from "./outcomes.ts";

export { STREAM_PIECE, StreamingFakeModel } from "./models.ts";
export type { RunResult } from "./outcomes.ts";

/** LangChain's tool call record: what the model message holds and HITL's `when` is handed. */
interface ToolCall {
  id?: string;
  name: string;
  args: Record<string, unknown>;
}

export interface LangChainAdapterOptions {
  /** Stream the model's answer as tool_call_chunks (the streamed configuration). */
  streamed: boolean;
  /** Lets a test see every run's result (the agent's own state after each run). */
  onRun?: (result: RunResult) => void;
}

export function langchainAdapter(options: LangChainAdapterOptions): Adapter {
  return {
    name: options.streamed ? "langchain (streamed)" : "langchain",
    version: installedVersion("langchain"),
    // The packages that do the work beside langchain's createAgent and its middleware: @langchain/core
    // (the messages and their decoding, the tools and their schema parse), @langchain/langgraph (the
    // graph that runs the agent: its Send per tool call, interrupt and Command) and its checkpointer
    // package (MemorySaver and the serializer that stores every message of the thread).
    components: Object.fromEntries(["@langchain/core", "@langchain/langgraph", "@langchain/langgraph-checkpoint"].map((name) => [name, installedVersion(name)])),
    // "approval": HITL interrupts a call; "batch": a model message may hold several tool calls,
    // each run as its own Send. No PreToolUse hooks (a middleware sees the call only as decoded and
    // cannot rewrite it before the schema without running the tool), no proposal hash, no fingerprint.
    // "raw-view" for complete calls only: the state handed to `when` still holds each call's raw
    // string; streamed, LangGraph's reducer has dropped the chunks that held it.
    // "resume": HITL's interrupt is answered with its own decisions (approve / reject) through Command({ resume }).
    capabilities: options.streamed ? ["approval", "batch", "resume"] : ["approval", "batch", "raw-view", "resume"],
    createSession: (wiring) => createSession(wiring, options),
  };
}

/** The model's last message as HITL finds it (hitl.js: the last AIMessage of the state). */
const lastAiMessage = (messages: readonly BaseMessage[]) => [...messages].reverse().find((message) => AIMessage.isInstance(message)) as AIMessage | undefined;

/** The raw string of a call as an OpenAI-format message keeps it in additional_kwargs.tool_calls, if it does. */
function rawStringIn(message: AIMessage | undefined, callId: string | undefined): string | undefined {
  const raw = message?.additional_kwargs?.tool_calls?.find((call) => call.id === callId)?.function?.arguments;
  return typeof raw === "string" ? raw : undefined;
}

function createSession(wiring: SessionWiring, options: LangChainAdapterOptions): AdapterSession {
  // One LangGraph thread for the whole session: the checkpointer keeps the conversation between
  // turns (and HITL's interrupts need one). Nothing is shared with other sessions.
  const checkpointer = new MemorySaver();
  const thread = { configurable: { thread_id: "effective-args" } };
  // The current turn, and what this turn has seen, keyed by call id (unique within a turn): the
  // policy's decision (only to know which interrupted calls to reject) and the error the tools node
  // reported for a call (its record of a schema failure).
  let turn = 0;
  let decisions = new Map<string, PolicyDecision>();
  let errors = new Map<string, unknown>();
  // The turn whose run stopped at HITL's interrupt, if the last turn's did: its runs go on the
  // thread with that turn's agent (its scripted model still holds the answer after the tools).
  let interrupted: { run: (input: unknown) => Promise<RunResult>; humanId: string; result: RunResult } | undefined;

  const tools = Object.values(wiring.tools).map((wired) =>
    tool(
      // core's tool(): DynamicStructuredTool, whose call() parses with this schema once
      // (interopParseAsync) and hands the output, untouched, to this function with the tool call in config.
      (input: unknown, config: { toolCall?: { id?: string } }) => wired.execute(input, { callId: config.toolCall?.id as string }) as Promise<unknown>,
      { name: wired.name, description: `The ${wired.name} tool of the case.`, schema: wired.schema as never },
    ),
  );

  const when = async ({ toolCall, state }: { toolCall: ToolCall; state: { messages: BaseMessage[] } }): Promise<boolean> => {
    const rawArguments = rawStringIn(lastAiMessage(state.messages), toolCall.id);
    const input = {
      agentName: wiring.agentName,
      toolName: toolCall.name,
      callId: toolCall.id as string,
      turn,
      // Left out when the state's message holds no raw string: LangChain hands `when` none then.
      ...(rawArguments === undefined ? {} : { rawArguments }),
      requestedArguments: toolCall.args,
      parsedArguments: toolCall.args,
    } as ToolPolicyInput;
    const decided = await wiring.policy(input);
    decisions.set(toolCall.id as string, decided);
    return decided.decision !== "allow";
  };
  const approval = humanInTheLoopMiddleware({
    interruptOn: Object.fromEntries(Object.keys(wiring.tools).map((name) => [name, { allowedDecisions: ["approve", "reject"], when }])),
  });
  // Watches the tools node's errors: hands every request on unchanged, records what it throws, rethrows it.
  const errorRecord = createMiddleware({
    name: "EffectiveArgsErrorRecord",
    wrapToolCall: async (request, handler) => {
      try {
        return await handler(request);
      } catch (error) {
        errors.set(request.toolCall.id as string, error);
        throw error;
      }
    },
  });

  return {
    async runTurn(calls: readonly ModelCall[], turnNumber: number): Promise<CallOutcome[]> {
      turn = turnNumber;
      decisions = new Map();
      errors = new Map();
      // A new message on the thread starts a new run: LangGraph drops an interrupt left unanswered.
      interrupted = undefined;
      // A new agent per turn only for the turn's scripted model; the checkpointer and the thread
      // carry the conversation, and the tools and middleware are the session's.
      const agent = createAgent({ model: scriptedModel(calls, options.streamed), tools, middleware: [approval, errorRecord], checkpointer });
      const run = async (input: unknown): Promise<RunResult> => {
        let result: RunResult | undefined;
        if (options.streamed) {
          // The state after each step as "values"; a run that stops at an interrupt ends with a
          // "values" chunk holding only `__interrupt__` (what invoke adds to the last state).
          const stream = await agent.stream(input as never, { ...thread, streamMode: ["values", "messages"] });
          let interrupts: Interrupt[] | undefined;
          for await (const [mode, chunk] of stream as AsyncIterable<[string, Partial<RunResult>]>) {
            if (mode !== "values") continue;
            if (chunk.messages !== undefined) result = chunk as RunResult;
            if (chunk.__interrupt__ !== undefined) interrupts = chunk.__interrupt__;
          }
          if (result !== undefined && interrupts !== undefined) result = { ...result, __interrupt__: interrupts };
        } else {
          result = (await agent.invoke(input as never, thread)) as unknown as RunResult;
        }
        if (result === undefined) throw new Error(`turn ${turnNumber}: the agent's run gave no state`);
        options.onRun?.(result);
        return result;
      };

      const humanId = `effective-args-turn-${turnNumber}`;
      let result = await run({ messages: [new HumanMessage({ content: `Turn ${turnNumber}.`, id: humanId })] });

      // Deny: answer HITL's interrupt through its rejection path, in the order of its action requests.
      const rejected = new Set<string>();
      const pending = pendingCalls(result, humanId);
      if ([...pending.values()].some((callId) => decisions.get(callId)?.decision === "deny")) {
        const answers = [...pending.values()].map((callId) => {
          const decided = decisions.get(callId);
          if (decided?.decision !== "deny") {
            throw new Error(`turn ${turnNumber}: call ${callId} waits for approval beside a denied call; HITL takes a decision for every interrupted call at once, so the deny cannot be answered alone`);
          }
          rejected.add(callId);
          return { type: "reject" as const, message: decided.reason };
        });
        result = await run(new Command({ resume: { decisions: answers } }));
      }
      if ((result.__interrupt__?.length ?? 0) > 0) interrupted = { run, humanId, result };
      return calls.map((call) => outcomeOf(call.callId, result, humanId, rejected, errors));
    },

    // HITL's own approve-and-resume path: `Command({ resume: { decisions } })` on the same thread,
    // one decision per pending action request, in their order (hitl.js matches them by position).
    // Resuming re-runs HITL's afterModel hook, and so `when`, before interrupt() returns the
    // decisions (@langchain/langgraph dist/interrupt.js); the approved calls then go to the tools
    // node, which parses each with its schema and runs it (ToolNode.runTool, StructuredTool.call).
    async resume(answers: readonly ApprovalAnswer[]): Promise<CallOutcome[]> {
      const pending = interrupted;
      if (pending === undefined) throw new Error(`no HITL interrupt of the thread is waiting for calls ${answers.map((answer) => answer.callId).join(", ")}`);
      const byCall = new Map(answers.map((answer) => [answer.callId, answer]));
      const waiting = [...pendingCalls(pending.result, pending.humanId).values()];
      for (const answer of answers) if (!waiting.includes(answer.callId)) throw new Error(`HITL's interrupt holds no action request for call ${answer.callId}`);
      const rejected = new Set<string>();
      const decided: Decision[] = waiting.map((callId) => {
        const answer = byCall.get(callId);
        if (answer === undefined) throw new Error(`call ${callId} waits for approval beside the answered calls; HITL takes a decision for every interrupted call at once`);
        if (answer.approved) return { type: "approve" };
        rejected.add(callId);
        return answer.reason === undefined ? { type: "reject" } : { type: "reject", message: answer.reason };
      });
      const result = await pending.run(new Command({ resume: { decisions: decided } }));
      interrupted = (result.__interrupt__?.length ?? 0) > 0 ? { ...pending, result } : undefined;
      return answers.map((answer) => outcomeOf(answer.callId, result, pending.humanId, rejected, errors));
    },
  };
}

export default langchainAdapter({ streamed: false });
