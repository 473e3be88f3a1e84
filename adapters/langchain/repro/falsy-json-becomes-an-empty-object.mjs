// langchain: arguments that decode to null run as {} with every default: RFC-0015 invariants 1 and 2, test-matrix row 5 (INV-1, MATRIX-5).
// Run in an empty folder (Node.js 20 or later):
//   npm install --legacy-peer-deps langchain@1.5.14 @langchain/core@1.3.5 @langchain/langgraph@1.7.3 zod@4.1.12
//   node falsy-json-becomes-an-empty-object.mjs
// (--legacy-peer-deps: @langchain/langgraph 1.7.3 declares zod ^4.2.0 as a peer; this runs on zod 4.1.12.)
// Offline: the model is LangChain's own fakeModel; its answer carries the provider's raw argument string,
// which the AIMessage constructor decodes (defaultToolCallParser; it prints a warning about newer provider
// packages, which decode with parseToolCall and keep null).
import { MemorySaver } from "@langchain/langgraph";
import { AIMessage, createAgent, fakeModel, humanInTheLoopMiddleware, tool } from "langchain";
import { z } from "zod";

let evaluated;
let executed;
const purgeCache = tool(
  async (args) => {
    executed = args;
    return `purged ${args.scope} (older than ${args.olderThanDays} days)`;
  },
  { name: "purge_cache", description: "Purge caches.", schema: z.object({ scope: z.string().default("all"), olderThanDays: z.number().default(0) }) },
);
// The policy: purging everything needs a human; the callback sees the scope as sent.
const when = async ({ toolCall }) => {
  evaluated = toolCall.args;
  return toolCall.args.scope === "all";
};

const model = fakeModel()
  .respond(() => new AIMessage({ content: "", additional_kwargs: { tool_calls: [{ id: "call_1", type: "function", function: { name: "purge_cache", arguments: "null" } }] } }))
  .respond(new AIMessage("Done."));
const agent = createAgent({
  model,
  tools: [purgeCache],
  middleware: [humanInTheLoopMiddleware({ interruptOn: { purge_cache: { allowedDecisions: ["approve", "reject"], when } } })],
  checkpointer: new MemorySaver(),
});
await agent.invoke({ messages: [{ role: "user", content: "Tidy up." }] }, { configurable: { thread_id: "t1" } });

console.log('raw arguments:    "null"');
console.log("`when` was handed:", JSON.stringify(evaluated));
console.log("the tool ran with:", JSON.stringify(executed ?? "(not run)"));
if (executed !== undefined) {
  console.log("BROKEN: RFC-0015 invariants 1 and 2 (INV-1, INV-2, MATRIX-5): the model sent null, which the object schema rejects; LangChain made it {}, `when` let it through and the tool ran with every default (scope \"all\").");
  process.exit(1);
}
console.log("holds: the null arguments were not run.");
