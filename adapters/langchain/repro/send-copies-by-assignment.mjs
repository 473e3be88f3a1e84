// langchain: a "__proto__" member of the decoded arguments becomes a prototype the tool inherits from: RFC-0015 invariants 1 and 5 (DECOY-2).
// Run in an empty folder (Node.js 20 or later):
//   npm install --legacy-peer-deps langchain@1.5.14 @langchain/core@1.3.5 @langchain/langgraph@1.7.3 zod@4.1.12
//   node send-copies-by-assignment.mjs
// The agent copies each tool call into a LangGraph Send by assignment; the schema then parses that copy, not the call's own input.
// (--legacy-peer-deps: @langchain/langgraph 1.7.3 declares zod ^4.2.0 as a peer; this runs on zod 4.1.12.)
// Offline: the model is LangChain's own fakeModel; its answer carries the provider's raw argument string,
// which @langchain/core decodes (the AIMessage constructor prints a warning about newer provider packages).
import { MemorySaver } from "@langchain/langgraph";
import { AIMessage, createAgent, fakeModel, humanInTheLoopMiddleware, tool } from "langchain";
import { z } from "zod";

let evaluated;
let executed;
const writeFile = tool(
  async (args) => {
    executed = args;
    return `wrote ${args.path}${args.options.admin ? " as admin" : ""}`;
  },
  // "options" is free-form: the schema hands it on as it is.
  { name: "write_file", description: "Write a file.", schema: z.object({ path: z.string(), options: z.any() }) },
);
// The policy: calls that ask for admin rights need a human.
const when = async ({ toolCall }) => {
  evaluated = toolCall.args.options;
  return toolCall.args.options?.admin === true;
};

const raw = '{"path": "/tmp/out.txt", "options": {"__proto__": {"admin": true}}}';
const model = fakeModel()
  .respond(() => new AIMessage({ content: "", additional_kwargs: { tool_calls: [{ id: "call_1", type: "function", function: { name: "write_file", arguments: raw } }] } }))
  .respond(new AIMessage("Done."));
const agent = createAgent({
  model,
  tools: [writeFile],
  middleware: [humanInTheLoopMiddleware({ interruptOn: { write_file: { allowedDecisions: ["approve", "reject"], when } } })],
  checkpointer: new MemorySaver(),
});
await agent.invoke({ messages: [{ role: "user", content: "Write the file." }] }, { configurable: { thread_id: "t1" } });

const options = executed?.options;
console.log("`when` was handed options with own members:", JSON.stringify(Object.keys(evaluated)), `(its options.admin: ${evaluated.admin})`);
console.log("the tool ran with options with own members: ", JSON.stringify(options && Object.keys(options)), `(its options.admin: ${options?.admin}, inherited: ${options !== undefined && !Object.hasOwn(options, "admin")})`);
if (options?.admin === true && !Object.hasOwn(options, "admin")) {
  console.log("BROKEN: DECOY-2 (RFC-0015 invariants 1 and 5): the tool ran with an inherited options.admin: true that `when` never saw (it saw a \"__proto__\" member); the schema parsed the Send's copy, not the call's own input.");
  process.exit(1);
}
console.log("holds: the tool received no members the views do not show.");
