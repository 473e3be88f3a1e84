// @openai/agents: needsApproval is asked about a call its tool schema rejected: RFC-0015 invariant 2, test-matrix row 5 (INV-2, MATRIX-5, BATCH-2).
// Run in an empty folder (Node.js 20 or later):
//   npm install @openai/agents@0.20.0 zod@4.1.12
//   node schema-invalid-input-reaches-approval.mjs
// Offline: the model is the SDK's own ScriptedModel (@openai/agents/testing), tracing is off.
import { Agent, Runner, setTracingDisabled, tool } from "@openai/agents";
import { assistantMessage, functionCall, ScriptedModel } from "@openai/agents/testing";
import { z } from "zod";

setTracingDisabled(true);

const evaluated = [];
const executed = [];
const deleteTree = tool({
  name: "delete_tree",
  description: "Delete a directory tree.",
  parameters: z.object({ path: z.string(), recursive: z.boolean().default(false) }),
  // The policy: deleting outside /tmp/ needs a human.
  needsApproval: async (_context, input, callId) => {
    evaluated.push(`${callId} ${JSON.stringify(input)}`);
    return !input.path.startsWith("/tmp/");
  },
  execute: async (args, _context, details) => {
    executed.push(`${details?.toolCall?.callId} ${JSON.stringify(args)}`);
    return `deleted ${args.path}`;
  },
});

const agent = new Agent({ name: "cleaner", instructions: "Clean up.", tools: [deleteTree] });
// One response, two calls: call_1's "recursive" is not a boolean, so the schema rejects it; call_2 is valid.
const model = new ScriptedModel([
  [functionCall("delete_tree", '{"path": "/tmp/build", "recursive": "yes"}', { callId: "call_1" }), functionCall("delete_tree", '{"path": "/tmp/cache"}', { callId: "call_2" })],
  [assistantMessage("Done.")],
]);
const result = await new Runner({ model, tracingDisabled: true }).run(agent, "Clean up the build folders.");

console.log("needsApproval was handed:", evaluated);
console.log("execute ran with:        ", executed);
for (const item of result.newItems.filter((item) => item.type === "tool_call_output_item")) console.log(`tool output of ${item.rawItem.callId}: ${JSON.stringify(item.output)}`);
if (evaluated.some((entry) => entry.startsWith("call_1 "))) {
  console.log("BROKEN: RFC-0015 invariant 2 / test-matrix row 5 (INV-2, MATRIX-5, BATCH-2): call_1 failed the tool schema, yet needsApproval was asked about it (with the decoded request, not a schema output).");
  process.exit(1);
}
console.log("holds: the schema-invalid call never reached needsApproval.");
