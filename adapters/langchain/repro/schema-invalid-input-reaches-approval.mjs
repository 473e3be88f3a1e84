// langchain: humanInTheLoopMiddleware's `when` is asked about a call the tool schema rejects: RFC-0015 invariant 2, test-matrix row 5 (INV-2, MATRIX-5, BATCH-2).
// Run in an empty folder (Node.js 20 or later):
//   npm install --legacy-peer-deps langchain@1.5.14 @langchain/core@1.3.5 @langchain/langgraph@1.7.3 zod@4.1.12
//   node schema-invalid-input-reaches-approval.mjs
// (--legacy-peer-deps: @langchain/langgraph 1.7.3 declares zod ^4.2.0 as a peer; this runs on zod 4.1.12.)
// Offline: the model is LangChain's own fakeModel; its answer carries the provider's raw argument strings,
// which @langchain/core decodes (the AIMessage constructor prints a warning about newer provider packages).
import { MemorySaver } from "@langchain/langgraph";
import { AIMessage, createAgent, fakeModel, humanInTheLoopMiddleware, tool, ToolMessage } from "langchain";
import { z } from "zod";

const evaluated = [];
const executed = [];
const deleteTree = tool(
  async (args, config) => {
    executed.push(`${config.toolCall.id} ${JSON.stringify(args)}`);
    return `deleted ${args.path}`;
  },
  { name: "delete_tree", description: "Delete a directory tree.", schema: z.object({ path: z.string(), recursive: z.boolean().default(false) }) },
);
// The policy: deleting anything outside /tmp/ needs a human.
const when = async ({ toolCall }) => {
  evaluated.push(`${toolCall.id} ${JSON.stringify(toolCall.args)}`);
  return !toolCall.args.path.startsWith("/tmp/");
};

// One message, two calls: call_1's "recursive" is not a boolean, which the schema rejects; call_2 is valid.
const calls = [
  ["call_1", '{"path": "/tmp/build", "recursive": "yes"}'],
  ["call_2", '{"path": "/tmp/cache"}'],
];
const model = fakeModel()
  .respond(() => new AIMessage({ content: "", additional_kwargs: { tool_calls: calls.map(([id, args]) => ({ id, type: "function", function: { name: "delete_tree", arguments: args } })) } }))
  .respond(new AIMessage("Done."));
const agent = createAgent({
  model,
  tools: [deleteTree],
  middleware: [humanInTheLoopMiddleware({ interruptOn: { delete_tree: { allowedDecisions: ["approve", "reject"], when } } })],
  checkpointer: new MemorySaver(),
});
const result = await agent.invoke({ messages: [{ role: "user", content: "Clean up." }] }, { configurable: { thread_id: "t1" } });

console.log("`when` was handed:", evaluated);
console.log("the tool ran with:", executed);
for (const message of result.messages.filter((message) => ToolMessage.isInstance(message))) console.log(`ToolMessage for ${message.tool_call_id} (${message.status}): ${String(message.content).split("\n")[0]}`);
if (evaluated.some((entry) => entry.startsWith("call_1 "))) {
  console.log("BROKEN: RFC-0015 invariant 2 / test-matrix row 5 (INV-2, MATRIX-5, BATCH-2): call_1 failed the tool schema, yet `when` was asked about it (with the decoded request).");
  process.exit(1);
}
console.log("holds: the schema-invalid call never reached `when`.");
