// @openai/agents: a member named twice in the arguments is accepted (the last wins) and reaches guardrail and tool: strict JSON decoding (DECOY-3, a SHOULD).
// Run in an empty folder (Node.js 20 or later):
//   npm install @openai/agents@0.20.0 zod@4.1.12
//   node plain-json-decoding.mjs
// Offline: the model is the SDK's own ScriptedModel (@openai/agents/testing), tracing is off.
import { Agent, defineToolInputGuardrail, Runner, setTracingDisabled, tool, ToolGuardrailFunctionOutputFactory } from "@openai/agents";
import { assistantMessage, functionCall, ScriptedModel } from "@openai/agents/testing";
import { z } from "zod";

setTracingDisabled(true);

let handed;
let executed;
// The policy: no reads under /etc/. The guardrail decodes the raw string it is handed, as the SDK does.
const noSystemFiles = defineToolInputGuardrail({
  name: "no_system_files",
  run: async ({ toolCall }) => {
    handed = toolCall.arguments;
    return JSON.parse(toolCall.arguments).path.startsWith("/etc/") ? ToolGuardrailFunctionOutputFactory.rejectContent("sensitive_path") : ToolGuardrailFunctionOutputFactory.allow();
  },
});
const readFile = tool({
  name: "read_file",
  description: "Read a file.",
  parameters: z.object({ path: z.string() }),
  inputGuardrails: [noSystemFiles],
  execute: async (args) => {
    executed = args;
    return `read ${args.path}`;
  },
});

const agent = new Agent({ name: "reader", instructions: "Read files.", tools: [readFile] });
const raw = '{"path": "/etc/shadow", "path": "/tmp/ok.txt"}';
const model = new ScriptedModel([[functionCall("read_file", raw, { callId: "call_1" })], [assistantMessage("Done.")]]);
await new Runner({ model, tracingDisabled: true }).run(agent, "Read the file.");

console.log("raw arguments (path named twice):", raw);
console.log("the guardrail was handed:        ", JSON.stringify(handed));
console.log("execute ran with:                ", JSON.stringify(executed ?? "(not run)"));
if (executed !== undefined) {
  console.log("BROKEN: DECOY-3 (SHOULD; RFC-0015 asks for strict JSON decoding): arguments naming a member twice were not refused at decoding; the last path won and the call ran, while a reader of the first member sees /etc/shadow.");
  process.exit(1);
}
console.log("holds: the ambiguous arguments were refused.");
