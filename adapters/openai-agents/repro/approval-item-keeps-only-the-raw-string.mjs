// @openai/agents: the approval item a reviewer answers holds only the raw argument string: RFC-0015 test-matrix row 7 (MATRIX-7).
// Run in an empty folder (Node.js 20 or later):
//   npm install @openai/agents@0.20.0 zod@4.1.12
//   node approval-item-keeps-only-the-raw-string.mjs
// Offline: the model is the SDK's own ScriptedModel (@openai/agents/testing), tracing is off.
import { Agent, Runner, setTracingDisabled, tool } from "@openai/agents";
import { assistantMessage, functionCall, ScriptedModel } from "@openai/agents/testing";
import { z } from "zod";

setTracingDisabled(true);

let evaluated;
let executed;
const deleteTree = tool({
  name: "delete_tree",
  description: "Delete a directory tree.",
  parameters: z.object({ path: z.string().trim(), recursive: z.boolean().default(true) }),
  // The policy: every delete needs a human.
  needsApproval: async (_context, input) => {
    evaluated = input;
    return true;
  },
  execute: async (args) => {
    executed = args;
    return `deleted ${args.path}`;
  },
});

const agent = new Agent({ name: "cleaner", instructions: "Clean up.", tools: [deleteTree] });
const model = new ScriptedModel([[functionCall("delete_tree", '{"path": "  /srv/app/cache  "}', { callId: "call_1" })], [assistantMessage("Done.")]]);
const runner = new Runner({ model, tracingDisabled: true });
const first = await runner.run(agent, "Clear the cache.");
const item = first.interruptions[0];

console.log("needsApproval evaluated:       ", JSON.stringify(evaluated));
console.log("the approval item shows:       ", JSON.stringify({ name: item.name, arguments: item.arguments }));
// A reviewer approves what the item shows; the run goes on.
first.state.approve(item);
await runner.run(agent, first.state);
console.log("once approved, execute ran with:", JSON.stringify(executed));

const shown = JSON.stringify(item.toJSON());
const keepsParsed = shown.includes(JSON.stringify(evaluated)) || Object.values(item).some((value) => JSON.stringify(value) === JSON.stringify(evaluated));
if (!keepsParsed) {
  console.log("BROKEN: RFC-0015 test-matrix row 7 (MATRIX-7): the suspended proposal keeps the raw string only; neither the decoded request nor the parsed arguments that ran are part of it.");
  process.exit(1);
}
console.log("holds: the approval item keeps the parsed arguments.");
