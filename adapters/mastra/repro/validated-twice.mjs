// Mastra parses a tool call's input again after the schema rejects it, so one attempt gets two or more schema parses, and a rejected call can still run (RFC-0015 invariant 3).
// Run in an empty folder (Node.js 22.13 or later, which @mastra/core requires):
//   npm install @mastra/core@1.71.0 ai@6.0.325 zod@4.1.12
//   node validated-twice.mjs
// Two tools; a z.preprocess step in front of each schema logs every parse. The scripted model
// (ai's MockLanguageModelV3, reporting itself as Mastra's documented `model: "openai/gpt-5-mini"`)
// asks read_lines for 5000 lines (at most 1000 allowed), and calls generate_image with "query"
// where its schema wants "prompt". validateToolInput retries each rejected input: with nullish
// members stripped, then with "prompt" set to the value of "query". (With a model no
// schema-compat layer matches, e.g. MockLanguageModelV3's default provider id, the createTool
// wrapper also parses the builder's output a second time on every valid call.)
// Exits 1 while a call is parsed more than once, 0 once each call is parsed exactly once.
import { Agent } from "@mastra/core/agent";
import { Mastra } from "@mastra/core/mastra";
import { InMemoryStore } from "@mastra/core/storage";
import { createTool } from "@mastra/core/tools";
import { MockLanguageModelV3 } from "ai/test";
import { z } from "zod";

process.env.MASTRA_TELEMETRY_DISABLED = "1";
const CALLS = [
  ["read_lines", '{"path": "/var/log/app.log", "lines": 5000}'],
  ["generate_image", '{"query": "a cat on a sofa"}'],
];

const usage = { inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 0, text: 0, reasoning: 0 } };
let call;
let requests = 0;
const model = new MockLanguageModelV3({
  provider: "openai",
  modelId: "gpt-5-mini",
  doGenerate: async () =>
    requests++ === 0
      ? { content: [{ type: "tool-call", toolCallId: "call-1", toolName: call[0], input: call[1] }], finishReason: { unified: "tool-calls", raw: undefined }, usage, warnings: [] }
      : { content: [{ type: "text", text: "done" }], finishReason: { unified: "stop", raw: undefined }, usage, warnings: [] },
});

let parses;
let ran;
const logged = (schema) => z.preprocess((input) => (parses.push(JSON.stringify(input)), input), schema);
const tool = (id, inputSchema) =>
  createTool({ id, description: id, inputSchema: logged(inputSchema), requireApproval: async (input) => String(input?.path).startsWith("/etc/"), execute: async (input) => ((ran = input), {}) });
const tools = {
  read_lines: tool("read_lines", z.object({ path: z.string().min(1), lines: z.number().int().min(1).max(1000).default(100) })),
  generate_image: tool("generate_image", z.object({ prompt: z.string().min(1) })),
};

const agent = new Agent({ id: "assistant", name: "assistant", instructions: "Use the tools.", model, tools });
const mastra = new Mastra({ agents: { assistant: agent }, storage: new InMemoryStore(), logger: false });
let twice = 0;
for (const next of CALLS) {
  [call, requests, parses, ran] = [next, 0, [], undefined];
  await mastra.getAgent("assistant").generate("Go ahead");
  console.log(`${next[0]}, model's raw arguments: ${next[1]}`);
  parses.forEach((input, index) => console.log(`  parse ${index + 1} of the schema: ${input}`));
  console.log(`  the tool ran with: ${ran === undefined ? "(did not run: the call's result is Mastra's validation error)" : JSON.stringify(ran)}`);
  if (parses.length > 1) twice += 1;
}
if (twice === 0) {
  console.log("OK: one schema parse per attempt.");
  process.exit(0);
}
console.log(
  "BREACH of RFC-0015 invariant 3 (tool-schema parsing runs exactly once per execution attempt: INV-3): each rejected input was " +
    "parsed again, and generate_image, whose input the schema had rejected, ran on a prompt Mastra made from the model's query.",
);
process.exit(1);
