// Puts the Claude Agent SDK (npm "@anthropic-ai/claude-agent-sdk", pinned in this folder's
// package.json) under test through its real path: query() spawns the Claude Code CLI that the
// SDK's platform package carries, and the CLI talks to a scripted Messages API model on
// 127.0.0.1 (model-server.ts) instead of Anthropic. One CLI process per session, fed one user
// message per harness turn (streaming input); the model answers each with the turn's calls as
// tool_use blocks, their raw strings streamed as they are, so the CLI decodes them itself.
//
// Wiring (the SDK's extension points, nothing in between):
//   - tools: one in-process SDK MCP server (createSdkMcpServer) whose tools are the probes, each
//     made with the SDK's tool(name, description, inputSchema, handler) and the probe schema
//     itself as its input schema. For a case whose root is an object that schema is a Zod object
//     (harness/vocabulary/schema.ts observedSchema), which the SDK takes as it takes the raw shape
//     its documentation shows: the server's tools/list advertises its JSON Schema (so the CLI
//     "repairs" streamed input against it, as it does for any tool: "5000" becomes 5000 for an
//     integer member), and its tools/call validates the arguments with it (McpServer's
//     validateToolInput, in this process) and hands the output to the handler, the probe's
//     execute. A raw shape is not passed: the server would build its own z.object around it, a
//     parse the harness could not observe, and a shape cannot say strict or passthrough.
//     Measured over every case's tools: the server advertises the same JSON Schema for the shape
//     as for the object, and hands the handler the same value, except where a shape cannot say
//     what the case's schema says (strict and passthrough roots, and members of any type, which
//     the SDK's own z.object makes required). A probe schema that is not an object (a root with
//     aliases or a default is a pipe) is advertised as {"type":"object","properties":{}}, as the
//     SDK does for any such schema.
//   - wiring.hooks: PreToolUse hook callbacks, one matcher per hook naming the MCP tools it
//     applies to; its answer becomes hookSpecificOutput (permissionDecision, its reason,
//     updatedInput) as the SDK's types say.
//   - wiring.policy: canUseTool, called with the input the CLI is about to run, as
//     parsedArguments (no other view: the SDK hands none; no raw string, so no "raw-view"). allow
//     answers { behavior: "allow", updatedInput: input } (the object the policy was handed, which
//     the CLI then runs; without updatedInput it would run its own copy); deny answers { behavior:
//     "deny", message: reason }. canUseTool cannot suspend a call, so require_approval has no
//     answer here: no "approval" capability.
// Transport: a tool_use's input is the concatenation of its input_json_delta chunks, and the CLI
// reads an empty one as {} (what a call without input streams), so a raw string "" cannot be sent
// as such: transportLimits "empty-raw-string". A whitespace-only string is not empty: the CLI
// refuses it as JSON it cannot parse.
// Outcomes are read from the SDK's own messages (outcomes.ts): the tool_result the CLI writes for
// each call, its is_error flag and text, and the result message's permission_denials.
// The scripted model and the CLI's state (a home, config and temp folder of its own) are per
// session: nothing is shared between cases, and starting the server costs next to nothing beside
// the CLI's own start-up (~0.4 s).
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSdkMcpServer, query, tool, type AnyZodRawShape, type HookCallbackMatcher, type HookInput, type Options, type PermissionResult, type SDKMessage, type SDKUserMessage } from "@anthropic-ai/claude-agent-sdk";
import { installedVersion } from "../installed-version.ts";
import type { Adapter, AdapterSession, ModelCall, SessionWiring } from "../../harness/adapter.ts";
import { startScriptedModel, type ScriptedModel } from "./model-server.ts";
import { outcomesOf } from "./outcomes.ts";

/** The in-process MCP server's name: the CLI names its tools mcp__probes__<tool>. */
export const SERVER = "probes";
const mcpName = (tool: string) => `mcp__${SERVER}__${tool}`;

export interface ClaudeAgentSdkAdapterOptions {
  /** Sees every SDK message of a session, in order (the SDK's own record of the run). */
  onMessage?: (message: SDKMessage) => void;
  /** Sees each session's scripted model, whose `requests` say what the CLI asked it. */
  onModel?: (model: ScriptedModel) => void;
}

// The CLI's environment, whole (the SDK's `env` replaces the inherited one): a dummy key and the
// scripted model, a home and config folder of the session's own, and every switch the CLI reads
// to stay off the network besides the model (its non-essential traffic covers telemetry,
// auto-update checks and feature flags; the others are the same switches spelled out).
function environment(model: ScriptedModel, home: string): Record<string, string> {
  return {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: home,
    TMPDIR: home,
    CLAUDE_CONFIG_DIR: join(home, "config"),
    ANTHROPIC_BASE_URL: model.url,
    ANTHROPIC_API_KEY: "effective-args-offline",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    DISABLE_AUTOUPDATER: "1",
    DISABLE_TELEMETRY: "1",
    DISABLE_ERROR_REPORTING: "1",
    CLAUDE_CODE_DISABLE_FEATURE_FLAGS: "1",
  };
}

/**
 * The version of the Claude Code CLI the SDK spawns, as the CLI itself says it ("2.1.333 (Claude
 * Code)" from --version): the binary of the SDK's platform package, found from the SDK's own
 * location as the SDK finds it (@anthropic-ai/claude-agent-sdk-<platform>-<arch>[-musl]/claude).
 */
export function claudeCodeVersion(): string {
  const fromSdk = createRequire(createRequire(import.meta.url).resolve("@anthropic-ai/claude-agent-sdk"));
  const platform = `${process.platform}-${process.arch}`;
  const packages = process.platform === "linux" ? [platform, `${platform}-musl`] : [platform];
  for (const name of packages) {
    let binary: string;
    try {
      binary = fromSdk.resolve(`@anthropic-ai/claude-agent-sdk-${name}/claude${process.platform === "win32" ? ".exe" : ""}`);
    } catch {
      continue;
    }
    const run = spawnSync(binary, ["--version"], { encoding: "utf8", timeout: 30_000, env: { PATH: process.env.PATH ?? "/usr/bin:/bin", DISABLE_AUTOUPDATER: "1", CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1" } });
    const version = /^(\S+) \(Claude Code\)/.exec(run.stdout ?? "")?.[1];
    if (run.status === 0 && version !== undefined) return version;
  }
  throw new Error(`cannot read the version of the Claude Code CLI of @anthropic-ai/claude-agent-sdk for ${platform}`);
}

/** An async iterable the session pushes one user message per turn into (the SDK's streaming input). */
function inbox() {
  const queue: SDKUserMessage[] = [];
  let wake: (() => void) | undefined;
  let ended = false;
  return {
    push(message: SDKUserMessage) {
      queue.push(message);
      wake?.();
    },
    end() {
      ended = true;
      wake?.();
    },
    async *[Symbol.asyncIterator](): AsyncGenerator<SDKUserMessage> {
      for (;;) {
        const next = queue.shift();
        if (next) yield next;
        else if (ended) return;
        else await new Promise<void>((resolve) => (wake = resolve));
      }
    },
  };
}

export function claudeAgentSdkAdapter(options: ClaudeAgentSdkAdapterOptions = {}): Adapter {
  return {
    name: "@anthropic-ai/claude-agent-sdk",
    version: installedVersion("@anthropic-ai/claude-agent-sdk", import.meta.url),
    // Hooks: PreToolUse callbacks that may deny or replace the input. Batch: the CLI runs every
    // tool_use block of one assistant message. No approval (canUseTool only allows or denies),
    // no hashes, no raw view.
    capabilities: ["hooks", "batch"],
    // Streamed tool_use input: "" is how a call without input arrives (see the top of the file).
    transportLimits: ["empty-raw-string"],
    // The program that decodes, repairs, hooks, asks canUseTool and calls the tool.
    components: { "Claude Code": claudeCodeVersion() },
    createSession: (wiring) => createSession(wiring, options),
  };
}

async function createSession(wiring: SessionWiring, options: ClaudeAgentSdkAdapterOptions): Promise<AdapterSession> {
  const model = await startScriptedModel();
  options.onModel?.(model);
  const home = mkdtempSync(join(tmpdir(), "effective-args-claude-"));
  let turn = 0;
  // A policy answer canUseTool cannot give; the turn then errors instead of guessing one.
  let unmappable: string | undefined;

  const byMcpName = new Map(Object.keys(wiring.tools).map((name) => [mcpName(name), name]));
  const harnessName = (name: string) => byMcpName.get(name) ?? name;

  const server = createSdkMcpServer({
    name: SERVER,
    // Every tool in every prompt, never deferred behind the CLI's tool search.
    alwaysLoad: true,
    tools: Object.values(wiring.tools).map((wired) =>
      tool(
        wired.name,
        `effective-args probe tool ${wired.name}`,
        // The probe schema itself (see the top of the file); tool() is typed for a raw shape, and
        // the server takes a whole Zod schema unchanged (createSdkMcpServer hands anything that is
        // not a raw shape to McpServer.registerTool, typed for a raw shape or a schema).
        wired.schema as unknown as AnyZodRawShape,
        // The server's parse output and the tool_use id the CLI sends in the call's _meta.
        async (args: unknown, extra: unknown) => {
          const meta = (extra as { _meta?: Record<string, unknown> } | undefined)?._meta;
          const result = await wired.execute(args, { callId: String(meta?.["claudecode/toolUseId"]) });
          return { content: [{ type: "text" as const, text: JSON.stringify(result ?? null) }] };
        },
      ),
    ),
  });

  const hooks: HookCallbackMatcher[] = [];
  for (const hook of wiring.hooks) {
    const names = Object.keys(wiring.tools).filter((name) => hook.appliesTo(name));
    if (names.length === 0) continue;
    hooks.push({
      // Exact tool names joined with "|": the CLI's matcher for a list of tools.
      matcher: names.map(mcpName).join("|"),
      hooks: [
        async (input: HookInput) => {
          // Registered under PreToolUse only; the type covers every event.
          if (input.hook_event_name !== "PreToolUse") return {};
          const answer = await hook.run({ hookId: hook.id, toolName: harnessName(input.tool_name), callId: input.tool_use_id, toolInput: input.tool_input });
          return {
            hookSpecificOutput: {
              hookEventName: "PreToolUse" as const,
              ...(answer.decision !== undefined && { permissionDecision: answer.decision }),
              ...(answer.reason !== undefined && { permissionDecisionReason: answer.reason }),
              ...(answer.updatedInput !== undefined && { updatedInput: answer.updatedInput as Record<string, unknown> }),
            },
          };
        },
      ],
    });
  }

  const canUseTool = async (toolName: string, input: Record<string, unknown>, context: { toolUseID: string }): Promise<PermissionResult> => {
    const decided = await wiring.policy({ agentName: wiring.agentName, toolName: harnessName(toolName), callId: context.toolUseID, turn, parsedArguments: input });
    if (decided.decision === "allow") return { behavior: "allow", updatedInput: input };
    if (decided.decision === "deny") return { behavior: "deny", message: decided.reason };
    unmappable = `the policy asked for approval of call ${context.toolUseID}, and canUseTool can only allow or deny`;
    return { behavior: "deny", message: "unmappable require_approval" };
  };

  const prompts = inbox();
  const sdkOptions: Options = {
    mcpServers: { [SERVER]: server },
    tools: [],
    settingSources: [],
    persistSession: false,
    permissionMode: "default",
    cwd: home,
    model: "claude-sonnet-4-5",
    env: environment(model, home),
    canUseTool,
    hooks: hooks.length > 0 ? { PreToolUse: hooks } : {},
  };
  const run = query({ prompt: prompts, options: sdkOptions });

  // One reader for the whole session: each turn collects the messages up to its result.
  let collecting: { messages: SDKMessage[]; done: (error?: unknown) => void } | undefined;
  let finished: unknown;
  const reading = (async () => {
    try {
      for await (const message of run) {
        options.onMessage?.(message);
        collecting?.messages.push(message);
        if (message.type === "result") collecting?.done();
      }
      finished = new Error("the SDK's query ended");
    } catch (error) {
      finished = error;
    }
    collecting?.done(finished);
  })();

  return {
    async runTurn(calls: readonly ModelCall[], turnNumber: number) {
      turn = turnNumber;
      if (finished !== undefined) throw finished;
      const marker = model.script(turnNumber, calls, (call) => mcpName(call.toolName));
      const messages: SDKMessage[] = [];
      await new Promise<void>((resolve, reject) => {
        collecting = { messages, done: (error) => (error === undefined ? resolve() : reject(error)) };
        prompts.push({ type: "user", message: { role: "user", content: marker }, parent_tool_use_id: null, session_id: "" } as SDKUserMessage);
      });
      collecting = undefined;
      if (unmappable) throw new Error(unmappable);
      return outcomesOf(calls, messages);
    },
    async close() {
      // The end of the input lets the CLI finish and exit, which ends the SDK's messages; only
      // then is its folder left alone (it writes logs there up to its exit). A CLI that does not
      // end within 5 s is killed.
      prompts.end();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([reading, new Promise<void>((resolve) => (timer = setTimeout(resolve, 5_000)))]);
      clearTimeout(timer);
      run.close();
      await model.close();
      rmSync(home, { recursive: true, force: true });
    },
  };
}

export default claudeAgentSdkAdapter();
