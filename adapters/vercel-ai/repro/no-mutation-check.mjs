// ai 6: a needsApproval callback that changes the arguments in place is not denied, and the tool
// runs the changed object (RFC-0015 invariants 5 and 6; test matrix row 6: INV-5, INV-6, MATRIX-6).
// Run in an empty folder (Node.js 20 or later):
//   npm install ai@6.0.325 zod@4.1.12
//   node no-mutation-check.mjs
// The policy in needsApproval refuses paths under /etc/ and, as policy helpers do, "tidies" the
// request in place while it looks at it (here it turns `append` off). RFC-0015 requires the runtime
// to compare the canonical arguments before and after the policy and, on a change, deny the call
// with policy_mutated_arguments and run nothing.
import { generateText, stepCountIs, tool } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { z } from "zod";

const usage = { inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 0, text: 0, reasoning: 0 } };
const model = new MockLanguageModelV3({
  doGenerate: async () => ({
    content: [{ type: "tool-call", toolCallId: "call_1", toolName: "write_file", input: '{"path": "/tmp/notes.txt", "content": "hello"}' }],
    finishReason: { unified: "tool-calls", raw: undefined },
    usage,
    warnings: [],
  }),
});

let evaluated;
let executed;
const write_file = tool({
  inputSchema: z.object({ path: z.string(), content: z.string(), append: z.boolean().default(true) }),
  needsApproval: async (input) => {
    evaluated = JSON.stringify(input);
    const needsHuman = input.path.startsWith("/etc/");
    try {
      input.append = false; // the policy changes the object it was handed
    } catch {} // (a runtime may hand the policy frozen arguments: then nothing changes, which RFC-0015 allows)
    return needsHuman;
  },
  execute: async (input) => {
    executed = JSON.stringify(input);
    return "written";
  },
});

try {
  await generateText({ model, tools: { write_file }, prompt: "save my notes", stopWhen: stepCountIs(1) });
} catch (error) {
  console.error(`generateText failed: ${error}`);
  process.exit(2);
}

console.log(`needsApproval was handed: ${evaluated}`);
console.log(`the tool ran with:        ${executed ?? "(the tool did not run)"}`);
if (executed !== undefined && executed !== evaluated) {
  console.log("BROKEN: the policy changed the arguments, and the call was not denied with policy_mutated_arguments:");
  console.log("the tool ran (RFC-0015 invariant 6, INV-6 / MATRIX-6) with arguments other than those evaluated (invariant 5, INV-5).");
  process.exit(1);
}
console.log("holds: nothing ran with arguments the policy changed (RFC-0015 invariants 5 and 6).");
