// A scripted model behind the Anthropic Messages API, on 127.0.0.1 only: the Claude Code CLI that
// the SDK spawns is pointed here (ANTHROPIC_BASE_URL) instead of at Anthropic. It answers the
// request that carries a turn's prompt with one assistant message holding the turn's calls as
// tool_use blocks, whose input streams as input_json_delta chunks of the raw string exactly as
// the case wrote it (the CLI joins and decodes them itself), and every other request with a plain
// end_turn text. It never reads the arguments it sends.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { ModelCall } from "../../harness/adapter.ts";

/** What the server saw: one entry per request, for the tests and for an error message. */
export interface ModelRequest {
  path: string;
  /** The turn whose calls this request was answered with, if any. */
  answeredTurn?: number;
  /** The tools a Messages API request advertised to the model, with their JSON Schemas, as the CLI sent them. */
  tools?: { name: string; input_schema?: unknown }[];
}

export interface ScriptedModel {
  /** The base URL to hand the CLI. */
  url: string;
  /** The prompt text that asks for this turn's calls; the next request ending in it is answered with them. */
  script(turn: number, calls: readonly ModelCall[], toolName: (call: ModelCall) => string): string;
  requests: ModelRequest[];
  close(): Promise<void>;
}

// Chunks of a few code points, as a provider streams: the CLI must join them before decoding.
const CHUNK = 7;

export async function startScriptedModel(): Promise<ScriptedModel> {
  let pending: { turn: number; marker: string; blocks: { id: string; name: string; raw: string }[] } | undefined;
  let messageCount = 0;
  const requests: ModelRequest[] = [];

  const server: Server = createServer((req, res) => {
    void answer(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ type: "error", error: { type: "api_error", message: String(error) } }));
    });
  });

  async function answer(req: IncomingMessage, res: ServerResponse) {
    let body = "";
    for await (const chunk of req) body += String(chunk);
    const path = (req.url ?? "").split("?")[0] ?? "";
    const entry: ModelRequest = { path };
    requests.push(entry);
    if (req.method === "POST" && path === "/v1/messages/count_tokens") {
      return json(res, 200, { input_tokens: 1 });
    }
    if (req.method !== "POST" || path !== "/v1/messages") {
      return json(res, 404, { type: "error", error: { type: "not_found_error", message: `no ${req.method} ${path} here` } });
    }
    // The request body is the CLI's, not the case's: reading it to find the prompt is fine.
    const request = JSON.parse(body) as { model?: string; stream?: boolean; messages?: { role: string; content: unknown }[]; tools?: { name: string; input_schema?: unknown }[] };
    if (Array.isArray(request.tools)) entry.tools = request.tools.map(({ name, input_schema }) => ({ name, input_schema }));
    const last = request.messages?.at(-1);
    const forTurn = pending !== undefined && last?.role === "user" && JSON.stringify(last.content).includes(pending.marker) ? pending : undefined;
    if (forTurn) {
      pending = undefined;
      entry.answeredTurn = forTurn.turn;
    }
    const id = `msg_scripted_${++messageCount}`;
    const model = request.model ?? "scripted";
    if (request.stream !== true) {
      // The CLI streams; a non-streaming request gets text only, so no call is ever sent twice.
      return json(res, 200, { id, type: "message", role: "assistant", model, content: [{ type: "text", text: "done" }], stop_reason: "end_turn", stop_sequence: null, usage: { input_tokens: 1, output_tokens: 1 } });
    }
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    const send = (event: string, data: object) => res.write(`event: ${event}\ndata: ${JSON.stringify({ type: event, ...data })}\n\n`);
    send("message_start", { message: { id, type: "message", role: "assistant", model, content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 1, output_tokens: 1 } } });
    if (forTurn && forTurn.blocks.length > 0) {
      forTurn.blocks.forEach((block, index) => {
        send("content_block_start", { index, content_block: { type: "tool_use", id: block.id, name: block.name, input: {} } });
        const points = Array.from(block.raw);
        if (points.length === 0) send("content_block_delta", { index, delta: { type: "input_json_delta", partial_json: "" } });
        for (let at = 0; at < points.length; at += CHUNK) {
          send("content_block_delta", { index, delta: { type: "input_json_delta", partial_json: points.slice(at, at + CHUNK).join("") } });
        }
        send("content_block_stop", { index });
      });
      send("message_delta", { delta: { stop_reason: "tool_use", stop_sequence: null }, usage: { output_tokens: 1 } });
    } else {
      send("content_block_start", { index: 0, content_block: { type: "text", text: "" } });
      send("content_block_delta", { index: 0, delta: { type: "text_delta", text: "done" } });
      send("content_block_stop", { index: 0 });
      send("message_delta", { delta: { stop_reason: "end_turn", stop_sequence: null }, usage: { output_tokens: 1 } });
    }
    send("message_stop", {});
    res.end();
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    script(turn, calls, toolName) {
      const marker = `effective-args turn ${turn}`;
      // Each call's id as the tool_use id and its raw string, byte for byte, as the streamed input.
      pending = { turn, marker, blocks: calls.map((call) => ({ id: call.callId, name: toolName(call), raw: call.rawArguments })) };
      return marker;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function json(res: ServerResponse, status: number, body: object) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}
