// langchain: approving a humanInTheLoopMiddleware interrupt runs `when` again for the same call, two evaluations of one attempt (INV-1).
// Run in an empty folder (Node.js 20 or later):
//   npm install --legacy-peer-deps langchain@1.5.14 @langchain/core@1.3.5 @langchain/langgraph@1.7.3 zod@4.1.12
//   node resume-asks-again.mjs
// RFC-0015's pipeline evaluates policy once per attempt; a `when` that answers otherwise the second time moves HITL's decisions.
// (--legacy-peer-deps: @langchain/langgraph 1.7.3 declares zod ^4.2.0 as a peer; this runs on zod 4.1.12.)
// Offline: the model is LangChain's own fakeModel; its answer carries the provider's raw argument string,
// which @langchain/core decodes (the AIMessage constructor prints a warning about newer provider packages).
import { Command, MemorySaver } from "@langchain/langgraph";
import { AIMessage, createAgent, fakeModel, humanInTheLoopMiddleware, tool } from "langchain";
import { z } from "zod";

const evaluations = [];
let runs = 0;
const deployService = tool(
  async (args) => {
    runs += 1;
    return `deployed ${args.service}`;
  },
  { name: "deploy_service", description: "Deploy a service.", schema: z.object({ service: z.string(), replicas: z.number().default(2) }) },
);
// The policy: every deploy needs a human.
const when = async ({ toolCall }) => {
  evaluations.push(`${toolCall.id} ${JSON.stringify(toolCall.args)}`);
  return true;
};

const model = fakeModel()
  .respond(() => new AIMessage({ content: "", additional_kwargs: { tool_calls: [{ id: "call_1", type: "function", function: { name: "deploy_service", arguments: '{"service": "billing-api"}' } }] } }))
  .respond(new AIMessage("Done."));
const agent = createAgent({
  model,
  tools: [deployService],
  middleware: [humanInTheLoopMiddleware({ interruptOn: { deploy_service: { allowedDecisions: ["approve", "reject"], when } } })],
  checkpointer: new MemorySaver(),
});
const thread = { configurable: { thread_id: "t1" } };
const first = await agent.invoke({ messages: [{ role: "user", content: "Deploy billing." }] }, thread);
console.log(`after the first run: ${evaluations.length} evaluation(s); interrupted: ${(first.__interrupt__?.length ?? 0) > 0}`);
// The reviewer approves.
await agent.invoke(new Command({ resume: { decisions: [{ type: "approve" }] } }), thread);
console.log(`after the approval:  ${evaluations.length} evaluation(s); the tool ran ${runs} time(s)`);
console.log("`when` was handed:", evaluations);
if (evaluations.length > 1) {
  console.log("BROKEN: INV-1 (RFC-0015's pipeline: one policy evaluation per attempt): resuming re-ran the afterModel hook, so `when` evaluated the one call again before the approval took effect.");
  process.exit(1);
}
console.log("holds: the call was evaluated once.");
