// langchain: an approved call runs the schema output of the request the reviewer saw: RFC-0015, Proposal Hash And Approval, invariant 5 (APPROVAL-6).
// Run in an empty folder (Node.js 20 or later):
//   npm install --legacy-peer-deps langchain@1.5.14 @langchain/core@1.3.5 @langchain/langgraph@1.7.3 zod@4.1.12
//   node approval-runs-the-schema-output-of-the-request.mjs
// (--legacy-peer-deps: @langchain/langgraph 1.7.3 declares zod ^4.2.0 as a peer; this runs on zod 4.1.12.)
// Offline: the model is LangChain's own fakeModel; its answer carries the provider's raw argument string,
// which @langchain/core decodes (the AIMessage constructor prints a warning about newer provider packages).
import { posix } from "node:path";
import { Command, MemorySaver } from "@langchain/langgraph";
import { AIMessage, createAgent, fakeModel, humanInTheLoopMiddleware, tool } from "langchain";
import { z } from "zod";

let executed;
const deleteTree = tool(
  async (args) => {
    executed = args;
    return `deleted ${args.path}`;
  },
  {
    name: "delete_tree",
    description: "Delete a directory tree.",
    schema: z.object({ path: z.string().transform((path) => posix.normalize(path)), recursive: z.boolean().default(true) }),
  },
);
// The policy: every delete needs a human.
const when = async () => true;

const model = fakeModel()
  .respond(() => new AIMessage({ content: "", additional_kwargs: { tool_calls: [{ id: "call_1", type: "function", function: { name: "delete_tree", arguments: '{"path": "/tmp/build/../../srv/data"}' } }] } }))
  .respond(new AIMessage("Done."));
const agent = createAgent({
  model,
  tools: [deleteTree],
  middleware: [humanInTheLoopMiddleware({ interruptOn: { delete_tree: { allowedDecisions: ["approve", "reject"], when } } })],
  checkpointer: new MemorySaver(),
});
const thread = { configurable: { thread_id: "t1" } };
const first = await agent.invoke({ messages: [{ role: "user", content: "Remove the build folder." }] }, thread);
const shown = first.__interrupt__[0].value.actionRequests[0];
console.log("the reviewer is shown:", JSON.stringify({ name: shown.name, args: shown.args }));
// The reviewer approves what is shown.
await agent.invoke(new Command({ resume: { decisions: [{ type: "approve" }] } }), thread);
console.log("the tool ran with:    ", JSON.stringify(executed ?? "(not run)"));
if (executed !== undefined && JSON.stringify(executed) !== JSON.stringify(shown.args)) {
  console.log("BROKEN: RFC-0015 (reviewers approve parsedArguments) and invariant 5 (APPROVAL-6, INV-5): the approved call ran the schema's first parse of the request, a value neither the reviewer nor `when` saw.");
  process.exit(1);
}
console.log("holds: the approved call ran what the reviewer was shown.");
