// A Mastra run suspended for approval keeps only the decoded arguments: neither the model's raw argument string nor the schema output that would run (RFC-0015 test matrix row 7).
// Run in an empty folder (Node.js 22.13 or later, which @mastra/core requires):
//   npm install @mastra/core@1.71.0 ai@6.0.325 zod@4.1.12
//   node approval-record-without-raw-string.mjs
// A delete_tree tool (path trimmed, recursive defaulting to false, unknown members stripped)
// requires approval. The scripted model (ai's MockLanguageModelV3, reporting itself as Mastra's
// documented `model: "openai/gpt-5-mini"`) sends a padded path and a member the schema strips.
// Exits 1 while the pending approval lacks the raw string or the schema output, 0 once it has both.
import { Agent } from "@mastra/core/agent";
import { Mastra } from "@mastra/core/mastra";
import { InMemoryStore } from "@mastra/core/storage";
import { createTool } from "@mastra/core/tools";
import { MockLanguageModelV3 } from "ai/test";
import { z } from "zod";

process.env.MASTRA_TELEMETRY_DISABLED = "1";
const RAW = '{"path": " /srv/data ", "force": true}';

const usage = { inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 0, text: 0, reasoning: 0 } };
let requests = 0;
const model = new MockLanguageModelV3({
  provider: "openai",
  modelId: "gpt-5-mini",
  doGenerate: async () =>
    requests++ === 0
      ? { content: [{ type: "tool-call", toolCallId: "call-1", toolName: "delete_tree", input: RAW }], finishReason: { unified: "tool-calls", raw: undefined }, usage, warnings: [] }
      : { content: [{ type: "text", text: "done" }], finishReason: { unified: "stop", raw: undefined }, usage, warnings: [] },
});

const inputSchema = z.object({ path: z.string().trim(), recursive: z.boolean().default(false) });
const deleteTree = createTool({
  id: "delete_tree",
  description: "Deletes a directory tree",
  inputSchema,
  requireApproval: true,
  execute: async () => ({ deleted: true }),
});

const agent = new Agent({ id: "assistant", name: "assistant", instructions: "Use the tools.", model, tools: { delete_tree: deleteTree } });
const mastra = new Mastra({ agents: { assistant: agent }, storage: new InMemoryStore(), logger: false });
const result = await mastra.getAgent("assistant").generate("Clean up /srv/data");

const { resumeSchema: _resumeSchema, ...pending } = result.suspendPayload ?? {};
const schemaOutput = inputSchema.parse(JSON.parse(RAW));
const values = Object.values(pending).map((value) => JSON.stringify(value));
console.log(`run: ${result.finishReason}`);
console.log(`model's raw arguments:      ${RAW}`);
console.log(`the pending approval holds: ${JSON.stringify(pending)}`);
console.log(`what would run on approval: ${JSON.stringify(schemaOutput)} (the schema output)`);
const keepsRaw = Object.values(pending).includes(RAW);
const keepsParsed = values.includes(JSON.stringify(schemaOutput));
console.log(`raw string kept: ${keepsRaw}; schema output kept: ${keepsParsed}`);
if (keepsRaw && keepsParsed) {
  console.log("OK: the suspended proposal keeps the raw string and the effective arguments.");
  process.exit(0);
}
console.log(
  "BREACH of RFC-0015 test matrix row 7 (a suspended proposal keeps the exact raw string, the request view and the parsed view: " +
    "MATRIX-7): the reviewer is shown the decoded request only.",
);
process.exit(1);
