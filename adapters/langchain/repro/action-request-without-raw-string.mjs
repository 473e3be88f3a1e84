// langchain: the interrupt a reviewer answers keeps no raw argument string: RFC-0015 test-matrix row 7 (MATRIX-7).
// Run in an empty folder (Node.js 20 or later):
//   npm install --legacy-peer-deps langchain@1.5.14 @langchain/core@1.3.5 @langchain/langgraph@1.7.3 zod@4.1.12
//   node action-request-without-raw-string.mjs
// (--legacy-peer-deps: @langchain/langgraph 1.7.3 declares zod ^4.2.0 as a peer; this runs on zod 4.1.12.)
// Offline: the model is LangChain's own fakeModel; its answer carries the provider's raw argument string,
// which @langchain/core decodes (the AIMessage constructor prints a warning about newer provider packages).
import { MemorySaver } from "@langchain/langgraph";
import { AIMessage, createAgent, fakeModel, humanInTheLoopMiddleware, tool } from "langchain";
import { z } from "zod";

const exportLogs = tool(async (args) => `exported ${args.path}`, {
  name: "export_logs",
  description: "Export a log file.",
  schema: z.object({ path: z.string().trim(), redact: z.boolean().default(false) }),
});
// The policy: every export needs a human.
const when = async () => true;

const raw = '{"path": " /var/log/app.log "}';
const model = fakeModel()
  .respond(() => new AIMessage({ content: "", additional_kwargs: { tool_calls: [{ id: "call_1", type: "function", function: { name: "export_logs", arguments: raw } }] } }))
  .respond(new AIMessage("Done."));
const agent = createAgent({
  model,
  tools: [exportLogs],
  middleware: [humanInTheLoopMiddleware({ interruptOn: { export_logs: { allowedDecisions: ["approve", "reject"], when } } })],
  checkpointer: new MemorySaver(),
});
const result = await agent.invoke({ messages: [{ role: "user", content: "Export the logs." }] }, { configurable: { thread_id: "t1" } });
const pending = result.__interrupt__[0].value;

console.log("the model's raw arguments:", JSON.stringify(raw));
console.log("the pending interrupt:    ", JSON.stringify(pending));
if (!JSON.stringify(pending).includes(JSON.stringify(raw))) {
  console.log("BROKEN: RFC-0015 test-matrix row 7 (MATRIX-7): the suspended proposal keeps no raw argument string (its action request holds the tool name and the decoded request only).");
  process.exit(1);
}
console.log("holds: the pending interrupt keeps the raw argument string.");
