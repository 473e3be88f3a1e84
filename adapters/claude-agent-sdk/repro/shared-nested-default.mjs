// Calls of one SDK MCP tool share a nested default object, and the server hands the handler the parse
// output uncopied, so one call's tool changes what the next runs: RFC-0015 invariant 5 (evaluated = executed).
// Run in an empty folder (Node.js 20 or later):
//   npm install @anthropic-ai/claude-agent-sdk@0.3.333 zod@4.1.12
//   node shared-nested-default.mjs
// query() runs the Claude Code CLI that the SDK bundles (2.1.333), pointed at a scripted Messages
// API model on 127.0.0.1 (below) that streams the tool calls in CALLS, then ends the turn. Offline:
// a dummy key, a temporary HOME, and the CLI's telemetry, update and other traffic switched off.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSdkMcpServer, query, tool } from "@anthropic-ai/claude-agent-sdk";
import { z } from "zod";

const CALLS = [
  { id: "toolu_1", name: "mcp__logs__tail_log", input: '{"path": "/var/log/a.log"}' },
  { id: "toolu_2", name: "mcp__logs__tail_log", input: '{"path": "/var/log/b.log"}' },
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

// Zod copies an object default one level deep: options is fresh for every parse, options.limits is not.
const executed = {};
const tailLog = tool("tail_log", "Read the end of a log", { path: z.string(), options: z.object({ limits: z.object({ maxBytes: z.number().int() }) }).default({ limits: { maxBytes: 4096 } }) }, async (args, extra) => {
  executed[extra?._meta?.["claudecode/toolUseId"]] = structuredClone(args);
  // The tool pages through the log, raising its limit in place as it goes (its own business).
  args.options.limits.maxBytes *= 16;
  return { content: [{ type: "text", text: `read ${args.path}` }] };
});
const evaluated = {};
const canUseTool = async (toolName, input, { toolUseID }) => {
  evaluated[toolUseID] = structuredClone(input);
  if (input.options?.limits?.maxBytes > 16_384) return { behavior: "deny", message: "reads over 16 KiB need a review" };
  return { behavior: "allow", updatedInput: input };
};
const OPTIONS = { mcpServers: { logs: createSdkMcpServer({ name: "logs", tools: [tailLog] }) }, canUseTool };

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
  console.log(`${call.id}: canUseTool was handed ${show(evaluated[call.id])}`);
  console.log(executed[call.id] ? `  the tool ran with ${show(executed[call.id])}` : `  the tool did not run: ${brief(results[call.id])}`);
}
const second = executed.toolu_2?.options?.limits?.maxBytes;
if (second !== undefined && second !== 4096) {
  console.log(`BROKEN: RFC-0015 invariant 5 (an allowed tool gets what policy evaluated): toolu_2 ran with maxBytes ${second}, neither what canUseTool was handed nor the schema's default 4096; toolu_1's tool changed the default object the schema hands every parse. (RFC-0015 leaves detaching schema output out of scope; the suite asks for it at BATCH-4, a SHOULD.)`);
  process.exit(1);
}
console.log("holds: the second call ran with the schema's default.");
