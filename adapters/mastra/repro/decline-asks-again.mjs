// Declining a pending approval makes Mastra call the tool's requireApproval again for the same call (one attempt, two policy evaluations: RFC-0015 invariant 1).
// Run in an empty folder (Node.js 22.13 or later, which @mastra/core requires):
//   npm install @mastra/core@1.71.0 ai@6.0.325 zod@4.1.12
//   node decline-asks-again.mjs
// A delete_file tool asks for approval for paths under /etc/. The scripted model (ai's
// MockLanguageModelV3, reporting itself as Mastra's documented `model: "openai/gpt-5-mini"`)
// deletes /etc/hosts; the run suspends, and the reviewer declines it with declineToolCallGenerate.
// Exits 1 while requireApproval is asked more than once about the one call, 0 once it is asked once.
import { Agent } from "@mastra/core/agent";
import { Mastra } from "@mastra/core/mastra";
import { InMemoryStore } from "@mastra/core/storage";
import { createTool } from "@mastra/core/tools";
import { MockLanguageModelV3 } from "ai/test";
import { z } from "zod";

process.env.MASTRA_TELEMETRY_DISABLED = "1";
const RAW = '{"path": "/etc/hosts"}';

const usage = { inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 0, text: 0, reasoning: 0 } };
let requests = 0;
const model = new MockLanguageModelV3({
  provider: "openai",
  modelId: "gpt-5-mini",
  doGenerate: async () =>
    requests++ === 0
      ? { content: [{ type: "tool-call", toolCallId: "call-1", toolName: "delete_file", input: RAW }], finishReason: { unified: "tool-calls", raw: undefined }, usage, warnings: [] }
      : { content: [{ type: "text", text: "done" }], finishReason: { unified: "stop", raw: undefined }, usage, warnings: [] },
});

const asked = [];
let ran = false;
const deleteFile = createTool({
  id: "delete_file",
  description: "Deletes a file",
  inputSchema: z.object({ path: z.string() }),
  requireApproval: async (input) => {
    asked.push(JSON.stringify(input));
    return input.path.startsWith("/etc/");
  },
  execute: async () => ((ran = true), { deleted: true }),
});

const agent = new Agent({ id: "assistant", name: "assistant", instructions: "Use the tools.", model, tools: { delete_file: deleteFile } });
const mastra = new Mastra({ agents: { assistant: agent }, storage: new InMemoryStore(), logger: false });
const assistant = mastra.getAgent("assistant");
const suspended = await assistant.generate("Delete /etc/hosts");
const { toolCallId, toolName, args } = suspended.suspendPayload ?? {};
console.log(`run: ${suspended.finishReason}, pending approval: ${JSON.stringify({ toolCallId, toolName, args })}`);
console.log(`requireApproval calls so far: ${asked.length}`);
const declined = await assistant.declineToolCallGenerate({ runId: suspended.runId, toolCallId: "call-1", reason: "system files are off limits" });
console.log(`after declineToolCallGenerate: run ${declined.finishReason}, tool ran: ${ran}`);
console.log(`requireApproval was asked about call-1 ${asked.length} time(s): ${asked.join(", ")}`);
if (asked.length === 1) {
  console.log("OK: one policy evaluation for the attempt.");
  process.exit(0);
}
console.log(
  "BREACH of RFC-0015 invariant 1 as the suite checks it (INV-1, check 8: the policy evaluates an attempt once): the decline " +
    "resumed the run, which asked requireApproval about the same call again (and then ignored its answer).",
);
process.exit(1);
