// The Claude Agent SDK adapter (adapters/claude-agent-sdk/, an install of its own: the SDK's
// platform package carries the Claude Code CLI, ~400 MB): (a) the verdict rests on the SDK's own
// path, query() driving the real CLI against a scripted model on 127.0.0.1, shown by matching what
// the probes recorded with the SDK's own messages (the CLI's decoded tool_use input, its
// tool_results, the result's permission denials) and with what the CLI asked the model; (b) its
// modules type-check against the SDK installed in the folder. The whole suite through the CLI, with
// its known failures, is test/adapters/published.test.ts's (adapters/published.ts names it).
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { loadCaseFile, type LoadedCase } from "../../harness/loading/loader.ts";
import type { ProbeLog } from "../../harness/running/observation.ts";
import { createProbes } from "../../harness/running/probes.ts";
import { observeCase } from "../../harness/running/runner.ts";
import { snapshotValue } from "../../harness/values/snapshot.ts";
import type { Adapter, CallOutcome } from "../../harness/adapter.ts";
import { installFolder, PUBLISHED } from "../../adapters/published.ts";
import { installedVersion } from "../../adapters/installed-version.ts";
import type { ScriptedModel } from "../../adapters/claude-agent-sdk/model-server.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const MODULE = "adapters/claude-agent-sdk/adapter.ts";
const ADAPTER_URL = new URL(`../../${MODULE}`, import.meta.url).href;

function realCase(path: string): LoadedCase {
  const loaded = loadCaseFile(fileURLToPath(new URL(`../../cases/${path}.yaml`, import.meta.url)));
  if (!("case" in loaded)) throw new Error(loaded.errors.map((error) => error.message).join("\n"));
  return loaded.case;
}

// What this file uses of the adapter module. It is imported by URL once the folder is installed
// (importing it loads the SDK from the folder's node_modules), so that the root's tsc, which runs
// on a fresh clone, never follows it to the SDK; the folder's own tsconfig checks it (below).
interface AdapterModule {
  default: Adapter;
  claudeAgentSdkAdapter(options: { onMessage?: (message: unknown) => void; onModel?: (model: ScriptedModel) => void }): Adapter;
}
let adapterModule: AdapterModule;

beforeAll(async () => {
  // npm ci from the folder's lock file when it is not installed yet (the npm registry only).
  installFolder(PUBLISHED.find((published) => published.module === MODULE)!);
  adapterModule = (await import(ADAPTER_URL)) as AdapterModule;
}, 600_000);

// The SDK's message shapes this file reads (the SDK's own types are the folder's, not the root's).
interface Block {
  type: string;
  id?: string;
  name?: string;
  input?: unknown;
  tool_use_id?: string;
  is_error?: boolean;
  content?: unknown;
}
type Message = { type: string; message?: { content?: unknown }; permission_denials?: { tool_use_id: string }[] };

/** One case observed in process, with every SDK message of its session and what the CLI asked the model. */
async function observe(testCase: LoadedCase) {
  const messages: Message[] = [];
  const models: ScriptedModel[] = [];
  const adapter = adapterModule.claudeAgentSdkAdapter({ onMessage: (message) => messages.push(message as Message), onModel: (model) => models.push(model) });
  const observed = await observeCase(adapter, testCase, 60_000);
  if ("errored" in observed) throw new Error(observed.errored);
  const blocks = (type: string, role: string) => messages.filter((message) => message.type === role).flatMap((message) => (Array.isArray(message.message?.content) ? (message.message.content as Block[]) : [])).filter((block) => block.type === type);
  return {
    log: observed.observation.log as ProbeLog,
    outcomes: observed.observation.turns.flatMap((turn) => [...turn.outcomes.values()]),
    toolUses: blocks("tool_use", "assistant"),
    toolResults: blocks("tool_result", "user"),
    denials: messages.flatMap((message) => (message.type === "result" ? (message.permission_denials ?? []).map((denial) => denial.tool_use_id) : [])),
    requests: models.flatMap((model) => model.requests),
  };
}

const values = (records: readonly { callId: string }[], view: (record: never) => unknown) => records.map((record) => [record.callId, snapshotValue(view(record as never) as never)]);

describe("the Claude Agent SDK adapter", () => {
  it("names the SDK as installed in its folder and the Claude Code CLI it runs, and declares hooks and batches only", () => {
    const adapter = adapterModule.default;
    expect(adapter.name).toBe("@anthropic-ai/claude-agent-sdk");
    expect(adapter.version).toBe(installedVersion("@anthropic-ai/claude-agent-sdk", ADAPTER_URL));
    expect(adapter.version).toBe("0.3.333");
    expect(adapter.capabilities).toEqual(["hooks", "batch"]);
    // Streamed tool_use input cannot carry "" as such (the next tests show why).
    expect(adapter.transportLimits).toEqual(["empty-raw-string"]);
    // The CLI's version, as its --version says it, is the one the SDK's manifest names for its platform binaries.
    const manifest = JSON.parse(readFileSync(new URL("../../adapters/claude-agent-sdk/node_modules/@anthropic-ai/claude-agent-sdk/manifest.json", import.meta.url), "utf8")) as { version: string };
    expect(adapter.components).toEqual({ "Claude Code": manifest.version });
    expect(manifest.version).toBe("2.1.333");
  });

  it("advertises each probe tool to the CLI with the schema the SDK's server lists for it, which the CLI repairs streamed input against", async () => {
    // matrix/coercion-and-transform-evaluated-as-executed: table trims and lower-cases, limit is a
    // coercing integer >= 1; the policy denies restricted tables and a limit above 1000. c2 sends
    // "limit": "5000".
    const testCase = realCase("matrix/coercion-and-transform-evaluated-as-executed");
    const seen = await observe(testCase);
    const advertised = seen.requests.flatMap((request) => request.tools ?? []).find((entry) => entry.name === "mcp__probes__query_table")?.input_schema as { properties?: Record<string, unknown> } | undefined;
    const probe = createProbes(testCase).wiring.tools.query_table!.schema as unknown as { _zod: { def: { type: string } } };
    const c2 = seen.log.policies.find((record) => record.callId === "c2")!;
    if (probe._zod.def.type === "object") {
      // The probe schema is a Zod object (harness/vocabulary/schema.ts observedSchema): the server
      // lists its JSON Schema, and the CLI turns the JSON text "5000" of an integer member into
      // 5000 before hooks and canUseTool, which then denies it as too many rows; the schema never
      // parses a denied call.
      expect(advertised?.properties).toEqual({ table: { type: "string" }, limit: { type: "integer", minimum: 1, maximum: 9007199254740991 } });
      expect(seen.toolUses.find((block) => block.id === "c2")?.input).toEqual({ table: "orders", limit: 5000 });
      expect(snapshotValue(c2.parsedAtEntry as never)).toEqual({ table: "orders", limit: 5000 });
      expect(c2.decision).toEqual({ decision: "deny", reason: "too_many_rows" });
    } else {
      // A probe schema that is a pipe: the server lists {"type":"object","properties":{}}, and the
      // CLI has nothing to repair against.
      expect(advertised?.properties).toEqual({});
      expect(snapshotValue(c2.parsedAtEntry as never)).toEqual({ table: "orders", limit: "5000" });
    }
  });

  it("runs a hook's rewrite through canUseTool, then the schema, then the tool, as the SDK's own messages say", async () => {
    // hook-rewrite/pinned-cwd-is-what-runs: the hook pins cwd to /sandbox; the schema trims,
    // normalizes and adds timeout: 30; the policy allows only cwd /sandbox.
    const seen = await observe(realCase("hook-rewrite/pinned-cwd-is-what-runs"));
    const { log } = seen;
    // The CLI asked the model twice, both Messages API calls on 127.0.0.1: the turn's prompt
    // (answered with the call) and the tool result (answered with text). Nothing else.
    expect(seen.requests.map((request) => [request.path, request.answeredTurn])).toEqual([
      ["/v1/messages", 1],
      ["/v1/messages", undefined],
    ]);
    // The CLI decoded the streamed raw string itself: its assistant message holds the request.
    expect(seen.toolUses).toEqual([{ type: "tool_use", id: "c1", name: "mcp__probes__run_shell", input: { command: "ls -la", cwd: "/home/alice" } }]);
    // The hook was handed that request and rewrote it; canUseTool (the policy) was handed the
    // rewrite as it stood, before any parse: no default yet (the finding can-use-tool-decides-on-the-request).
    expect(values(log.hooks, (record: { toolInput: never }) => record.toolInput)).toEqual([["c1", { command: "ls -la", cwd: "/home/alice" }]]);
    expect(values(log.hooks, (record: { output: never }) => record.output)).toEqual([["c1", { command: "ls -la", cwd: "/sandbox" }]]);
    expect(values(log.policies, (record: { parsedAtEntry: never }) => record.parsedAtEntry)).toEqual([["c1", { command: "ls -la", cwd: "/sandbox" }]]);
    expect(log.policies[0]).toMatchObject({ tool: "run_shell", decision: { decision: "allow" } });
    // The schema parsed the hook's rewrite once, after the policy, in the SDK's MCP server; the
    // tool ran with the parse output, a different object from the one the policy was handed.
    expect(log.parses.map((parse) => [snapshotValue(parse.input), snapshotValue(parse.output)])).toEqual([[{ command: "ls -la", cwd: "/sandbox" }, { command: "ls -la", cwd: "/sandbox", timeout: 30 }]]);
    expect(log.parses[0]!.seq).toBeGreaterThan(log.policies[0]!.seq);
    expect(values(log.executions, (record: { argsAtEntry: never }) => record.argsAtEntry)).toEqual([["c1", { command: "ls -la", cwd: "/sandbox", timeout: 30 }]]);
    expect(log.executions[0]!.argsRef).not.toBe(log.policies[0]!.parsedRef);
    // The SDK's tool_result for c1 is the tool's, and no permission was denied.
    expect(seen.toolResults.map((block) => [block.tool_use_id, block.is_error ?? false])).toEqual([["c1", false]]);
    expect(seen.denials).toEqual([]);
    expect(seen.outcomes.map((outcome) => [outcome.callId, outcome.outcome])).toEqual([["c1", "executed"]]);
  });

  it("lets canUseTool decide on input the schema rejects afterwards, and turns null into {}", async () => {
    // matrix/schema-invalid-runs-nothing: six turns of one set_permissions call; c1 to c5 fail the
    // schema (c5 is the JSON text null), c6 is valid; the policy allows everything.
    const seen = await observe(realCase("matrix/schema-invalid-runs-nothing"));
    const { log } = seen;
    // The CLI's own record of c5's input is {} (the finding empty-and-non-object-input-made-objects).
    expect(seen.toolUses.find((block) => block.id === "c5")?.input).toEqual({});
    // canUseTool was asked about every call, each with the CLI's decoded input; the schema then
    // parsed each once and rejected c1 to c5, which the SDK's MCP server answered with
    // InvalidParams (-32602); only c6 ran.
    expect(log.policies.map((record) => record.callId)).toEqual(["c1", "c2", "c3", "c4", "c5", "c6"]);
    expect(log.policies.map((record) => snapshotValue(record.parsedAtEntry))).toEqual(seen.toolUses.map((block) => block.input));
    expect(log.parses.map((parse) => parse.output === undefined)).toEqual([true, true, true, true, true, false]);
    expect(seen.toolResults.map((block) => [block.tool_use_id, block.is_error ?? false, String(block.content).startsWith("MCP error -32602: Input validation error")])).toEqual([
      ["c1", true, true],
      ["c2", true, true],
      ["c3", true, true],
      ["c4", true, true],
      ["c5", true, true],
      ["c6", false, false],
    ]);
    expect(log.executions.map((record) => record.callId)).toEqual(["c6"]);
    expect(seen.outcomes.map((outcome) => [outcome.callId, outcome.outcome, "stage" in outcome ? outcome.stage : undefined])).toEqual([
      ["c1", "invalid", "schema"],
      ["c2", "invalid", "schema"],
      ["c3", "invalid", "schema"],
      ["c4", "invalid", "schema"],
      ["c5", "invalid", "schema"],
      ["c6", "executed", undefined],
    ]);
  });

  it("reports the CLI's own decoding failures at stage json, with no policy, parse or tool", async () => {
    // matrix/malformed-json-runs-nothing: seven turns, none of them JSON, c4 only white space (the
    // empty string, which this transport cannot carry, has a case of its own: the next test).
    const testCase = realCase("matrix/malformed-json-runs-nothing");
    const seen = await observe(testCase);
    const { log } = seen;
    const refused = seen.toolResults.filter((block) => String(block.content).includes("could not be parsed as JSON")).map((block) => block.tool_use_id);
    expect(refused).toEqual(["c1", "c2", "c3", "c4", "c5", "c6", "c7"]);
    expect(seen.outcomes.filter((outcome) => outcome.outcome === "invalid" && outcome.stage === "json").map((outcome) => outcome.callId)).toEqual(refused);
    expect([log.policies, log.parses, log.executions]).toEqual([[], [], []]);
  });

  it('cannot send "" as such: the CLI reads an empty input as {}, and refuses a blank one as JSON it cannot parse', async () => {
    // The adapter's own session, driven directly: the streamed input "" (one empty
    // input_json_delta) against " " (one blank chunk), for a tool whose members all have defaults.
    const testCase = realCase("matrix/malformed-json-runs-nothing");
    const probes = createProbes(testCase);
    const messages: Message[] = [];
    const adapter = adapterModule.claudeAgentSdkAdapter({ onMessage: (message) => messages.push(message as Message) });
    const session = await adapter.createSession(probes.wiring);
    let outcomes: readonly CallOutcome[];
    try {
      outcomes = await session.runTurn(
        [
          { callId: "e1", toolName: "list_dir", rawArguments: "" },
          { callId: "e2", toolName: "list_dir", rawArguments: " " },
        ],
        1,
      );
    } finally {
      await session.close?.();
    }
    // The CLI's assistant message: "" became {}, exactly what a call without input is; " " is kept
    // as the CLI's marker for input it could not decode.
    const toolUses = messages.filter((message) => message.type === "assistant").flatMap((message) => message.message?.content as Block[]).filter((block) => block.type === "tool_use");
    expect(toolUses.map((block) => [block.id, block.input])).toEqual([
      ["e1", {}],
      ["e2", { __unparsedToolInput: { raw: " ", len: 1 } }],
    ]);
    expect(outcomes.map((outcome) => [outcome.callId, outcome.outcome, "stage" in outcome ? outcome.stage : undefined])).toEqual([
      ["e1", "executed", undefined],
      ["e2", "invalid", "json"],
    ]);
    expect(probes.log.policies.map((record) => [record.callId, snapshotValue(record.parsedAtEntry as never)])).toEqual([["e1", {}]]);
    expect(probes.log.executions.map((record) => record.callId)).toEqual(["e1"]);
  });

  it("type-checks against the SDK installed in its folder (the root's tsc leaves the folder out)", () => {
    const tsc = spawnSync(process.execPath, ["node_modules/typescript/bin/tsc", "-p", "adapters/claude-agent-sdk"], { cwd: ROOT, encoding: "utf8" });
    expect(tsc.stdout + tsc.stderr).toBe("");
    expect(tsc.status).toBe(0);
  }, 120_000);
});
