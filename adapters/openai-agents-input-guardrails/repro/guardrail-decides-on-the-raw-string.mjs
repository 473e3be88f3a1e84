// @openai/agents: a tool input guardrail gets only the raw argument string and the tool runs the schema output: RFC-0015 invariants 1 and 5 (INV-1, INV-5).
// Run in an empty folder (Node.js 20 or later):
//   npm install @openai/agents@0.20.0 zod@4.1.12
//   node guardrail-decides-on-the-raw-string.mjs
// Offline: the model is the SDK's own ScriptedModel (@openai/agents/testing), tracing is off.
import { Agent, defineToolInputGuardrail, Runner, setTracingDisabled, tool, ToolGuardrailFunctionOutputFactory } from "@openai/agents";
import { assistantMessage, functionCall, ScriptedModel } from "@openai/agents/testing";
import { z } from "zod";

setTracingDisabled(true);

let handed;
let keys;
let decided;
let executed;
// The policy: no reads under /etc/. The guardrail gets toolCall.arguments, the raw string, and decodes it.
const noSystemFiles = defineToolInputGuardrail({
  name: "no_system_files",
  run: async (args) => {
    const { toolCall } = args;
    keys = Object.keys(args);
    handed = toolCall.arguments;
    const { path } = JSON.parse(toolCall.arguments);
    decided = path.startsWith("/etc/") ? "reject" : "allow";
    return decided === "reject" ? ToolGuardrailFunctionOutputFactory.rejectContent("sensitive_path") : ToolGuardrailFunctionOutputFactory.allow();
  },
});
const readFile = tool({
  name: "read_file",
  description: "Read a file.",
  parameters: z.object({ path: z.string().trim() }),
  inputGuardrails: [noSystemFiles],
  execute: async (args) => {
    executed = args;
    return `read ${args.path}`;
  },
});

const agent = new Agent({ name: "reader", instructions: "Read files.", tools: [readFile] });
const model = new ScriptedModel([[functionCall("read_file", '{"path": " /etc/shadow"}', { callId: "call_1" })], [assistantMessage("Done.")]]);
await new Runner({ model, tracingDisabled: true }).run(agent, "Read the file.");

console.log(`the guardrail was handed { ${keys.join(", ")} }, with toolCall.arguments ${JSON.stringify(handed)}; it decided: ${decided}`);
console.log("execute ran with:        ", JSON.stringify(executed ?? "(not run)"));
if (executed !== undefined && executed.path !== JSON.parse(handed).path) {
  console.log("BROKEN: RFC-0015 invariants 1 and 5 (INV-1, INV-5, MATRIX-2, DECOY-1): the guardrail was handed the raw string, not the schema output; it allowed \" /etc/shadow\" and the tool ran the trimmed /etc/shadow, a value nobody evaluated.");
  process.exit(1);
}
console.log("holds: the guardrail decided on what the tool runs.");
