// A JSON array of arguments reaches Mastra's requireApproval and the tool schema as an object keyed "0", "1", ...: the schema does not parse the call's own input (RFC-0015 invariant 1).
// Run in an empty folder (Node.js 22.13 or later, which @mastra/core requires):
//   npm install @mastra/core@1.71.0 ai@6.0.325 zod@4.1.12
//   node array-arguments-become-an-object.mjs
// A read_lines tool; a z.preprocess step in front of its schema logs what each parse is handed.
// The scripted model (ai's MockLanguageModelV3, reporting itself as Mastra's documented
// `model: "openai/gpt-5-mini"`) sends an array. The tool-call step takes resumeData out of the
// arguments with an object rest pattern (`const { resumeData, ...args } = inputData.args`),
// which turns an array into a plain object.
// Exits 1 while the schema is handed something other than the array the model sent, 0 otherwise.
import { Agent } from "@mastra/core/agent";
import { Mastra } from "@mastra/core/mastra";
import { InMemoryStore } from "@mastra/core/storage";
import { createTool } from "@mastra/core/tools";
import { MockLanguageModelV3 } from "ai/test";
import { z } from "zod";

process.env.MASTRA_TELEMETRY_DISABLED = "1";
const RAW = '[{"path": "/var/log/app.log"}]';

const usage = { inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 0, text: 0, reasoning: 0 } };
let requests = 0;
const model = new MockLanguageModelV3({
  provider: "openai",
  modelId: "gpt-5-mini",
  doGenerate: async () =>
    requests++ === 0
      ? { content: [{ type: "tool-call", toolCallId: "call-1", toolName: "read_lines", input: RAW }], finishReason: { unified: "tool-calls", raw: undefined }, usage, warnings: [] }
      : { content: [{ type: "text", text: "done" }], finishReason: { unified: "stop", raw: undefined }, usage, warnings: [] },
});

const parsed = [];
let handed;
const readLines = createTool({
  id: "read_lines",
  description: "Reads the last lines of a file",
  inputSchema: z.preprocess((input) => (parsed.push(input), input), z.object({ path: z.string(), lines: z.number().int().default(100) })),
  requireApproval: async (input) => ((handed = input), String(input?.path).startsWith("/etc/")),
  execute: async () => ({ lines: [] }),
});

const agent = new Agent({ id: "assistant", name: "assistant", instructions: "Use the tools.", model, tools: { read_lines: readLines } });
const mastra = new Mastra({ agents: { assistant: agent }, storage: new InMemoryStore(), logger: false });
await mastra.getAgent("assistant").generate("Show me the log");

const shown = (value) => `${JSON.stringify(value)} (${Array.isArray(value) ? "an array" : typeof value})`;
console.log(`model's raw arguments:       ${RAW} (an array)`);
console.log(`requireApproval was handed:  ${shown(handed)}`);
parsed.forEach((input, index) => console.log(`the schema's parse ${index + 1} was handed: ${shown(input)}`));
if (parsed.every((input) => Array.isArray(input))) {
  console.log("OK: the schema parsed the call's own input.");
  process.exit(0);
}
console.log(
  "BREACH of RFC-0015 invariant 1 (the tool-schema parse is of the call's own decoded input: INV-1): the schema validated " +
    "an object Mastra made from the array, not the array the model sent.",
);
process.exit(1);
