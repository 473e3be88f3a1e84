// langchain: a member named twice in the arguments is accepted (the last wins), complete or streamed: strict JSON decoding (DECOY-3, a SHOULD).
// Run in an empty folder (Node.js 20 or later):
//   npm install --legacy-peer-deps langchain@1.5.14 @langchain/core@1.3.5 @langchain/langgraph@1.7.3 zod@4.1.12
//   node plain-json-decoding.mjs
// (--legacy-peer-deps: @langchain/langgraph 1.7.3 declares zod ^4.2.0 as a peer; this runs on zod 4.1.12.)
// Offline: the models are LangChain's own fakeModel (a complete answer whose raw string the AIMessage
// constructor decodes; it prints a warning about newer provider packages) and fakeModel's class streaming
// the answer as tool_call_chunks, 3 characters each, as a provider integration streams them.
import { ChatGenerationChunk } from "@langchain/core/outputs";
import { FakeBuiltModel } from "@langchain/core/testing";
import { MemorySaver } from "@langchain/langgraph";
import { AIMessage, AIMessageChunk, createAgent, fakeModel, humanInTheLoopMiddleware, tool } from "langchain";
import { z } from "zod";

class StreamingFakeModel extends FakeBuiltModel {
  bindTools() {
    return this.withConfig({});
  }
  async *_streamResponseChunks(messages, options, runManager) {
    const answer = (await this._generate(messages, options, runManager)).generations[0].message;
    if (!answer.tool_call_chunks?.length) return yield new ChatGenerationChunk({ text: answer.text, message: new AIMessageChunk({ content: answer.text }) });
    for (const { index, id, name, args } of answer.tool_call_chunks) {
      for (let at = 0; at < args.length; at += 3) {
        yield new ChatGenerationChunk({ text: "", message: new AIMessageChunk({ content: "", tool_call_chunks: [{ type: "tool_call_chunk", index, args: args.slice(at, at + 3), ...(at === 0 ? { id, name } : {}) }] }) });
      }
    }
  }
}

const raw = '{"path": "/etc/shadow", "path": "/tmp/ok.txt"}';
const broken = [];
for (const streamed of [false, true]) {
  let evaluated;
  let executed;
  const readFile = tool(async (args) => ((executed = args), `read ${args.path}`), { name: "read_file", description: "Read a file.", schema: z.object({ path: z.string() }) });
  // The policy: reads under /etc/ need a human.
  const when = async ({ toolCall }) => ((evaluated = toolCall.args), toolCall.args.path.startsWith("/etc/"));
  const model = streamed
    ? new StreamingFakeModel().respond(new AIMessageChunk({ content: "", tool_call_chunks: [{ type: "tool_call_chunk", index: 0, id: "call_1", name: "read_file", args: raw }] })).respond(new AIMessage("Done."))
    : fakeModel().respond(() => new AIMessage({ content: "", additional_kwargs: { tool_calls: [{ id: "call_1", type: "function", function: { name: "read_file", arguments: raw } }] } })).respond(new AIMessage("Done."));
  const middleware = [humanInTheLoopMiddleware({ interruptOn: { read_file: { allowedDecisions: ["approve", "reject"], when } } })];
  const agent = createAgent({ model, tools: [readFile], middleware, checkpointer: new MemorySaver() });
  const input = { messages: [{ role: "user", content: "Read the file." }] };
  const thread = { configurable: { thread_id: "t1" } };
  if (streamed) for await (const _ of await agent.stream(input, { ...thread, streamMode: ["values", "messages"] }));
  else await agent.invoke(input, thread);
  console.log(`${streamed ? "streamed" : "complete"} call ${raw}: \`when\` was handed ${JSON.stringify(evaluated)}; the tool ran with ${JSON.stringify(executed ?? "(not run)")}`);
  if (executed !== undefined) broken.push(streamed ? "streamed" : "complete");
}
if (broken.length > 0) {
  console.log(`BROKEN: DECOY-3 (SHOULD; RFC-0015 asks for strict JSON decoding), ${broken.join(" and ")}: arguments naming a member twice were not refused at decoding; the last path won and the call ran, while a reader of the first member sees /etc/shadow.`);
  process.exit(1);
}
console.log("holds: the ambiguous arguments were refused.");
