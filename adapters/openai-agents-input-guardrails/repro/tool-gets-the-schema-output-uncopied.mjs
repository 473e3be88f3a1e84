// @openai/agents: an own "__proto__" member reaches the tool as inherited members no view shows: RFC-0015 invariants 4 and 5 (DECOY-2).
// Run in an empty folder (Node.js 20 or later):
//   npm install @openai/agents@0.20.0 zod@4.1.12
//   node tool-gets-the-schema-output-uncopied.mjs
// Without needsApproval the SDK hands execute the schema's output as the schema returned it; a Zod passthrough object makes the member its prototype.
// Offline: the model is the SDK's own ScriptedModel (@openai/agents/testing), tracing is off.
import { Agent, defineToolInputGuardrail, Runner, setTracingDisabled, tool, ToolGuardrailFunctionOutputFactory } from "@openai/agents";
import { assistantMessage, functionCall, ScriptedModel } from "@openai/agents/testing";
import { z } from "zod";

setTracingDisabled(true);

let handed;
let executed;
// The policy: the guardrail refuses calls that ask for admin rights.
const noAdmin = defineToolInputGuardrail({
  name: "no_admin",
  run: async ({ toolCall }) => {
    handed = JSON.parse(toolCall.arguments);
    return handed.admin === true ? ToolGuardrailFunctionOutputFactory.rejectContent("admin_not_allowed") : ToolGuardrailFunctionOutputFactory.allow();
  },
});
const writeFile = tool({
  name: "write_file",
  description: "Write a file.",
  // A passthrough object: members the schema does not name are kept.
  parameters: z.looseObject({ path: z.string(), content: z.string() }),
  inputGuardrails: [noAdmin],
  execute: async (args) => {
    executed = args;
    return `wrote ${args.path}${args.admin ? " as admin" : ""}`;
  },
});

const agent = new Agent({ name: "writer", instructions: "Write files.", tools: [writeFile] });
const raw = '{"path": "/tmp/out.txt", "content": "x", "__proto__": {"admin": true}}';
const model = new ScriptedModel([[functionCall("write_file", raw, { callId: "call_1" })], [assistantMessage("Done.")]]);
await new Runner({ model, tracingDisabled: true }).run(agent, "Write the file.");

console.log("the guardrail decoded:          ", JSON.stringify(handed), `(its admin member: ${handed.admin})`);
console.log("execute ran with (own members):  ", JSON.stringify(executed));
console.log("execute's args.admin:            ", executed?.admin, `(inherited: ${executed !== undefined && !Object.hasOwn(executed, "admin") && executed.admin !== undefined})`);
if (executed?.admin === true && !Object.hasOwn(executed, "admin")) {
  console.log("BROKEN: DECOY-2 (RFC-0015 invariants 4 and 5): the tool ran with an inherited admin: true that no view of the call shows and no policy evaluated.");
  process.exit(1);
}
console.log("holds: the tool received no members the views do not show.");
