// Arguments that decode to JSON null are put to Mastra's requireApproval, and only then refused, as JSON that "could not be parsed" (RFC-0015 invariant 2, test matrix row 5).
// Run in an empty folder (Node.js 22.13 or later, which @mastra/core requires):
//   npm install @mastra/core@1.71.0 ai@6.0.325 zod@4.1.12
//   node null-arguments-refused-after-approval.mjs
// A set_permissions tool (an object schema, so null is schema-invalid) asks for approval for
// setuid modes. The scripted model (ai's MockLanguageModelV3, reporting itself as Mastra's
// documented `model: "openai/gpt-5-mini"`) sends the well-formed JSON text `null`.
// Exits 1 while the policy is asked about null or the refusal names the wrong stage, 0 otherwise.
import { Agent } from "@mastra/core/agent";
import { Mastra } from "@mastra/core/mastra";
import { InMemoryStore } from "@mastra/core/storage";
import { createTool } from "@mastra/core/tools";
import { MockLanguageModelV3 } from "ai/test";
import { z } from "zod";

process.env.MASTRA_TELEMETRY_DISABLED = "1";
const RAW = "null";

const usage = { inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 0, text: 0, reasoning: 0 } };
let requests = 0;
const model = new MockLanguageModelV3({
  provider: "openai",
  modelId: "gpt-5-mini",
  doGenerate: async () =>
    requests++ === 0
      ? { content: [{ type: "tool-call", toolCallId: "call-1", toolName: "set_permissions", input: RAW }], finishReason: { unified: "tool-calls", raw: undefined }, usage, warnings: [] }
      : { content: [{ type: "text", text: "done" }], finishReason: { unified: "stop", raw: undefined }, usage, warnings: [] },
});

const handed = [];
let ran = false;
const setPermissions = createTool({
  id: "set_permissions",
  description: "Changes a file's mode",
  inputSchema: z.object({ path: z.string(), mode: z.string().regex(/^[0-7]{4}$/) }),
  requireApproval: async (input) => (handed.push(input), /^[4-7]/.test(String(input?.mode))),
  execute: async () => ((ran = true), { changed: true }),
});

const agent = new Agent({ id: "assistant", name: "assistant", instructions: "Use the tools.", model, tools: { set_permissions: setPermissions } });
const mastra = new Mastra({ agents: { assistant: agent }, storage: new InMemoryStore(), logger: false });
const result = await mastra.getAgent("assistant").generate("Fix the permissions");

const refusal = result.steps[0]?.content.find((part) => part.type === "tool-result")?.output;
console.log(`model's raw arguments: ${RAW} (well-formed JSON; the schema, an object, refuses it)`);
console.log(`requireApproval was asked ${handed.length} time(s), with: ${handed.map((input) => JSON.stringify(input)).join(", ")}`);
console.log(`the tool ran: ${ran}; the call's recorded result: ${JSON.stringify(refusal)}`);
const saysJson = JSON.stringify(refusal ?? "").includes("could not be parsed");
if (handed.length === 0 && !ran && !saysJson) {
  console.log("OK: the schema refused null before the policy was asked.");
  process.exit(0);
}
console.log(
  "BREACH of RFC-0015 invariant 2 (invalid arguments reach neither policy nor tool: INV-2) and test matrix row 5 (schema-invalid " +
    "input fails at stage schema, with no policy evaluation: MATRIX-5): requireApproval judged null, which Mastra then refused as unparseable JSON.",
);
process.exit(1);
