// The Claude Agent SDK's canUseTool decides on the model's request before the tool's Zod schema
// runs: RFC-0015 invariants 1, 2 and 5 (test-matrix rows 1, 2 and 5) do not hold.
// Run in an empty folder (Node.js 20 or later):
//   npm install @anthropic-ai/claude-agent-sdk@0.3.333 zod@4.1.12
//   node can-use-tool-decides-on-the-request.mjs
// query() runs the Claude Code CLI that the SDK bundles (2.1.333), pointed at a scripted Messages
// API model on 127.0.0.1 (below) that streams the tool calls in CALLS, then ends the turn. Offline:
// a dummy key, a temporary HOME, and the CLI's telemetry, update and other traffic switched off.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join, posix } from "node:path";
import { createSdkMcpServer, query, tool } from "@anthropic-ai/claude-agent-sdk";
import { z } from "zod";

const CALLS = [
  { id: "toolu_1", name: "mcp__files__read_file", input: '{"path": "/srv/app/../../etc/shadow"}' },
  { id: "toolu_2", name: "mcp__files__read_file", input: '{"path": 42}' },
];
// The scripted model: its first streamed answer holds CALLS as tool_use blocks, every later one a plain "Done.".
let answered = false;
const model = createServer(async (req, res) => {
  let body = "";
  for await (const chunk of req) body += chunk;
  const request = JSON.parse(body || "{}");
  if (!request.stream) return res.end(JSON.stringify(req.url.includes("count_tokens") ? { input_tokens: 1 } : { id: "msg_0", type: "message", role: "assistant", model: request.model, content: [{ type: "text", text: "Done." }], stop_reason: "end_turn", stop_sequence: null, usage: { input_tokens: 1, output_tokens: 1 } }));
  const blocks = answered ? [{ text: "Done." }] : CALLS;
  answered = true;
  const send = (type, data) => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
  res.writeHead(200, { "content-type": "text/event-stream" });
  send("message_start", { message: { id: "msg_1", type: "message", role: "assistant", model: request.model, content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 1, output_tokens: 1 } } });
  blocks.forEach((block, index) => {
    if (block.text) {
      send("content_block_start", { index, content_block: { type: "text", text: "" } });
      send("content_block_delta", { index, delta: { type: "text_delta", text: block.text } });
    } else {
      // The raw arguments, as the API streams them: input_json_delta chunks the CLI joins and decodes.
      send("content_block_start", { index, content_block: { type: "tool_use", id: block.id, name: block.name, input: {} } });
      const points = Array.from(block.input);
      for (let at = 0; at < points.length; at += 8) send("content_block_delta", { index, delta: { type: "input_json_delta", partial_json: points.slice(at, at + 8).join("") } });
    }
    send("content_block_stop", { index });
  });
  send("message_delta", { delta: { stop_reason: blocks[0].text ? "end_turn" : "tool_use", stop_sequence: null }, usage: { output_tokens: 1 } });
  send("message_stop", {});
  res.end();
});
await new Promise((resolve) => model.listen(0, "127.0.0.1", resolve));
const home = mkdtempSync(join(tmpdir(), "claude-repro-"));
const env = { PATH: process.env.PATH, HOME: home, TMPDIR: home, CLAUDE_CONFIG_DIR: join(home, "config"), ANTHROPIC_BASE_URL: `http://127.0.0.1:${model.address().port}`, ANTHROPIC_API_KEY: "sk-ant-offline", CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1", DISABLE_AUTOUPDATER: "1", DISABLE_TELEMETRY: "1", DISABLE_ERROR_REPORTING: "1", CLAUDE_CODE_DISABLE_FEATURE_FLAGS: "1" };

// The tool, registered as the SDK's documentation shows (a Zod raw shape): the path is trimmed and
// normalized, and a read is capped at 1 MiB unless the model says otherwise.
const evaluated = {};
const decided = {};
const executed = {};
const shape = { path: z.string().trim().transform((path) => posix.normalize(path)), maxBytes: z.number().int().default(1_048_576) };
const readFile = tool("read_file", "Read a file", shape, async (args, extra) => {
  executed[extra?._meta?.["claudecode/toolUseId"]] = args;
  return { content: [{ type: "text", text: `read ${args.path}` }] };
});
// The policy: nothing under /etc/, and no read over 64 KiB.
const canUseTool = async (toolName, input, { toolUseID }) => {
  evaluated[toolUseID] = structuredClone(input);
  if (String(input.path).startsWith("/etc/")) return { behavior: (decided[toolUseID] = "deny"), message: "nothing under /etc/" };
  if (input.maxBytes > 65_536) return { behavior: (decided[toolUseID] = "deny"), message: "reads over 64 KiB need a review" };
  return { behavior: (decided[toolUseID] = "allow"), updatedInput: input };
};
const OPTIONS = { mcpServers: { files: createSdkMcpServer({ name: "files", tools: [readFile] }) }, canUseTool };

const results = {};
try {
  const options = { ...OPTIONS, tools: [], settingSources: [], persistSession: false, cwd: home, model: "claude-sonnet-4-5", env };
  for await (const message of query({ prompt: "Go ahead.", options })) {
    if (message.type === "user" && Array.isArray(message.message.content)) for (const block of message.message.content) if (block.type === "tool_result") results[block.tool_use_id] = [block.content].flat().map((part) => part?.text ?? part).join("");
    if (message.type === "result") break;
  }
} finally {
  model.closeAllConnections();
  model.close();
  rmSync(home, { recursive: true, force: true });
}
const show = (value) => (value === undefined ? "(nothing)" : JSON.stringify(value));
const brief = (text) => String(text).replace(/\s+/g, " ").slice(0, 150);
for (const call of CALLS) {
  const parsed = z.object(shape).safeParse(JSON.parse(call.input));
  console.log(`${call.id}: the model asked for ${call.input}; the tool's schema makes of it ${parsed.success ? show(parsed.data) : "an error"}`);
  console.log(`  canUseTool was handed ${show(evaluated[call.id])} and answered ${decided[call.id] ?? "(not asked)"}`);
  console.log(executed[call.id] ? `  the tool ran with ${show(executed[call.id])}` : `  the tool did not run: ${brief(results[call.id])}`);
}
const ranOtherThanEvaluated = CALLS.some((call) => executed[call.id] && show(executed[call.id]) !== show(evaluated[call.id]));
const askedAboutInvalid = CALLS.some((call) => decided[call.id] === "allow" && !executed[call.id]);
if (ranOtherThanEvaluated || askedAboutInvalid) {
  console.log("BROKEN: RFC-0015 invariants 1 (decoding and schema validation before policy), 2 (invalid arguments reach no policy) and 5 (the tool gets what policy evaluated); test-matrix rows 1, 2 and 5: canUseTool is handed the request before the tool's schema runs, so it never sees the normalized path or the default that run, and it decides on input the schema then rejects.");
  process.exit(1);
}
console.log("holds: canUseTool was handed the schema output, and only for input the schema accepts.");
