// An own "__proto__" member of the model's arguments becomes the prototype of what Mastra's tool runs: members no policy saw reach execution (RFC-0015 invariants 4 and 5; the suite's DECOY-2).
// Run in an empty folder (Node.js 22.13 or later, which @mastra/core requires):
//   npm install @mastra/core@1.71.0 ai@6.0.325 zod@4.1.12
//   node proto-member-becomes-the-prototype.mjs
// A tag_asset tool with free-form metadata (z.any()) asks for approval when the metadata names an
// owner. The scripted model (ai's MockLanguageModelV3, reporting itself as
// Mastra's documented `model: "openai/gpt-5-mini"`) sends metadata with an own "__proto__" member.
// JSON.parse keeps it as an ordinary member; validateToolInput's convertUndefinedToNull copies the
// input by assignment, and `copy["__proto__"] = value` sets the copy's prototype instead.
// Exits 1 while the tool's arguments inherit members, 0 once they do not.
import { Agent } from "@mastra/core/agent";
import { Mastra } from "@mastra/core/mastra";
import { InMemoryStore } from "@mastra/core/storage";
import { createTool } from "@mastra/core/tools";
import { MockLanguageModelV3 } from "ai/test";
import { z } from "zod";

process.env.MASTRA_TELEMETRY_DISABLED = "1";
const RAW = '{"asset": "img-88", "metadata": {"__proto__": {"owner": "root"}, "label": "logo"}}';

const usage = { inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 0, text: 0, reasoning: 0 } };
let requests = 0;
const model = new MockLanguageModelV3({
  provider: "openai",
  modelId: "gpt-5-mini",
  doGenerate: async () =>
    requests++ === 0
      ? { content: [{ type: "tool-call", toolCallId: "call-1", toolName: "tag_asset", input: RAW }], finishReason: { unified: "tool-calls", raw: undefined }, usage, warnings: [] }
      : { content: [{ type: "text", text: "done" }], finishReason: { unified: "stop", raw: undefined }, usage, warnings: [] },
});

let handed;
let ran;
const tagAsset = createTool({
  id: "tag_asset",
  description: "Tags an asset",
  inputSchema: z.object({ asset: z.string(), metadata: z.any() }),
  requireApproval: async (input) => ((handed = input), input.metadata?.owner !== undefined),
  execute: async (input) => ((ran = input), { tagged: true }),
});

const agent = new Agent({ id: "assistant", name: "assistant", instructions: "Use the tools.", model, tools: { tag_asset: tagAsset } });
const mastra = new Mastra({ agents: { assistant: agent }, storage: new InMemoryStore(), logger: false });
await mastra.getAgent("assistant").generate("Tag the logo");

console.log(`model's raw arguments:        ${RAW}`);
console.log(`requireApproval was handed:   ${JSON.stringify(handed)} (own metadata keys: ${Object.keys(handed?.metadata ?? {}).join(", ")})`);
console.log(`the tool ran with:            ${JSON.stringify(ran)} (own metadata keys: ${Object.keys(ran?.metadata ?? {}).join(", ")})`);
const inherited = ran === undefined ? undefined : ran.metadata.owner;
console.log(`the tool reads metadata.owner: ${JSON.stringify(inherited)} (inherited: ${ran !== undefined && !Object.hasOwn(ran.metadata, "owner")})`);
if (ran === undefined || inherited === undefined) {
  console.log("OK: nothing the policy did not see reaches the tool.");
  process.exit(0);
}
console.log(
  "BREACH of RFC-0015 invariants 4 and 5 (what runs is what the policy evaluated: INV-5; hidden keys never reach execution " +
    'unevaluated: DECOY-2): the tool sees metadata.owner = "root" through the prototype, which no view shows.',
);
process.exit(1);
