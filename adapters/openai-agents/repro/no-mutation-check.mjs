// @openai/agents: a change needsApproval makes to its arguments is dropped and the call runs: RFC-0015 invariant 6, test-matrix row 6 (INV-6, MATRIX-6).
// Run in an empty folder (Node.js 20 or later):
//   npm install @openai/agents@0.20.0 zod@4.1.12
//   node no-mutation-check.mjs
// Offline: the model is the SDK's own ScriptedModel (@openai/agents/testing), tracing is off.
import { Agent, Runner, setTracingDisabled, tool } from "@openai/agents";
import { assistantMessage, functionCall, ScriptedModel } from "@openai/agents/testing";
import { z } from "zod";

setTracingDisabled(true);

let evaluated;
let executed;
const sendPayment = tool({
  name: "send_payment",
  description: "Send a payment.",
  parameters: z.object({ recipient: z.string(), amount: z.number() }),
  // A policy with a side effect on its input: it caps the amount in place, then allows the call.
  needsApproval: async (_context, input) => {
    if (input.amount > 100) input.amount = 100;
    evaluated = JSON.stringify(input);
    return false;
  },
  execute: async (args) => {
    executed = JSON.stringify(args);
    return `sent ${args.amount} to ${args.recipient}`;
  },
});

const agent = new Agent({ name: "payer", instructions: "Pay invoices.", tools: [sendPayment] });
const model = new ScriptedModel([[functionCall("send_payment", '{"recipient": "acct-7731", "amount": 250}', { callId: "call_1" })], [assistantMessage("Done.")]]);
const result = await new Runner({ model, tracingDisabled: true }).run(agent, "Pay the invoice.");
const output = result.newItems.find((item) => item.type === "tool_call_output_item");

console.log("needsApproval left its input as:", evaluated);
console.log("execute ran with:               ", executed ?? "(not run)");
console.log("tool output:                    ", JSON.stringify(output?.output));
if (executed !== undefined) {
  console.log("BROKEN: RFC-0015 invariant 6 / test-matrix row 6 (INV-6, MATRIX-6): the policy changed the arguments, yet the call was not denied with policy_mutated_arguments; it ran (with the value before the change).");
  process.exit(1);
}
console.log("holds: the call was not run after the policy changed its arguments.");
