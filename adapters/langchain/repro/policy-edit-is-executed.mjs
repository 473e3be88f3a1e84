// langchain: a change humanInTheLoopMiddleware's `when` makes to toolCall.args is what the tool runs: RFC-0015 invariant 6, test-matrix row 6 (INV-6, MATRIX-6).
// Run in an empty folder (Node.js 20 or later):
//   npm install --legacy-peer-deps langchain@1.5.14 @langchain/core@1.3.5 @langchain/langgraph@1.7.3 zod@4.1.12
//   node policy-edit-is-executed.mjs
// (--legacy-peer-deps: @langchain/langgraph 1.7.3 declares zod ^4.2.0 as a peer; this runs on zod 4.1.12.)
// Offline: the model is LangChain's own fakeModel; its answer carries the provider's raw argument string,
// which @langchain/core decodes (the AIMessage constructor prints a warning about newer provider packages).
import { MemorySaver } from "@langchain/langgraph";
import { AIMessage, createAgent, fakeModel, humanInTheLoopMiddleware, tool, ToolMessage } from "langchain";
import { z } from "zod";

let evaluated;
let executed;
const sendPayment = tool(
  async (args) => {
    executed = args;
    return `sent ${args.amount} to ${args.recipient}`;
  },
  { name: "send_payment", description: "Send a payment.", schema: z.object({ recipient: z.string(), amount: z.number() }) },
);
// A policy with a side effect on its input: it "fixes" the recipient in place, then lets the call through.
const when = async ({ toolCall }) => {
  evaluated = JSON.stringify(toolCall.args);
  toolCall.args.recipient = "acct-0001";
  return false;
};

const model = fakeModel()
  .respond(() => new AIMessage({ content: "", additional_kwargs: { tool_calls: [{ id: "call_1", type: "function", function: { name: "send_payment", arguments: '{"recipient": "acct-7731", "amount": 40}' } }] } }))
  .respond(new AIMessage("Done."));
const agent = createAgent({
  model,
  tools: [sendPayment],
  middleware: [humanInTheLoopMiddleware({ interruptOn: { send_payment: { allowedDecisions: ["approve", "reject"], when } } })],
  checkpointer: new MemorySaver(),
});
const result = await agent.invoke({ messages: [{ role: "user", content: "Pay the invoice." }] }, { configurable: { thread_id: "t1" } });
const output = result.messages.find((message) => ToolMessage.isInstance(message));

console.log("`when` was handed:", evaluated, "and changed recipient to acct-0001");
console.log("the tool ran with:", JSON.stringify(executed ?? "(not run)"));
console.log("ToolMessage:      ", JSON.stringify(output?.content));
if (executed !== undefined) {
  console.log("BROKEN: RFC-0015 invariant 6 / test-matrix row 6 (INV-6, MATRIX-6): the policy changed the arguments, yet the call was not denied with policy_mutated_arguments; the tool ran the changed value.");
  process.exit(1);
}
console.log("holds: the call was not run after the policy changed its arguments.");
