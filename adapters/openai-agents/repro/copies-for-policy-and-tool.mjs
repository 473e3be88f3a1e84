// @openai/agents: needsApproval and execute get two copies of the schema output, not one object: RFC-0015 invariant 5 (INV-5).
// Run in an empty folder (Node.js 20 or later):
//   npm install @openai/agents@0.20.0 zod@4.1.12
//   node copies-for-policy-and-tool.mjs
// Offline: the model is the SDK's own ScriptedModel (@openai/agents/testing), tracing is off.
import { Agent, Runner, setTracingDisabled, tool } from "@openai/agents";
import { assistantMessage, functionCall, ScriptedModel } from "@openai/agents/testing";
import { z } from "zod";

setTracingDisabled(true);

let evaluated;
let executed;
const readFile = tool({
  name: "read_file",
  description: "Read a file.",
  parameters: z.object({ path: z.string().trim(), maxBytes: z.number().default(1000) }),
  // The policy: reads under /etc/ need a human; everything else runs.
  needsApproval: async (_context, input) => {
    evaluated = input;
    return input.path.startsWith("/etc/");
  },
  execute: async (args) => {
    executed = args;
    return `read ${args.path}`;
  },
});

const agent = new Agent({ name: "reader", instructions: "Read files.", tools: [readFile] });
const model = new ScriptedModel([[functionCall("read_file", '{"path": " /tmp/notes.txt "}', { callId: "call_1" })], [assistantMessage("Done.")]]);
await new Runner({ model, tracingDisabled: true }).run(agent, "Read my notes.");

console.log("needsApproval was handed:", JSON.stringify(evaluated));
console.log("execute ran with:        ", JSON.stringify(executed));
const same = evaluated === executed;
console.log(`same object: ${same}; same value: ${JSON.stringify(evaluated) === JSON.stringify(executed)}`);
if (!same) {
  console.log("BROKEN: RFC-0015 invariant 5 (INV-5): the tool did not receive the object needsApproval evaluated, but a copy of it.");
  process.exit(1);
}
console.log("holds: the tool received the object needsApproval evaluated.");
