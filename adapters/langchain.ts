// adapters/langchain.ts: puts LangChain agents under test: `createAgent` of the npm package
// "langchain" (1.x), which runs on @langchain/langgraph and @langchain/core; the versions are read from
// the installed packages. Each harness turn is one run of the agent (`agent.invoke`, or
// `agent.stream` for the streamed configuration) on one LangGraph thread per session (a MemorySaver
// checkpointer keeps the conversation from turn to turn, as an application's would). The agent's
// tools are the harness's probes (core's `tool()` with the probe schema and the probe's execute),
// and its model is LangChain's own scripted model whose first answer in a turn is exactly the turn's
// calls, raw strings byte for byte, and any later answer "Done.". The cites below name files under
// node_modules/langchain/dist, node_modules/@langchain/core/dist and @langchain/langgraph/dist.
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
// - streamed tool calls (adapters/langchain-streamed.ts): the model streams each call as a provider
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
//   text only), so StreamingFakeModel below is fakeModel's class with a _streamResponseChunks that
//   streams its queued answer; nothing in it decodes.
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
// Tool results and errors: a ToolMessage with status "success" is an executed call. A schema failure
// is a ToolMessage with status "error" that the tools node makes from the ToolInvocationError wrapping
// core's ToolInputParsingException (ToolNode.runTool and #handleError); the adapter tells it apart by
// that error type, which a middleware whose wrapToolCall only watches (it hands the request on
// unchanged and rethrows what it catches) records by call id. A call whose raw string does not decode
// is an entry of the model message's invalid_tool_calls, which the agent never runs: reported
// invalid at stage json with its error. A call of which the state holds no record at all (HITL
// dropped it after rejecting a sibling, or holds it back behind another call's interrupt) has no
// outcome to report: runTurn throws, and the case errors.
import { ToolInputParsingException } from "@langchain/core/tools";
import { ChatGenerationChunk } from "@langchain/core/outputs";
import { FakeBuiltModel } from "@langchain/core/testing";
import { Command, MemorySaver } from "@langchain/langgraph";
import {
  AIMessage,
  AIMessageChunk,
  createAgent,
  createMiddleware,
  fakeModel,
  HumanMessage,
  humanInTheLoopMiddleware,
  tool,
  ToolInvocationError,
  ToolMessage,
  type BaseMessage,
  type Interrupt,
} from "langchain";
import type { Adapter, AdapterSession, CallOutcome, ModelCall, PolicyDecision, SessionWiring, ToolPolicyInput } from "../harness/adapter.ts";
import { installedVersion } from "./installed-version.ts";


/** How many characters of a raw argument string each streamed chunk carries. */
export const STREAM_PIECE = 3;

/** LangChain's tool call record: what the model message holds and HITL's `when` is handed. */
interface ToolCall {
  id?: string;
  name: string;
  args: Record<string, unknown>;
}

/** What one run returns: the agent state's values, with LangGraph's pending interrupts when it stopped for them. */
export interface RunResult {
  messages: BaseMessage[];
  __interrupt__?: Interrupt[];
}

/** HITL's interrupt value (agents/middleware/hitl.js): one action request and one review config per interrupted call. */
interface HitlRequest {
  actionRequests: { name: string; args: unknown; description?: string }[];
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
    // "approval": HITL interrupts a call; "batch": a model message may hold several tool calls,
    // each run as its own Send. No PreToolUse hooks (a middleware sees the call only as decoded and
    // cannot rewrite it before the schema without running the tool), no proposal hash, no fingerprint.
    // "raw-view" for complete calls only: the state handed to `when` still holds each call's raw
    // string; streamed, LangGraph's reducer has dropped the chunks that held it.
    capabilities: options.streamed ? ["approval", "batch"] : ["approval", "batch", "raw-view"],
    createSession: (wiring) => createSession(wiring, options),
  };
}

/**
 * fakeModel's class, streaming its queued answer the way a provider integration streams a response:
 * a message with tool_call_chunks is sent as one AIMessageChunk per piece of each call's raw string
 * (the first piece of a call with its index, id and name; the others with its index only), any other
 * message as one chunk of its text. LangChain concatenates the chunks and decodes the joined string.
 */
export class StreamingFakeModel extends FakeBuiltModel {
  // FakeBuiltModel.bindTools answers with a plain FakeBuiltModel, which would not stream; the
  // scripted answers use no tool definitions, so binding them changes nothing but the class.
  override bindTools() {
    return this.withConfig({});
  }

  override async *_streamResponseChunks(messages: BaseMessage[], options: this["ParsedCallOptions"], runManager?: Parameters<FakeBuiltModel["_generate"]>[2]) {
    const { generations } = await this._generate(messages, options, runManager);
    const answer = generations[0]!.message;
    const chunks = AIMessageChunk.isInstance(answer) ? answer.tool_call_chunks ?? [] : [];
    if (chunks.length === 0) {
      yield new ChatGenerationChunk({ text: answer.text, message: new AIMessageChunk({ content: answer.text }) });
      return;
    }
    for (const { index, id, name, args = "" } of chunks) {
      const pieces = args.length === 0 ? [""] : Array.from({ length: Math.ceil(args.length / STREAM_PIECE) }, (_, at) => args.slice(at * STREAM_PIECE, (at + 1) * STREAM_PIECE));
      for (const [at, piece] of pieces.entries()) {
        const first = at === 0 ? { id, name } : {};
        yield new ChatGenerationChunk({ text: "", message: new AIMessageChunk({ content: "", tool_call_chunks: [{ type: "tool_call_chunk", index, args: piece, ...first }] }) });
      }
    }
  }
}

/** The scripted model of one turn: its first answer is the turn's calls, any later one "Done.". */
function scriptedModel(calls: readonly ModelCall[], streamed: boolean) {
  if (streamed) {
    // The queued answer carries each call's raw string whole; StreamingFakeModel streams it in pieces.
    const model = new StreamingFakeModel();
    model.respond(new AIMessageChunk({ content: "", tool_call_chunks: calls.map((call, index) => ({ type: "tool_call_chunk" as const, index, id: call.callId, name: call.toolName, args: call.rawArguments })) }));
    return model.respond(new AIMessage("Done."));
  }
  // Built when the agent invokes the model, so that @langchain/core decodes inside the model call.
  // tool_calls is left undefined: that is what makes the AIMessage constructor decode.
  return fakeModel()
    .respond(() => new AIMessage({ content: "", additional_kwargs: { tool_calls: calls.map((call) => ({ id: call.callId, type: "function" as const, function: { name: call.toolName, arguments: call.rawArguments } })) } }))
    .respond(new AIMessage("Done."));
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
      return calls.map((call) => outcomeOf(call, result, humanId, rejected, errors));
    },
  };
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
function pendingCalls(result: RunResult, humanId: string): Map<{ name: string; args: unknown }, string> {
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
function outcomeOf(call: ModelCall, result: RunResult, humanId: string, rejected: ReadonlySet<string>, errors: ReadonlyMap<string, unknown>): CallOutcome {
  const { callId } = call;
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

export default langchainAdapter({ streamed: false });
