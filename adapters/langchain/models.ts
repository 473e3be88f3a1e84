// The scripted models of adapters/langchain/adapter.ts (which says where each claim comes from in
// LangChain's code): LangChain's own fakeModel, whose answer is built when the agent invokes it, and
// StreamingFakeModel, which streams its answer's tool calls as tool_call_chunks the way a provider
// integration does. Nothing here decodes: LangChain merges and decodes what they send.
import { ChatGenerationChunk } from "@langchain/core/outputs";
import { FakeBuiltModel } from "@langchain/core/testing";
import { AIMessage, AIMessageChunk, fakeModel, type BaseMessage } from "langchain";
import type { ModelCall } from "../../harness/adapter.ts";

/** How many characters of a raw argument string each streamed chunk carries. */
export const STREAM_PIECE = 3;

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
export function scriptedModel(calls: readonly ModelCall[], streamed: boolean) {
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
