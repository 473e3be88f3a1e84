// ai 7: a tool call whose argument string is empty or only whitespace (not JSON) is not refused: it
// reaches toolApproval and the tool as {} with the schema's defaults (RFC-0015 invariant 2; test
// matrix row 5: INV-2, MATRIX-5).
// Run in an empty folder (Node.js 22 or later):
//   npm install ai@7.0.173 zod@4.1.12
//   node empty-arguments-become-an-empty-object.mjs
// RFC-0015 decodes the provider's string strictly: text that is not JSON must fail at stage "json",
// with no policy evaluation and no execution. "" and "  \n" are not JSON texts (JSON.parse throws);
// "{" is shown beside them for contrast. The language-model interface's `input` is the
// "JSON-encoded tool input" (LanguageModelV4ToolCall), and the scripted model hands it over as is.
import { generateText, isStepCount, tool } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { z } from "zod";

const usage = { inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 0, text: 0, reasoning: 0 } };
const seen = [];
const list_dir = tool({
  inputSchema: z.object({ path: z.string().default("/tmp"), recursive: z.boolean().default(false) }),
  execute: async (input) => {
    seen.push(`the tool ran with ${JSON.stringify(input)}`);
    return "listed";
  },
});
const toolApproval = {
  list_dir: async (input) => {
    seen.push(`toolApproval handed ${JSON.stringify(input)}`);
    return input.path.startsWith("/etc/") ? { type: "denied", reason: "not under /etc/" } : "not-applicable";
  },
};

let broken = false;
for (const raw of ["", "  \n", "{"]) {
  seen.length = 0;
  const model = new MockLanguageModelV4({
    doGenerate: async () => ({ content: [{ type: "tool-call", toolCallId: "call_1", toolName: "list_dir", input: raw }], finishReason: { unified: "tool-calls", raw: undefined }, usage, warnings: [] }),
  });
  let result;
  try {
    result = await generateText({ model, tools: { list_dir }, toolApproval, prompt: "list it", stopWhen: isStepCount(1) });
  } catch (error) {
    console.error(`generateText failed: ${error}`);
    process.exit(2);
  }
  const call = result.steps[0].content.find((part) => part.type === "tool-call");
  const verdict = call?.invalid ? `refused as invalid (${call.error?.cause?.name ?? call.error?.name})` : "accepted";
  console.log(`raw arguments ${JSON.stringify(raw)}: ${verdict}; ${seen.length > 0 ? seen.join("; ") : "no policy, no tool"}`);
  if (raw.trim() === "" && seen.length > 0) broken = true;
}
if (broken) {
  console.log("BROKEN: an argument string that is not JSON reached the policy and the tool as {} with defaults,");
  console.log("instead of failing at stage json with neither run (RFC-0015 invariant 2, INV-2 / MATRIX-5).");
  process.exit(1);
}
console.log("holds: every string that is not JSON was refused before the policy and the tool (RFC-0015 invariant 2).");
