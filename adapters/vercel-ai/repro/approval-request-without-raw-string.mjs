// ai 6: a call suspended for approval keeps no raw argument string: neither the approval request nor
// the messages an application stores to resume it hold the exact string the model sent (RFC-0015,
// SuspendedToolProposal.rawArguments; test matrix row 7: MATRIX-7).
// Run in an empty folder (Node.js 20 or later):
//   npm install ai@6.0.325 zod@4.1.12
//   node approval-request-without-raw-string.mjs
// needsApproval asks a human for writes under /etc/. RFC-0015's suspended tool proposal carries the
// exact provider string (rawArguments) beside the request and parsed views; the SDK's pending
// approval (the tool-approval-request part, and response.messages, which a resume replays) keeps
// the parsed input and, when it differs, the pre-schema input, but not that string.
import { generateText, stepCountIs, tool } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { z } from "zod";

const raw = '{"path": "/etc/hosts", "content": "127.0.0.1 intranet\\n",  "mode": "append"}';
const usage = { inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 0, text: 0, reasoning: 0 } };
const model = new MockLanguageModelV3({
  doGenerate: async () => ({ content: [{ type: "tool-call", toolCallId: "call_1", toolName: "write_file", input: raw }], finishReason: { unified: "tool-calls", raw: undefined }, usage, warnings: [] }),
});
const write_file = tool({
  inputSchema: z.object({ path: z.string(), content: z.string(), mode: z.enum(["append", "overwrite"]).default("overwrite") }),
  needsApproval: async (input) => input.path.startsWith("/etc/"),
  execute: async () => "written",
});

let result;
try {
  result = await generateText({ model, tools: { write_file }, prompt: "add the intranet host", stopWhen: stepCountIs(1) });
} catch (error) {
  console.error(`generateText failed: ${error}`);
  process.exit(2);
}
const request = result.steps[0].content.find((part) => part.type === "tool-approval-request");
if (!request) {
  console.error("the SDK did not suspend the call for approval");
  process.exit(2);
}
// (the approval id is random: shown as <id>)
const show = (value) => JSON.stringify(value, (key, inner) => (key === "approvalId" ? "<id>" : inner));
console.log(`the model's raw arguments:     ${raw}`);
console.log(`the approval request:          ${show(request)}`);
console.log(`response.messages (to resume): ${show(result.response.messages)}`);
// Is the exact string anywhere in what the SDK keeps of the pending call? (searched as JSON text)
const kept = JSON.stringify([request, result.response.messages]).includes(JSON.stringify(raw).slice(1, -1));
if (!kept) {
  console.log("BROKEN: the suspended proposal keeps no rawArguments: the exact string the provider sent is in neither");
  console.log("the approval request nor the messages that resume it (RFC-0015 test matrix row 7, MATRIX-7).");
  process.exit(1);
}
console.log("holds: the pending approval keeps the provider's exact string (RFC-0015 test matrix row 7).");
