// langchain: a nested default Zod shares between parses carries one call's change into the next call: RFC-0015 invariant 5 (INV-1, BATCH-4).
// Run in an empty folder (Node.js 20 or later):
//   npm install --legacy-peer-deps langchain@1.5.14 @langchain/core@1.3.5 @langchain/langgraph@1.7.3 zod@4.1.12
//   node shared-nested-default.mjs
// LangChain hands the tool the schema output as the schema returned it, without a copy.
// (--legacy-peer-deps: @langchain/langgraph 1.7.3 declares zod ^4.2.0 as a peer; this runs on zod 4.1.12.)
// Offline: the model is LangChain's own fakeModel; its answers carry the provider's raw argument strings,
// which @langchain/core decodes (the AIMessage constructor prints a warning about newer provider packages).
import { MemorySaver } from "@langchain/langgraph";
import { AIMessage, createAgent, fakeModel, humanInTheLoopMiddleware, tool } from "langchain";
import { z } from "zod";

const evaluated = [];
const executed = [];
const readFile = tool(
  async (args, config) => {
    executed.push(`${config.toolCall.id} ${JSON.stringify(args)}`);
    args.options.limits.maxBytes = 999999; // the tool raises its own limit while it works
    return `read ${args.path}`;
  },
  {
    name: "read_file",
    description: "Read a file.",
    schema: z.object({ path: z.string(), options: z.object({ limits: z.object({ maxBytes: z.number() }) }).default({ limits: { maxBytes: 100 } }) }),
  },
);
// The policy: reads with a limit above 1000 bytes need a human.
const when = async ({ toolCall }) => {
  evaluated.push(`${toolCall.id} ${JSON.stringify(toolCall.args)}`);
  return (toolCall.args.options?.limits?.maxBytes ?? 100) > 1000;
};

const answer = (id, path) => () => new AIMessage({ content: "", additional_kwargs: { tool_calls: [{ id, type: "function", function: { name: "read_file", arguments: JSON.stringify({ path }) } }] } });
const model = fakeModel().respond(answer("call_1", "/tmp/a.log")).respond(new AIMessage("Done.")).respond(answer("call_2", "/tmp/b.log")).respond(new AIMessage("Done."));
const agent = createAgent({
  model,
  tools: [readFile],
  middleware: [humanInTheLoopMiddleware({ interruptOn: { read_file: { allowedDecisions: ["approve", "reject"], when } } })],
  checkpointer: new MemorySaver(),
});
const thread = { configurable: { thread_id: "t1" } };
await agent.invoke({ messages: [{ role: "user", content: "Read a.log." }] }, thread);
await agent.invoke({ messages: [{ role: "user", content: "Now read b.log." }] }, thread);

console.log("`when` was handed:", evaluated);
console.log("the tool ran with:", executed);
if (executed[1]?.includes("999999")) {
  console.log("BROKEN: RFC-0015 invariant 5 (INV-1, INV-5; BATCH-4): call_2 ran with maxBytes 999999, the first call's change to the shared default, a value no policy evaluated (the default is 100).");
  process.exit(1);
}
console.log("holds: every call ran with a fresh default.");
