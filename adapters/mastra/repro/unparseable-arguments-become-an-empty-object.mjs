// Tool arguments that are not JSON reach Mastra's requireApproval and the tool, as {} or "repaired", instead of failing at stage json (RFC-0015 invariant 2, test matrix row 5).
// Run in an empty folder (Node.js 22.13 or later, which @mastra/core requires):
//   npm install @mastra/core@1.71.0 ai@6.0.325 zod@4.1.12
//   node unparseable-arguments-become-an-empty-object.mjs
// A list_dir tool with defaults (path /home/app, not recursive) that asks for approval under /etc/.
// The scripted model (ai's MockLanguageModelV3, reporting itself as Mastra's documented
// `model: "openai/gpt-5-mini"`) sends two argument strings that are not JSON: a truncated one, and
// one with single quotes. Mastra logs "Error converting tool call input to JSON" for the first.
// Exits 1 while malformed arguments reach the policy or the tool, 0 once both are refused.
import { Agent } from "@mastra/core/agent";
import { Mastra } from "@mastra/core/mastra";
import { InMemoryStore } from "@mastra/core/storage";
import { createTool } from "@mastra/core/tools";
import { MockLanguageModelV3 } from "ai/test";
import { z } from "zod";

process.env.MASTRA_TELEMETRY_DISABLED = "1";
const MALFORMED = ['{"path": "/etc", "recursive": tru', "{'path': '/srv/www', 'recursive': true}"];

const usage = { inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 0, text: 0, reasoning: 0 } };
let raw;
let requests = 0;
const model = new MockLanguageModelV3({
  provider: "openai",
  modelId: "gpt-5-mini",
  doGenerate: async () =>
    requests++ === 0
      ? { content: [{ type: "tool-call", toolCallId: "call-1", toolName: "list_dir", input: raw }], finishReason: { unified: "tool-calls", raw: undefined }, usage, warnings: [] }
      : { content: [{ type: "text", text: "done" }], finishReason: { unified: "stop", raw: undefined }, usage, warnings: [] },
});

let handed;
let ran;
const listDir = createTool({
  id: "list_dir",
  description: "Lists a directory",
  inputSchema: z.object({ path: z.string().default("/home/app"), recursive: z.boolean().default(false) }),
  requireApproval: async (input) => ((handed = input), String(input?.path).startsWith("/etc/")),
  execute: async (input) => ((ran = input), { entries: [] }),
});

const agent = new Agent({ id: "assistant", name: "assistant", instructions: "Use the tools.", model, tools: { list_dir: listDir } });
const mastra = new Mastra({ agents: { assistant: agent }, storage: new InMemoryStore(), logger: false });
let reached = 0;
for (const text of MALFORMED) {
  [raw, requests, handed, ran] = [text, 0, undefined, undefined];
  const result = await mastra.getAgent("assistant").generate("List the directory");
  console.log(`model's raw arguments (not JSON): ${text}`);
  console.log(`  requireApproval was handed:     ${handed === undefined ? "(not called)" : JSON.stringify(handed)}`);
  console.log(`  the tool ran with:              ${ran === undefined ? "(did not run)" : JSON.stringify(ran)}   (run ${result.finishReason})`);
  if (handed !== undefined || ran !== undefined) reached += 1;
}
if (reached === 0) {
  console.log("OK: malformed arguments reached neither the policy nor the tool.");
  process.exit(0);
}
console.log(
  "BREACH of RFC-0015 invariant 2 (invalid arguments reach neither policy nor tool: INV-2) and test matrix row 5 (malformed JSON " +
    "fails at stage json: MATRIX-5): Mastra turned text that is not JSON into arguments, judged them and ran the tool.",
);
process.exit(1);
