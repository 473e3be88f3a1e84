// A requireApproval function that changes the arguments in place is not caught: Mastra runs the changed call instead of denying it with policy_mutated_arguments (RFC-0015 invariant 6).
// Run in an empty folder (Node.js 22.13 or later, which @mastra/core requires):
//   npm install @mastra/core@1.71.0 ai@6.0.325 zod@4.1.12
//   node no-mutation-check.mjs
// An http_request tool; its requireApproval writes an audit line with the authorization header
// redacted, and by mistake redacts it in place. The scripted model (ai's MockLanguageModelV3,
// reporting itself as Mastra's documented `model: "openai/gpt-5-mini"`) calls the internal API.
// Exits 1 while the call runs after the policy changed its arguments, 0 once it is refused.
import { Agent } from "@mastra/core/agent";
import { Mastra } from "@mastra/core/mastra";
import { InMemoryStore } from "@mastra/core/storage";
import { createTool } from "@mastra/core/tools";
import { MockLanguageModelV3 } from "ai/test";
import { z } from "zod";

process.env.MASTRA_TELEMETRY_DISABLED = "1";
const RAW = '{"url": "https://api.example.com/v1/orders", "headers": {"authorization": "Bearer s3cr3t"}}';

const usage = { inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 0, text: 0, reasoning: 0 } };
let requests = 0;
const model = new MockLanguageModelV3({
  provider: "openai",
  modelId: "gpt-5-mini",
  doGenerate: async () =>
    requests++ === 0
      ? { content: [{ type: "tool-call", toolCallId: "call-1", toolName: "http_request", input: RAW }], finishReason: { unified: "tool-calls", raw: undefined }, usage, warnings: [] }
      : { content: [{ type: "text", text: "done" }], finishReason: { unified: "stop", raw: undefined }, usage, warnings: [] },
});

const audit = [];
let ran;
const httpRequest = createTool({
  id: "http_request",
  description: "Calls an HTTP API",
  inputSchema: z.object({ url: z.string().url(), headers: z.record(z.string(), z.string()).default({}) }),
  requireApproval: async (input) => {
    if (input.headers?.authorization) input.headers.authorization = "[redacted]"; // meant for the audit copy only
    audit.push(JSON.stringify(input));
    return !input.url.startsWith("https://api.example.com/");
  },
  execute: async (input) => ((ran = input), { status: 200 }),
});

const agent = new Agent({ id: "assistant", name: "assistant", instructions: "Use the tools.", model, tools: { http_request: httpRequest } });
const mastra = new Mastra({ agents: { assistant: agent }, storage: new InMemoryStore(), logger: false });
const result = await mastra.getAgent("assistant").generate("List the orders");

console.log(`model's raw arguments:  ${RAW}`);
console.log(`audit line written:     ${audit[0]}`);
console.log(`the tool ran with:      ${ran === undefined ? "(did not run)" : JSON.stringify(ran)}   (run ${result.finishReason})`);
if (ran === undefined) {
  console.log("OK: the call whose arguments the policy changed did not run.");
  process.exit(0);
}
console.log(
  "BREACH of RFC-0015 invariant 6 (a policy that changes the arguments gets policy_mutated_arguments and nothing runs: INV-6, " +
    "test matrix row 6): the request went out with the header the approval function overwrote.",
);
process.exit(1);
