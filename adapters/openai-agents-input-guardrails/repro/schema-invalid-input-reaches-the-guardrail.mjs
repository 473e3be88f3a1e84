// @openai/agents: a tool input guardrail runs for a call the tool schema rejected: RFC-0015 invariant 2, test-matrix row 5 (INV-2, MATRIX-5, BATCH-2).
// Run in an empty folder (Node.js 20 or later):
//   npm install @openai/agents@0.20.0 zod@4.1.12
//   node schema-invalid-input-reaches-the-guardrail.mjs
// Offline: the model is the SDK's own ScriptedModel (@openai/agents/testing), tracing is off. The SDK's
// default tool-data redaction is left on, as applications run it.
import { Agent, defineToolInputGuardrail, Runner, setTracingDisabled, tool, ToolGuardrailFunctionOutputFactory } from "@openai/agents";
import { assistantMessage, functionCall, ScriptedModel } from "@openai/agents/testing";
import { z } from "zod";

setTracingDisabled(true);

const handed = [];
const executed = [];
// The policy: no exports of more than 1000 rows. An argument string it cannot read is rejected.
const rowLimit = defineToolInputGuardrail({
  name: "row_limit",
  run: async ({ toolCall }) => {
    handed.push(`${toolCall.callId} ${JSON.stringify(toolCall.arguments)}`);
    let limit;
    try {
      limit = JSON.parse(toolCall.arguments).limit;
    } catch {
      return ToolGuardrailFunctionOutputFactory.rejectContent("unreadable_arguments");
    }
    return limit > 1000 ? ToolGuardrailFunctionOutputFactory.rejectContent("too_many_rows") : ToolGuardrailFunctionOutputFactory.allow();
  },
});
const exportRows = tool({
  name: "export_rows",
  description: "Export table rows.",
  parameters: z.object({ table: z.string(), limit: z.number().int() }),
  inputGuardrails: [rowLimit],
  execute: async (args, _context, details) => {
    executed.push(`${details?.toolCall?.callId} ${JSON.stringify(args)}`);
    return `exported ${args.limit} rows of ${args.table}`;
  },
});

const agent = new Agent({ name: "exporter", instructions: "Export data.", tools: [exportRows] });
// One response, two calls: call_1's limit is a string, which the schema rejects; call_2 is valid.
const model = new ScriptedModel([
  [functionCall("export_rows", '{"table": "orders", "limit": "ten"}', { callId: "call_1" }), functionCall("export_rows", '{"table": "orders", "limit": 10}', { callId: "call_2" })],
  [assistantMessage("Done.")],
]);
const result = await new Runner({ model, tracingDisabled: true }).run(agent, "Export some orders.");

console.log("the guardrail was handed:", handed);
console.log("execute ran with:        ", executed);
for (const item of result.newItems.filter((item) => item.type === "tool_call_output_item")) console.log(`tool output of ${item.rawItem.callId}: ${JSON.stringify(item.output)}`);
if (handed.some((entry) => entry.startsWith("call_1 "))) {
  console.log("BROKEN: RFC-0015 invariant 2 / test-matrix row 5 (INV-2, MATRIX-5, BATCH-2): call_1 failed the tool schema, yet its input guardrail ran and decided on it.");
  process.exit(1);
}
console.log("holds: the schema-invalid call never reached the guardrail.");
