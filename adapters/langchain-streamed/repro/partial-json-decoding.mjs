// langchain: a streamed call cut off mid-arguments is completed by the partial-JSON parser and runs: RFC-0015 invariant 2, test-matrix row 5 (INV-2, MATRIX-5).
// Run in an empty folder (Node.js 20 or later):
//   npm install --legacy-peer-deps langchain@1.5.14 @langchain/core@1.3.5 @langchain/langgraph@1.7.3 zod@4.1.12
//   node partial-json-decoding.mjs
// (--legacy-peer-deps: @langchain/langgraph 1.7.3 declares zod ^4.2.0 as a peer; this runs on zod 4.1.12.)
// Offline: the model is LangChain's fakeModel class streaming its answer as tool_call_chunks, 3 characters
// each, as a provider integration streams them (LangChain's own fakes stream no tool_call_chunks).
import { ChatGenerationChunk } from "@langchain/core/outputs";
import { FakeBuiltModel } from "@langchain/core/testing";
import { MemorySaver } from "@langchain/langgraph";
import { AIMessage, AIMessageChunk, createAgent, humanInTheLoopMiddleware, tool } from "langchain";
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

const evaluated = [];
const executed = [];
const writeFile = tool(
  async (args) => {
    executed.push(JSON.stringify(args));
    return `wrote ${args.path}`;
  },
  { name: "write_file", description: "Write a file.", schema: z.object({ path: z.string(), content: z.string() }) },
);
// The policy: writes under /etc/ need a human.
const when = async ({ toolCall }) => {
  evaluated.push(JSON.stringify(toolCall.args));
  return toolCall.args.path.startsWith("/etc/");
};

// The stream stops in the middle of the content: the raw string is not JSON.
const raw = '{"path": "/srv/app/config.yaml", "content": "mode: safe\\nlimit: 1';
const model = new StreamingFakeModel()
  .respond(new AIMessageChunk({ content: "", tool_call_chunks: [{ type: "tool_call_chunk", index: 0, id: "call_1", name: "write_file", args: raw }] }))
  .respond(new AIMessage("Done."));
const agent = createAgent({
  model,
  tools: [writeFile],
  middleware: [humanInTheLoopMiddleware({ interruptOn: { write_file: { allowedDecisions: ["approve", "reject"], when } } })],
  checkpointer: new MemorySaver(),
});
const input = { messages: [{ role: "user", content: "Update the config." }] };
for await (const _ of await agent.stream(input, { configurable: { thread_id: "t1" }, streamMode: ["values", "messages"] }));

console.log("streamed raw arguments (cut off):", raw);
console.log("`when` was handed:               ", evaluated);
console.log("the tool ran with:               ", executed);
if (evaluated.length > 0 || executed.length > 0) {
  console.log("BROKEN: RFC-0015 invariant 2 / test-matrix row 5 (INV-2, MATRIX-5): arguments that are not JSON were completed by the partial-JSON parser; `when` decided on them and the tool wrote a truncated file.");
  process.exit(1);
}
console.log("holds: the truncated call reached neither `when` nor the tool.");
