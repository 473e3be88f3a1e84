// Mastra's requireApproval judges the model's decoded request, not the schema output the tool runs (RFC-0015 invariants 1 and 5, test matrix rows 1 and 2).
// Run in an empty folder (Node.js 22.13 or later, which @mastra/core requires):
//   npm install @mastra/core@1.71.0 ai@6.0.325 zod@4.1.12
//   node approval-sees-the-request.mjs
// A read_file tool whose schema trims the path and defaults the encoding; its requireApproval
// asks for a human whenever the path is under /etc/. The scripted model (ai's MockLanguageModelV3,
// reporting itself as Mastra's documented `model: "openai/gpt-5-mini"`) sends " /etc/shadow".
// Exits 1 while the policy is handed something other than the schema output, 0 once it is.
import { Agent } from "@mastra/core/agent";
import { Mastra } from "@mastra/core/mastra";
import { InMemoryStore } from "@mastra/core/storage";
import { createTool } from "@mastra/core/tools";
import { MockLanguageModelV3 } from "ai/test";
import { z } from "zod";

process.env.MASTRA_TELEMETRY_DISABLED = "1";
const RAW = '{"path": " /etc/shadow"}';

const usage = { inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 0, text: 0, reasoning: 0 } };
let requests = 0;
const model = new MockLanguageModelV3({
  provider: "openai",
  modelId: "gpt-5-mini",
  doGenerate: async () =>
    requests++ === 0
      ? { content: [{ type: "tool-call", toolCallId: "call-1", toolName: "read_file", input: RAW }], finishReason: { unified: "tool-calls", raw: undefined }, usage, warnings: [] }
      : { content: [{ type: "text", text: "done" }], finishReason: { unified: "stop", raw: undefined }, usage, warnings: [] },
});

const inputSchema = z.object({ path: z.string().trim(), encoding: z.enum(["utf8", "base64"]).default("utf8") });
let handed;
let ran;
const readFile = createTool({
  id: "read_file",
  description: "Reads a file",
  inputSchema,
  requireApproval: async (input) => {
    handed = input;
    return input.path.startsWith("/etc/");
  },
  execute: async (input) => {
    ran = input;
    return { content: "..." };
  },
});

const agent = new Agent({ id: "assistant", name: "assistant", instructions: "Use the tools.", model, tools: { read_file: readFile } });
const mastra = new Mastra({ agents: { assistant: agent }, storage: new InMemoryStore(), logger: false });
const result = await mastra.getAgent("assistant").generate("Show me the shadow file");

const schemaOutput = inputSchema.parse(JSON.parse(RAW));
console.log(`model's raw arguments:         ${RAW}`);
console.log(`requireApproval was handed:    ${JSON.stringify(handed)}`);
console.log(`the tool schema's output:      ${JSON.stringify(schemaOutput)}`);
console.log(`the tool ran with:             ${ran === undefined ? "(did not run)" : JSON.stringify(ran)}   (run ${result.finishReason})`);

const holds = JSON.stringify(handed) === JSON.stringify(schemaOutput) && (ran === undefined || ran === handed);
if (holds) {
  console.log("OK: the policy decided on the schema output, the very object the tool would run.");
  process.exit(0);
}
console.log(
  "BREACH of RFC-0015 invariant 1 (decode and validate before policy: INV-1) and invariant 5 (evaluated equals executed: INV-5), " +
    "test matrix rows 1 and 2 (defaults and transforms visible to policy: MATRIX-1, MATRIX-2; DECOY-1): requireApproval judged the " +
    "untrimmed request without its default, so no approval was asked, and the tool read /etc/shadow.",
);
process.exit(1);
