// langchain: humanInTheLoopMiddleware's `when` decides on the request and the tool runs the schema output: RFC-0015 invariants 1 and 5 (INV-1, INV-5).
// Run in an empty folder (Node.js 20 or later):
//   npm install --legacy-peer-deps langchain@1.5.14 @langchain/core@1.3.5 @langchain/langgraph@1.7.3 zod@4.1.12
//   node approval-sees-the-request.mjs
// (--legacy-peer-deps: @langchain/langgraph 1.7.3 declares zod ^4.2.0 as a peer; this runs on zod 4.1.12.)
// Offline: the model is LangChain's own fakeModel; its answer carries the provider's raw argument string,
// which @langchain/core decodes (the AIMessage constructor prints a warning about newer provider packages).
import { posix } from "node:path";
import { MemorySaver } from "@langchain/langgraph";
import { AIMessage, createAgent, fakeModel, humanInTheLoopMiddleware, tool } from "langchain";
import { z } from "zod";

let evaluated;
let executed;
const deleteTree = tool(
  async (args) => {
    executed = args;
    return `deleted ${args.path}`;
  },
  { name: "delete_tree", description: "Delete a directory tree.", schema: z.object({ path: z.string().trim().transform((path) => posix.normalize(path)), recursive: z.boolean().default(true) }) },
);
// The policy: deleting anything outside /tmp/ needs a human.
const when = async ({ toolCall }) => {
  evaluated = structuredClone(toolCall.args);
  return !toolCall.args.path.startsWith("/tmp/");
};

const raw = '{"path": "/tmp/../home/alice"}';
const model = fakeModel()
  .respond(() => new AIMessage({ content: "", additional_kwargs: { tool_calls: [{ id: "call_1", type: "function", function: { name: "delete_tree", arguments: raw } }] } }))
  .respond(new AIMessage("Done."));
const agent = createAgent({
  model,
  tools: [deleteTree],
  middleware: [humanInTheLoopMiddleware({ interruptOn: { delete_tree: { allowedDecisions: ["approve", "reject"], when } } })],
  checkpointer: new MemorySaver(),
});
const result = await agent.invoke({ messages: [{ role: "user", content: "Clean up." }] }, { configurable: { thread_id: "t1" } });

console.log("`when` was handed:", JSON.stringify(evaluated));
console.log("the tool ran with:", JSON.stringify(executed ?? "(not run)"), (result.__interrupt__?.length ?? 0) > 0 ? "(the run is interrupted)" : "");
if (executed !== undefined && JSON.stringify(executed) !== JSON.stringify(evaluated)) {
  console.log("BROKEN: RFC-0015 invariants 1 and 5 (INV-1, INV-5, MATRIX-1, MATRIX-2): `when` decided on the request before the schema; the tool ran the schema output (the path normalized, a default added), a value no policy evaluated.");
  process.exit(1);
}
console.log("holds: the tool ran what `when` evaluated.");
