// Mastra decodes tool arguments with plain JSON.parse: a member named twice keeps its last copy, 1e999 becomes Infinity (the suite's SHOULD hardening of RFC-0015's "strict JSON decoding": DECOY-3, DECOY-4).
// Run in an empty folder (Node.js 22.13 or later, which @mastra/core requires):
//   npm install @mastra/core@1.71.0 ai@6.0.325 zod@4.1.12
//   node plain-json-decoding.mjs
// RFC-0015 asks for strict JSON decoding without defining it further: plain JSON.parse meets its
// MUST requirements, and refusing these strings at stage json is hardening the conformance suite
// asks for at SHOULD level. A read_file tool asks for approval under /etc/; the scripted model (ai's
// MockLanguageModelV3, reporting itself as Mastra's documented `model: "openai/gpt-5-mini"`) names
// path twice, and sends a size that overflows to Infinity.
// Exits 1 while either string is accepted, 0 once both are refused before the policy.
import { Agent } from "@mastra/core/agent";
import { Mastra } from "@mastra/core/mastra";
import { InMemoryStore } from "@mastra/core/storage";
import { createTool } from "@mastra/core/tools";
import { MockLanguageModelV3 } from "ai/test";
import { z } from "zod";

process.env.MASTRA_TELEMETRY_DISABLED = "1";
const STRINGS = ['{"path": "/etc/shadow", "path": "/tmp/notes.txt"}', '{"path": "/tmp/notes.txt", "options": {"maxBytes": 1e999}}'];

const usage = { inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 0, text: 0, reasoning: 0 } };
let raw;
let requests = 0;
const model = new MockLanguageModelV3({
  provider: "openai",
  modelId: "gpt-5-mini",
  doGenerate: async () =>
    requests++ === 0
      ? { content: [{ type: "tool-call", toolCallId: "call-1", toolName: "read_file", input: raw }], finishReason: { unified: "tool-calls", raw: undefined }, usage, warnings: [] }
      : { content: [{ type: "text", text: "done" }], finishReason: { unified: "stop", raw: undefined }, usage, warnings: [] },
});

let handed;
let ran;
const readFile = createTool({
  id: "read_file",
  description: "Reads a file",
  inputSchema: z.object({ path: z.string(), options: z.record(z.string(), z.any()).optional() }),
  requireApproval: async (input) => ((handed = input), input.path.startsWith("/etc/")),
  execute: async (input) => ((ran = input), { content: "..." }),
});

const agent = new Agent({ id: "assistant", name: "assistant", instructions: "Use the tools.", model, tools: { read_file: readFile } });
const mastra = new Mastra({ agents: { assistant: agent }, storage: new InMemoryStore(), logger: false });
let accepted = 0;
for (const text of STRINGS) {
  [raw, requests, handed, ran] = [text, 0, undefined, undefined];
  await mastra.getAgent("assistant").generate("Read the notes");
  // JSON.stringify would write Infinity as null: show it as it is.
  const show = (value) => (value === undefined ? "(none)" : JSON.stringify(value, (_key, v) => (v === Infinity ? "<Infinity>" : v)).replaceAll('"<Infinity>"', "Infinity"));
  console.log(`model's raw arguments:       ${text}`);
  console.log(`  requireApproval was handed: ${show(handed)}`);
  console.log(`  the tool ran with:          ${show(ran)}`);
  if (handed !== undefined || ran !== undefined) accepted += 1;
}
if (accepted === 0) {
  console.log("OK: both strings were refused at decoding.");
  process.exit(0);
}
console.log(
  "SHOULD-level: DECOY-3 (a member named twice fails at stage json) and DECOY-4 (values with no canonical JSON form fail closed) " +
    "do not hold: the policy decided on the last copy of path (a reader of the raw string may see /etc/shadow), and on Infinity.",
);
process.exit(1);
