// @openai/agents: a call whose arguments are not JSON is interrupted for human approval: RFC-0015 invariant 2, test-matrix row 5 (INV-2, MATRIX-5).
// Run in an empty folder (Node.js 20 or later):
//   npm install @openai/agents@0.20.0 zod@4.1.12
//   node malformed-json-forces-approval.mjs
// Offline: the model is the SDK's own ScriptedModel (@openai/agents/testing), tracing is off.
import { Agent, Runner, setTracingDisabled, tool } from "@openai/agents";
import { assistantMessage, functionCall, ScriptedModel } from "@openai/agents/testing";
import { z } from "zod";

setTracingDisabled(true);

let asked = 0;
let ran = 0;
const readFile = tool({
  name: "read_file",
  description: "Read a file.",
  parameters: z.object({ path: z.string() }),
  // The policy: reads under /etc/ need a human.
  needsApproval: async (_context, input) => {
    asked += 1;
    return input.path.startsWith("/etc/");
  },
  execute: async (args) => {
    ran += 1;
    return `read ${args.path}`;
  },
});

const agent = new Agent({ name: "reader", instructions: "Read files.", tools: [readFile] });
// The arguments are cut off: not JSON.
const model = new ScriptedModel([[functionCall("read_file", '{"path": "/tmp/notes.txt"', { callId: "call_1" })], [assistantMessage("Done.")]]);
const runner = new Runner({ model, tracingDisabled: true });
const first = await runner.run(agent, "Read my notes.");

console.log(`needsApproval calls: ${asked}; interruptions: ${first.interruptions.length}`);
for (const item of first.interruptions) console.log(`  a reviewer is asked to approve ${item.name} with arguments ${JSON.stringify(item.arguments)}`);
if (first.interruptions.length > 0) {
  // What approving it does: the call still cannot run.
  first.state.approve(first.interruptions[0]);
  const second = await runner.run(agent, first.state);
  const output = second.newItems.find((item) => item.type === "tool_call_output_item");
  console.log(`after approval: the tool ran ${ran} time(s); its output: ${JSON.stringify(output?.output)}`);
  console.log("BROKEN: RFC-0015 invariant 2 / test-matrix row 5 (INV-2, MATRIX-5): malformed JSON produced an approval-required decision (an interruption for a human) instead of a validation error.");
  process.exit(1);
}
console.log("holds: the malformed call was refused without an approval request.");
