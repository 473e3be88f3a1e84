// ai 6: two calls of one step share the schema's nested default object, so one tool changing its own
// arguments changes what the other call runs after needsApproval evaluated it (RFC-0015 invariant 5:
// INV-5; BATCH-4).
// Run in an empty folder (Node.js 20 or later):
//   npm install ai@6.0.325 zod@4.1.12
//   node shared-nested-default.mjs
// Zod copies an object default one level deep, so every parse that uses the default of `options`
// gets the same `limits` object. The SDK asks needsApproval for every call of the step before it
// runs any tool, and hands execute the schema output as it is. The tool raises its own read limit
// in place (tools do adjust their arguments); the policy refuses reads above 1000 bytes.
import { generateText, stepCountIs, tool } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { z } from "zod";

const usage = { inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 0, text: 0, reasoning: 0 } };
const model = new MockLanguageModelV3({
  doGenerate: async () => ({
    content: [
      { type: "tool-call", toolCallId: "call_1", toolName: "read_file", input: '{"path": "/tmp/a.log"}' },
      { type: "tool-call", toolCallId: "call_2", toolName: "read_file", input: '{"path": "/tmp/b.log"}' },
    ],
    finishReason: { unified: "tool-calls", raw: undefined },
    usage,
    warnings: [],
  }),
});

const evaluated = {};
const executed = {};
const read_file = tool({
  inputSchema: z.object({
    path: z.string(),
    options: z.object({ limits: z.object({ maxBytes: z.number().int() }) }).default({ limits: { maxBytes: 100 } }),
  }),
  needsApproval: async (input, { toolCallId }) => {
    evaluated[toolCallId] = JSON.stringify(input);
    return input.options.limits.maxBytes > 1000;
  },
  execute: async (input, { toolCallId }) => {
    executed[toolCallId] = JSON.stringify(input);
    input.options.limits.maxBytes = 999999; // the tool changes its own arguments
    return "read";
  },
});

try {
  await generateText({ model, tools: { read_file }, prompt: "read both logs", stopWhen: stepCountIs(1) });
} catch (error) {
  console.error(`generateText failed: ${error}`);
  process.exit(2);
}

let broken = false;
for (const id of ["call_1", "call_2"]) {
  console.log(`${id}: needsApproval was handed ${evaluated[id]}`);
  console.log(`${id}: the tool ran with         ${executed[id] ?? "(did not run)"}`);
  if (executed[id] !== undefined && executed[id] !== evaluated[id]) broken = true;
}
if (broken) {
  console.log("BROKEN: a call ran with arguments other than those its policy evaluated: the other call's tool changed");
  console.log("the nested default both share (RFC-0015 invariant 5, INV-5; BATCH-4).");
  process.exit(1);
}
console.log("holds: each call ran with the arguments its policy evaluated (RFC-0015 invariant 5).");
