// Puts Mastra (@mastra/core 1.71.0, installed in this folder: it needs Node.js 22.13) under test:
// the harness's probes become Mastra tools (createTool) of one Agent registered on a Mastra
// instance with in-memory storage (where Mastra keeps the snapshot of a run suspended for
// approval), and each harness turn is one agent.generate run whose scripted model (ai 6's
// MockLanguageModelV3 from "ai/test": Mastra 1.x takes AI SDK v5 and v6 models) answers with
// exactly the turn's tool calls, raw argument strings as the case gives them. The scripted model
// reports itself as the model Mastra's documentation configures (provider "openai", model
// "gpt-5-mini": see SCRIPTED_AS), because Mastra chooses how a tool's input is validated by the
// model's provider and id. Run it on Node.js 22:
//   npx tsx harness/cli.ts run --adapter adapters/mastra/adapter.ts --node adapters/mastra/node_modules/node22/bin/node
//
// Where the policy runs: a tool's requireApproval function, which Mastra asks per call before
// running it, and again when it resumes a suspended call (resolveToolApprovalVerdict in
// dist/agent-*.js): allow -> false (the call runs),
// require_approval -> true (Mastra suspends the run: finishReason "suspended", its pending request
// in suspendPayload), deny -> true, then the adapter answers that pending request with
// agent.declineToolCallGenerate and the policy's reason, and Mastra finishes the run (a yes/no
// approval callback: spec/adapter-contract.md). A resume answers Mastra's own pending request with
// approveToolCallGenerate / declineToolCallGenerate. Outcomes are read from the run's own record
// (FullOutput.messages, the tool-invocation parts): a result, a declined call with its reason, or
// Mastra's input-validation error, which Mastra hands back as the tool's result.
import { Agent } from "@mastra/core/agent";
import { Mastra } from "@mastra/core/mastra";
import { InMemoryStore } from "@mastra/core/storage";
import { createTool } from "@mastra/core/tools";
import { MockLanguageModelV3 } from "ai/test";
import { installedVersion } from "../installed-version.ts";
import { PolicyPoint, scriptedModel } from "../vercel-ai/session.ts";
import type { Adapter, AdapterSession, ApprovalAnswer, CallOutcome, ModelCall, SessionWiring, WiredTool } from "../../harness/adapter.ts";

// Mastra sends usage events to PostHog unless this is set (feature-telemetry in dist/): the suite runs offline.
process.env["MASTRA_TELEMETRY_DISABLED"] = "1";

/**
 * Who the scripted model says it is. Mastra's tool path keys on it: CoreToolBuilder.build
 * (dist/utils-*.js, src/tools/tool-builder/builder.ts) picks a schema-compat layer of
 * @mastra/schema-compat by the model's `provider` and `modelId` (providers whose id contains
 * "openai", "groq" or "google"; model ids containing "openai", "claude", "gemini-", "deepseek" or
 * "meta": each layer's shouldApply, in that package's dist/index.js). When one applies, the builder
 * validates the input once, through that layer, and tells the createTool wrapper not to validate
 * again; with any other model (ai/test's default "mock-provider" among them) the wrapper parses
 * the builder's output a second time. Mastra's documentation configures its agents with the model
 * router (`model: "openai/gpt-5-mini"` in its human-in-the-loop guide, "openai/..." in most of its
 * examples), whose ModelRouterLanguageModel reports provider "openai" and model id "gpt-5-mini";
 * `openai("gpt-5-mini")` of @ai-sdk/openai reports "openai.responses", which takes the same path.
 */
export const SCRIPTED_AS = { provider: "openai", modelId: "gpt-5-mini" } as const;

/** What agent.generate and its approve / decline counterparts resolve to (only what is read here). */
export interface Output {
  runId?: string;
  finishReason?: string;
  /** The pending approval request of a suspended run: the call Mastra waits on and the arguments it asked about. */
  suspendPayload?: { toolCallId: string; toolName: string; args: unknown };
  messages: readonly { role: string; content: unknown }[];
}

/** A tool call as a run records it (FullOutput.messages, MastraDBMessage parts of type "tool-invocation"). */
export interface Invocation {
  state: string;
  toolCallId: string;
  toolName: string;
  args?: unknown;
  result?: unknown;
  errorText?: string;
  approval?: { approved: boolean; reason?: string };
}

/** The approval function was asked about a call it cannot name: the run holds several calls of that tool. */
class UntoldCall extends Error {}

/** Lets a test see every run's output (the SDK's own record of each run). */
export interface MastraAdapterOptions {
  onOutput?: (output: Output) => void;
}

export function mastraAdapter(options: MastraAdapterOptions = {}): Adapter {
  return {
    name: "@mastra/core",
    // The version this folder's imports load (its node_modules).
    version: installedVersion("@mastra/core", import.meta.url),
    // The package beside it on the tool path: its schema-compat layer validates each call's input
    // (OpenAISchemaCompatLayer.processToCompatSchema, for this model). Mastra's loop is its own
    // code (it imports no "ai"); "ai" here only supplies the scripted model.
    components: { "@mastra/schema-compat": installedVersion("@mastra/schema-compat", import.meta.url) },
    // A per-call approval function, several calls in one response, a suspend / approve / decline
    // path of its own, and tools resolved anew at each run (an Agent's tools may be a function). No
    // PreToolUse hook that can replace the input (beforeToolCall only skips a call, after the
    // approval point), no hashes, no handoffs.
    capabilities: ["approval", "batch", "resume", "tool-changes"],
    createSession: (wiring) => createSession(wiring, options),
  };
}

function createSession(wiring: SessionWiring, options: MastraAdapterOptions): AdapterSession {
  const policy = new PolicyPoint(wiring);
  // The calls the current run handles: where an approval function finds its call's id.
  let running: readonly { callId: string; toolName: string }[] = [];
  let untold: UntoldCall | undefined;
  // The scripted model's answer to the next request of a run (the turn's calls first, then text).
  let answer = scriptedModel([]);
  const model = new MockLanguageModelV3({ ...SCRIPTED_AS, doGenerate: () => answer() });

  const toolsOf = (wired: Readonly<Record<string, WiredTool>>) => Object.fromEntries(Object.values(wired).map((tool) => [tool.name, mastraTool(tool)]));
  // The agent's tools are a function (Mastra resolves them at each run and resume): a redefinition takes effect at the next one.
  let tools = toolsOf(wiring.tools);
  function mastraTool(wired: WiredTool) {
    return createTool({
      id: wired.name,
      description: `the case's tool ${wired.name}`,
      // The probe schema itself: Mastra validates with it (validateToolInput) when it runs the tool.
      inputSchema: wired.schema as never,
      // Mastra's per-call approval point: handed what Mastra gives it, untouched; true asks for approval.
      requireApproval: async (input: unknown) => {
        const callId = runningCall(wired.name);
        if (callId === undefined) return true;
        return (await policy.decide(wired.name, input, callId)).decision !== "allow";
      },
      // Mastra's arguments and its call id, passed on untouched.
      execute: async (input: unknown, context: { agent?: { toolCallId?: string } }) => {
        const callId = context.agent?.toolCallId;
        if (callId === undefined) throw new Error(`Mastra ran tool ${wired.name} outside an agent's tool call`);
        return wired.execute(input, { callId });
      },
    });
  }

  /** The run's one call of this tool; with several, none (the run is then reported as an error). */
  function runningCall(toolName: string): string | undefined {
    const calls = running.filter((call) => call.toolName === toolName);
    if (calls.length === 1) return calls[0]!.callId;
    untold ??= new UntoldCall(`Mastra's requireApproval function is handed no call id, and this run has ${calls.length} calls of tool ${toolName}: which one it is asked about cannot be told`);
    return undefined;
  }

  const agent = new Agent({ id: "effective-args", name: wiring.agentName, instructions: "Call the tools you are asked to call.", model, tools: () => tools });
  // Registered on a Mastra with storage: approveToolCallGenerate finds the suspended run's snapshot there.
  const mastra = new Mastra({ agents: { agent }, storage: new InMemoryStore(), logger: false });
  const registered = mastra.getAgent("agent");

  /** One run (or resumed run) of Mastra; an approval function that could not name its call fails the turn. */
  async function run(start: () => Promise<unknown>, handles: readonly ModelCall[] | readonly ApprovalAnswer[]): Promise<Output> {
    running = handles.map(({ callId, toolName }) => ({ callId, toolName }));
    const output = (await start()) as Output;
    options.onOutput?.(output);
    if (untold) throw untold;
    return output;
  }

  // The suspended runs by the call each waits on (the latest call of that id: a later turn's call of the same id replaces it).
  const pending = new Map<string, Output>();

  return {
    async runTurn(calls: readonly ModelCall[], turn: number): Promise<CallOutcome[]> {
      policy.turn = turn;
      policy.decisions.clear();
      for (const call of calls) pending.delete(call.callId);
      answer = scriptedModel(calls.map((call) => ({ type: "tool-call", toolCallId: call.callId, toolName: call.toolName, input: call.rawArguments })));
      let output = await run(() => registered.generate(`turn ${turn}`), calls);
      const outcomes = new Map<string, CallOutcome>();
      readOutcomes(output, outcomes);
      // A deny is Mastra's pending request answered with a decline; Mastra then goes on with the run.
      for (let waiting = waitingOn(output); waiting !== undefined; waiting = waitingOn(output)) {
        const decided = policy.decisions.get(waiting.toolCallId);
        if (decided?.decision !== "deny") break;
        output = await run(() => registered.declineToolCallGenerate({ runId: output.runId!, toolCallId: waiting.toolCallId, reason: decided.reason }), calls);
        readOutcomes(output, outcomes);
      }
      const waiting = waitingOn(output);
      if (waiting) {
        outcomes.set(waiting.toolCallId, { callId: waiting.toolCallId, outcome: "suspended", proposal: proposal(waiting) });
        pending.set(waiting.toolCallId, output);
      }
      return calls.map((call) => {
        const outcome = outcomes.get(call.callId);
        if (outcome) return outcome;
        // Mastra runs the calls of a response one by one once one needs approval, and suspends the whole run at it.
        if (waiting) throw new Error(`Mastra suspended the run at call ${waiting.toolCallId}'s approval request: call ${call.callId} has no outcome until it is answered`);
        throw new Error(`Mastra's record of the run holds no outcome for call ${call.callId}`);
      });
    },

    // Mastra's own approve-and-resume path: the suspended run's pending request is answered by id,
    // and Mastra resumes the run from its stored snapshot.
    async resume(answers: readonly ApprovalAnswer[]): Promise<CallOutcome[]> {
      const outcomes = new Map<string, CallOutcome>();
      for (const answer of answers) {
        const suspended = pending.get(answer.callId);
        if (!suspended) throw new Error(`no approval request of Mastra is waiting for call ${answer.callId}`);
        pending.delete(answer.callId);
        policy.decisions.clear();
        const target = { runId: suspended.runId!, toolCallId: answer.callId };
        const output = await run(
          () => (answer.approved ? registered.approveToolCallGenerate(target) : registered.declineToolCallGenerate({ ...target, ...(answer.reason !== undefined && { reason: answer.reason }) })),
          [answer],
        );
        readOutcomes(output, outcomes);
        if (waitingOn(output)) throw new Error(`Mastra suspended the resumed run again, at call ${waitingOn(output)!.toolCallId}`);
      }
      return answers.map((answer) => {
        const outcome = outcomes.get(answer.callId);
        if (!outcome) throw new Error(`Mastra's record of the resumed run holds no outcome for call ${answer.callId}`);
        return outcome;
      });
    },

    redefineTools(redefined) {
      tools = toolsOf(redefined);
    },

    close: () => mastra.shutdown(),
  };
}

/** The pending approval request of a suspended run. */
const waitingOn = (output: Output) => (output.finishReason === "suspended" ? output.suspendPayload : undefined);

/**
 * A suspended proposal from Mastra's pending approval request, as it is: the call's decoded
 * arguments, which its approval function was asked about (a shallow copy of them). Mastra keeps no
 * schema output and no raw string there, so the one object stands in both views.
 */
function proposal(waiting: { toolCallId: string; toolName: string; args: unknown }) {
  return { kind: "tool" as const, callId: waiting.toolCallId, toolName: waiting.toolName, requestedArguments: waiting.args, parsedArguments: waiting.args };
}

/** The tool invocations a run recorded, in its messages. */
export function invocations(output: Output): Invocation[] {
  return output.messages.flatMap((message) => {
    const parts = (message.content as { parts?: readonly { type: string; toolInvocation?: Invocation }[] } | undefined)?.parts ?? [];
    return parts.flatMap((part) => (part.type === "tool-invocation" && part.toolInvocation ? [part.toolInvocation] : []));
  });
}

/**
 * Each call's outcome as the run recorded it: run, declined (with the reason recorded), refused by
 * Mastra's input validation, or refused as arguments that did not decode. A probe never throws, so
 * an error record is Mastra's own.
 */
function readOutcomes(output: Output, outcomes: Map<string, CallOutcome>): void {
  for (const invocation of invocations(output)) {
    const callId = invocation.toolCallId;
    if (invocation.state === "output-denied") outcomes.set(callId, { callId, outcome: "denied", reason: invocation.approval?.reason ?? "" });
    else if (invocation.state === "result") {
      const failed = validationError(invocation.result);
      outcomes.set(callId, failed ? { callId, outcome: "invalid", stage: "schema", message: failed } : { callId, outcome: "executed", result: invocation.result });
    } else if (invocation.state === "output-error") {
      // The tool-call step's refusal of null or undefined arguments (dist/agent-*.js): Mastra records
      // only its message, which says the JSON could not be parsed.
      const message = invocation.errorText ?? "";
      if (!message.includes("the provided JSON could not be parsed")) throw new Error(`Mastra recorded an error for call ${callId}: ${message}`);
      outcomes.set(callId, { callId, outcome: "invalid", stage: "json", message });
    }
  }
}

/**
 * Mastra's input-validation error, which it returns as the tool's result instead of running it
 * (validateToolInput in dist/tool-*.js: { error: true, message, validationErrors }).
 */
function validationError(result: unknown): string | undefined {
  if (typeof result !== "object" || result === null) return undefined;
  const { error, message, validationErrors } = result as { error?: unknown; message?: unknown; validationErrors?: unknown };
  return error === true && validationErrors !== undefined && typeof message === "string" ? message : undefined;
}

export default mastraAdapter();
