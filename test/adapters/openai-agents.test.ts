// The OpenAI Agents SDK adapter (adapters/openai-agents/adapter.ts): (a) the verdict rests on the SDK's
// own tool path, shown by matching what the probes recorded with what the SDK itself called and
// returned: the approval callback and execute function as the SDK invoked them, and its RunResults;
// (b) a wiring defect (the object handed to the tool swapped for a copy) is caught; (c) the
// handoff verdicts rest on the SDK's own handoff path: what its onHandoff was handed, its handoff
// output items, and the decoding errors it threw; (d) a resume answers the SDK's own approval
// items (state.approve / state.reject) and reports the tool outputs of the resumed run.
//
// The SDK is observed from the outside: "@openai/agents" is replaced by itself with `tool`,
// `handoff` and `Runner` wrapped, so that every needsApproval, execute and onHandoff call the SDK
// makes, and every RunResult it returns or error it throws, is recorded on its way through,
// unchanged. The adapter is not told about it.
import { fileURLToPath } from "node:url";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Adapter, WiredHandoff, WiredTool } from "../../harness/adapter.ts";
import { loadCaseFile, type LoadedCase } from "../../harness/loading/loader.ts";
import { observeCase, runCase } from "../../harness/running/runner.ts";
import { receivingHandoffs } from "../support/receiving-handoffs.ts";

interface SdkRecords {
  /** Every needsApproval call the SDK made: the call id and the very input object it passed. */
  approvals: { callId: string | undefined; input: unknown }[];
  /** Every execute call the SDK made: the call id and the very argument object it passed. */
  executions: { callId: string | undefined; args: unknown }[];
  /** Every RunResult the SDK's Runner.run returned (a denial resumes the run: two per such turn). */
  results: { newItems: { type: string; rawItem: unknown; executionStatus?: string; output?: unknown }[] }[];
  /** Every onHandoff call the SDK made: the very input object it passed. */
  handoffs: { input: unknown }[];
  /** Every error the SDK's Runner.run threw. */
  thrown: unknown[];
}

const sdk = vi.hoisted((): SdkRecords => ({ approvals: [], executions: [], results: [], handoffs: [], thrown: [] }));

vi.mock("@openai/agents", async (importOriginal) => {
  const original = await importOriginal<typeof import("@openai/agents")>();
  // tool()'s options are generic over the schema; the wrapper only adds two recording callbacks.
  type Options = any;
  const tool = ((options: Options) =>
    original.tool({
      ...options,
      needsApproval: (runContext: unknown, input: unknown, callId?: string) => {
        sdk.approvals.push({ callId, input });
        return options.needsApproval(runContext, input, callId);
      },
      execute: (args: unknown, runContext: unknown, details?: { toolCall?: { callId?: string } }) => {
        sdk.executions.push({ callId: details?.toolCall?.callId, args });
        return options.execute(args, runContext, details);
      },
    })) as typeof original.tool;
  const handoff = ((agent: any, config: Options = {}) =>
    original.handoff(agent, {
      ...config,
      onHandoff: (runContext: unknown, input: unknown) => {
        sdk.handoffs.push({ input });
        return config.onHandoff(runContext, input);
      },
    })) as typeof original.handoff;
  class Runner extends original.Runner {
    // run() is overloaded; the wrapper passes everything through and returns the SDK's result.
    override async run(...args: any[]): Promise<any> {
      let result: any;
      try {
        result = await (super.run as (...all: any[]) => Promise<any>)(...args);
      } catch (error) {
        sdk.thrown.push(error);
        throw error;
      }
      // The items as they stand when run() returns: a resume changes the shared RunState they are read from.
      sdk.results.push({ newItems: [...result.newItems] });
      return result;
    }
  }
  return { ...original, tool, handoff, Runner };
});

const { default: openaiAgents } = await import("../../adapters/openai-agents/adapter.ts");

function realCase(path: string): LoadedCase {
  const loaded = loadCaseFile(fileURLToPath(new URL(`../../cases/${path}.yaml`, import.meta.url)));
  if (!("case" in loaded)) throw new Error(loaded.errors.map((error) => error.message).join("\n"));
  return loaded.case;
}

// matrix/defaults-visible: turn 1 calls clean_files once and the policy allows it (executed);
// turn 2 calls it once with dryRun false and the policy denies it (through the SDK's rejection path).
const DEFAULTS_VISIBLE = realCase("matrix/defaults-visible");

/** The call ids of the SDK's own items of a type, over all its results, each once. */
function callIdsOf(type: string, keep: (item: SdkRecords["results"][number]["newItems"][number]) => boolean = () => true): string[] {
  const ids = sdk.results.flatMap((result) => result.newItems.filter((item) => item.type === type && keep(item)).map((item) => (item.rawItem as { callId: string }).callId));
  return [...new Set(ids)].sort();
}

beforeEach(() => {
  sdk.approvals.length = 0;
  sdk.executions.length = 0;
  sdk.results.length = 0;
  sdk.handoffs.length = 0;
  sdk.thrown.length = 0;
});

describe("the OpenAI Agents SDK adapter reaches the SDK's own tool path", () => {
  it("parses, evaluates and executes exactly what the SDK's own calls and results say, with the SDK's own objects", async () => {
    const observed = await observeCase(openaiAgents, DEFAULTS_VISIBLE, 10_000);
    if ("errored" in observed) throw new Error(observed.errored);
    const { log, turns } = observed.observation;

    // Three Runner.run results: turn 1, turn 2 (interrupted for approval), turn 2 resumed after the rejection.
    expect(sdk.results).toHaveLength(3);
    // Parses: one per function call the SDK's results show it took up (prepareFunctionToolInput parses each once).
    expect(callIdsOf("tool_call_item")).toEqual(["c1", "c2"]);
    expect(log.parses).toHaveLength(2);
    // Policy evaluations: one per time the SDK invoked its approval callback, each with the SDK's own object.
    expect(sdk.approvals.map((approval) => approval.callId)).toEqual(["c1", "c2"]);
    expect(log.policies.map((record) => record.callId)).toEqual(["c1", "c2"]);
    log.policies.forEach((record, index) => expect(record.parsedRef).toBe(sdk.approvals[index]!.input));
    // Executions: one per tool output the SDK marks executed, with the object the SDK handed execute.
    expect(callIdsOf("tool_call_output_item", (item) => item.executionStatus === "executed")).toEqual(["c1"]);
    expect(sdk.executions.map((execution) => execution.callId)).toEqual(["c1"]);
    expect(log.executions).toHaveLength(1);
    expect(log.executions[0]!.argsRef).toBe(sdk.executions[0]!.args);
    // The denial: the SDK asked for approval of c2 once, and its resumed run holds the rejection output.
    expect(callIdsOf("tool_approval_item")).toEqual(["c2"]);
    expect(turns.map((turn) => [...turn.outcomes.values()])).toEqual([
      [{ callId: "c1", outcome: "executed" }],
      [{ callId: "c2", outcome: "denied", reason: "live_delete_forbidden" }],
    ]);
    // The finding behind INV-5 (check 12): the SDK hands needsApproval and execute two different copies.
    expect(sdk.executions[0]!.args).not.toBe(sdk.approvals[0]!.input);
    expect(sdk.executions[0]!.args).toEqual(sdk.approvals[0]!.input);
  });
});

/**
 * The real adapter, handed a wiring whose tools get another object than the SDK passes them:
 * `swap` makes it from the SDK's object and the call's raw string.
 */
function swappingAdapter(swap: (args: unknown, raw: string) => unknown): Adapter {
  const raws = new Map(DEFAULTS_VISIBLE.steps.flatMap((step) => step.turn ?? []).map((call) => [call.id, call.arguments]));
  return {
    ...openaiAgents,
    createSession(wiring) {
      const tools: Record<string, WiredTool> = Object.fromEntries(
        Object.entries(wiring.tools).map(([name, wired]) => [name, { ...wired, execute: (args: unknown, context) => wired.execute(swap(args, raws.get(context.callId)!), context) }]),
      );
      return openaiAgents.createSession({ ...wiring, tools });
    },
  };
}

const INV5_CHECK12 = { requirement: "INV-5", check: 12, step: 0, callId: "c1" };
// The message may go on to say what the tool got instead (the decoded request, say).
const INV5_CHECK13 = { requirement: "INV-5", check: 13, step: 0, callId: "c1", message: expect.stringMatching(/^the arguments at tool entry differ from the arguments at policy entry/) };

describe("a wiring defect is caught", () => {
  it("the tool handed the model's decoded request instead of the SDK's object: INV-5 (check 13) shows the missing defaults", async () => {
    const withDefect = await runCase(swappingAdapter((_args, raw) => JSON.parse(raw)), DEFAULTS_VISIBLE, 10_000);
    expect(withDefect.failures).toContainEqual(expect.objectContaining(INV5_CHECK13));
    const faithful = await runCase(openaiAgents, DEFAULTS_VISIBLE, 10_000);
    expect(faithful.failures).not.toContainEqual(expect.objectContaining({ check: 13 }));
  });

  it("a copy of the SDK's object is not told apart by the harness, because the SDK itself hands execute a new copy (check 12 fails either way)", async () => {
    const faithful = await observeCase(openaiAgents, DEFAULTS_VISIBLE, 10_000);
    if ("errored" in faithful) throw new Error(faithful.errored);
    expect(faithful.observation.log.executions[0]!.argsRef).toBe(sdk.executions[0]!.args);
    const withoutDefect = await runCase(openaiAgents, DEFAULTS_VISIBLE, 10_000);
    const withDefect = await runCase(swappingAdapter((args) => structuredClone(args)), DEFAULTS_VISIBLE, 10_000);
    expect(withoutDefect.failures).toContainEqual(expect.objectContaining(INV5_CHECK12));
    expect(withDefect.failures).toEqual(withoutDefect.failures);
  });
});

describe("the OpenAI Agents SDK adapter resumes through the SDK's own approval path", () => {
  // approval-resume/rejected-call-never-runs: c1 (delete_tree /home/alice) and c2 (move_to_trash
  // /tmp/./build, which the schema normalizes) wait for approval in one turn; the reviewer rejects
  // c1 and approves c2 through state.reject / state.approve, and the run goes on.
  const REJECT_AND_APPROVE = realCase("approval-resume/rejected-call-never-runs");

  it("answers both approval items in one resumed Runner.run, and reports what the SDK's own tool outputs say", async () => {
    const observed = await observeCase(openaiAgents, REJECT_AND_APPROVE, 10_000);
    if ("errored" in observed) throw new Error(observed.errored);
    const { log, turns } = observed.observation;

    // Two Runner.run results: the turn, interrupted for both calls, and the resumed run.
    expect(sdk.results).toHaveLength(2);
    const [interrupted, resumed] = sdk.results;
    const outputsOf = (result: SdkRecords["results"][number]) =>
      result.newItems.filter((item) => item.type === "tool_call_output_item").map((item) => [(item.rawItem as { callId: string }).callId, item.executionStatus ?? null, item.output]);
    expect(interrupted!.newItems.filter((item) => item.type === "tool_approval_item").map((item) => (item.rawItem as { callId: string }).callId)).toEqual(["c1", "c2"]);
    expect(outputsOf(interrupted!)).toEqual([]);
    // The SDK's own outputs of the resumed run: c1's is the rejection message, c2's the tool's result.
    expect(outputsOf(resumed!)).toEqual([
      ["c1", null, "rejected by the reviewer"],
      ["c2", "executed", { ok: true }],
    ]);

    // needsApproval was asked once per call, at the suspension, and not again on resume; the schema
    // parsed each call once, at the suspension too: the SDK runs the schema output it kept.
    expect(sdk.approvals.map((approval) => approval.callId)).toEqual(["c1", "c2"]);
    expect(log.policies.map((record) => [record.step, record.callId])).toEqual([
      [0, "c1"],
      [0, "c2"],
    ]);
    expect(log.parses.map((parse) => [parse.step, parse.tool])).toEqual([
      [0, "delete_tree"],
      [0, "move_to_trash"],
    ]);

    // The tool ran once, for the approved call only, in the resume step, with the value approved
    // (the normalized path, not the raw string decoded again) and the very object the SDK handed execute.
    expect(sdk.executions.map((execution) => execution.callId)).toEqual(["c2"]);
    expect(log.executions.map((record) => [record.step, record.callId, record.argsAtEntry.text])).toEqual([[1, "c2", '{"path":"/tmp/build"}']]);
    expect(log.executions[0]!.argsRef).toBe(sdk.executions[0]!.args);
    expect([...turns[1]!.outcomes.values()]).toEqual([
      { callId: "c1", outcome: "denied", reason: "rejected by the reviewer" },
      { callId: "c2", outcome: "executed" },
    ]);
  });
});

// handoff/no-tool-schema-parses-a-handoff: turn 1 calls lookup_order (c1) and hands over (h1) in one
// response; turn 2 hands over alone (h2). handoff/malformed-handoff-hands-off-nothing: three turns,
// each a handoff whose arguments are not JSON (h1, h2, h3).
const HANDOFF_NEXT_TO_TOOL = realCase("handoff/no-tool-schema-parses-a-handoff");
const MALFORMED_HANDOFF = realCase("handoff/malformed-handoff-hands-off-nothing");

/** The real adapter, with each handoff's receive recording the object it is handed; `swap` may hand the probe another. */
const receivingAdapter = (received: { callId: string; input: unknown }[], swap?: (input: unknown) => unknown) => receivingHandoffs(openaiAgents, received, swap);

describe("the OpenAI Agents SDK adapter reaches the SDK's own handoff path", () => {
  it("reports handed_off exactly for the SDK's handoff outputs, and receive gets the very object the SDK handed onHandoff", async () => {
    const received: { callId: string; input: unknown }[] = [];
    const observed = await observeCase(receivingAdapter(received), HANDOFF_NEXT_TO_TOOL, 10_000);
    if ("errored" in observed) throw new Error(observed.errored);
    const { log, turns } = observed.observation;

    expect(sdk.thrown).toEqual([]);
    expect(callIdsOf("handoff_output_item")).toEqual(["h1", "h2"]);
    expect(sdk.handoffs).toHaveLength(2);
    expect(received.map((one) => one.callId)).toEqual(["h1", "h2"]);
    received.forEach((one, index) => expect(one.input).toBe(sdk.handoffs[index]!.input));
    expect(log.handoffs.map((record) => record.callId)).toEqual(["h1", "h2"]);
    // The tool call next to the handoff went through the SDK's tool path: one parse, one execution.
    expect(log.parses.map((parse) => parse.tool)).toEqual(["lookup_order"]);
    expect(sdk.executions.map((execution) => execution.callId)).toEqual(["c1"]);
    expect(turns.map((turn) => [...turn.outcomes.values()])).toEqual([
      [{ callId: "c1", outcome: "executed" }, { callId: "h1", outcome: "handed_off" }],
      [{ callId: "h2", outcome: "handed_off" }],
    ]);
  });

  it("reports invalid at stage json exactly when the SDK threw its handoff decoding error, with nothing handed over", async () => {
    // The SDK logs each decoding error through console.error (@openai/agents-core/dist/handoff.mjs,
    // onInvokeHandoff: logger.error): held and asserted here, so that vitest's output stays quiet
    // and a log line of another kind still fails the test.
    const logged: unknown[][] = [];
    const console_ = vi.spyOn(console, "error").mockImplementation((...line: unknown[]) => void logged.push(line));
    const observed = await observeCase(openaiAgents, MALFORMED_HANDOFF, 10_000).finally(() => console_.mockRestore());
    if ("errored" in observed) throw new Error(observed.errored);
    expect(logged.map(([line]) => String(line).replace(/\. Error: SyntaxError: .*$/, ""))).toEqual([
      'Invalid JSON when parsing: {"reason": "refund for order A-17"',
      "Invalid JSON when parsing: {'reason': 'refund'}",
      "Invalid JSON when parsing: refund",
    ]);
    const { log, turns } = observed.observation;

    expect(sdk.thrown.map((error) => [(error as Error).name, (error as Error).message])).toEqual([
      ["ModelBehaviorError", "Invalid JSON provided"],
      ["ModelBehaviorError", "Invalid JSON provided"],
      ["ModelBehaviorError", "Invalid JSON provided"],
    ]);
    expect(sdk.handoffs).toEqual([]);
    expect(log.handoffs).toEqual([]);
    expect(turns.map((turn) => [...turn.outcomes.values()].map((outcome) => [outcome.callId, outcome.outcome, "stage" in outcome ? outcome.stage : undefined]))).toEqual([
      [["h1", "invalid", "json"]],
      [["h2", "invalid", "json"]],
      [["h3", "invalid", "json"]],
    ]);
  });

  it("a wiring defect is caught: receive handed the input with the tool's default added fails HANDOFF-2 (check 23)", async () => {
    const faithful = await runCase(receivingAdapter([]), HANDOFF_NEXT_TO_TOOL, 10_000);
    expect(faithful.failures).not.toContainEqual(expect.objectContaining({ requirement: "HANDOFF-2" }));
    const withDefect = await runCase(receivingAdapter([], (input) => ({ limit: 10, ...(input as object) })), HANDOFF_NEXT_TO_TOOL, 10_000);
    expect(withDefect.failures).toContainEqual(expect.objectContaining({ requirement: "HANDOFF-2", check: 23, callId: "h1" }));
  });
});
