// The OpenAI Agents SDK with its tool input guardrails as the policy point
// (adapters/openai-agents-input-guardrails/adapter.ts): (a) the policy runs exactly where the SDK runs the
// guardrail, handed what the SDK hands it (the function call item's raw string), while the tool
// runs with the SDK's schema output; (b) a deny is the SDK's own rejection, read from its guardrail
// record and tool output; (c) malformed JSON never reaches the guardrail, schema-invalid input does;
// (d) a wiring defect in the raw view is caught (INV-8).
//
// The SDK is observed from the outside without replacing any module (this file runs with the
// shared modules of a vitest worker, where a vi.mock of the SDK would not reach an adapter loaded
// before it): Runner.prototype.run is spied on, and on its way through it records every RunResult
// the SDK returns and every error it throws, and wraps the `run` of each input guardrail of the
// agent it is handed so that every guardrail call the SDK makes is recorded, unchanged.
import { fileURLToPath } from "node:url";
import type { FunctionCallItem } from "@openai/agents";
import { beforeEach, describe, expect, it } from "vitest";
import type { Adapter } from "../../harness/adapter.ts";
import { loadCaseFile, type LoadedCase } from "../../harness/loading/loader.ts";
import { observeCase, runCase } from "../../harness/running/runner.ts";
import { installedVersion } from "../../adapters/installed-version.ts";
import guardrailsAdapter from "../../adapters/openai-agents-input-guardrails/adapter.ts";
import { onceEach, watchRunnerRuns } from "../support/openai-agents-runs.ts";

interface SdkRecords {
  /** Every input guardrail call the SDK made: the function call item it handed the guardrail. */
  guardrails: FunctionCallItem[];
  /** Every RunResult Runner.run returned: its items and its input guardrail records. */
  results: { newItems: { type: string; rawItem: any; output?: unknown; executionStatus?: string }[]; guardrailRecords: { output: { behavior: { type: string; message?: string }; outputInfo?: any } }[] }[];
  /** Every error Runner.run threw. */
  thrown: unknown[];
}
const sdk: SdkRecords = { guardrails: [], results: [], thrown: [] };
const recordGuardrailCalls = onceEach((guardrail: any) => {
  const run = guardrail.run;
  guardrail.run = (data: { toolCall: FunctionCallItem }) => {
    sdk.guardrails.push(data.toolCall);
    return run(data);
  };
});

beforeEach(() => {
  sdk.guardrails.length = 0;
  sdk.results.length = 0;
  sdk.thrown.length = 0;
});
watchRunnerRuns({
  agent: (agent) => agent.tools.flatMap((tool: any) => tool.inputGuardrails ?? []).forEach(recordGuardrailCalls),
  result: (result) => sdk.results.push({ newItems: [...result.newItems], guardrailRecords: [...result.toolInputGuardrailResults] }),
  thrown: (error) => sdk.thrown.push(error),
});

function realCase(path: string): LoadedCase {
  const loaded = loadCaseFile(fileURLToPath(new URL(`../../cases/${path}.yaml`, import.meta.url)));
  if (!("case" in loaded)) throw new Error(loaded.errors.map((error) => error.message).join("\n"));
  return loaded.case;
}

/** The SDK's tool outputs, over all its results, as [call id, output, executionStatus]. */
const toolOutputs = () =>
  sdk.results.flatMap((result) => result.newItems.filter((item) => item.type === "tool_call_output_item").map((item) => [item.rawItem.callId, item.output, item.executionStatus ?? null]));

const outcomesOf = (turns: readonly { outcomes: ReadonlyMap<string, unknown> }[]) => turns.map((turn) => [...turn.outcomes.values()]);

describe("the policy runs in the SDK's input guardrail, handed what the SDK hands it", () => {
  it("decoy-field/normalized-path-traversal: the guardrail gets the raw string and allows; the tool runs the schema's normalized /etc/passwd", async () => {
    const observed = await observeCase(guardrailsAdapter, realCase("decoy-field/normalized-path-traversal"), 10_000);
    if ("errored" in observed) throw new Error(observed.errored);
    const { log, turns } = observed.observation;

    // One policy evaluation per guardrail call the SDK made, handed the raw string of the SDK's function call item.
    expect(sdk.guardrails.map((call) => [call.callId, call.arguments])).toEqual([
      ["c1", '{"path": "/tmp/../etc/passwd"}'],
      ["c2", '{"path": "/tmp/a/../b.txt"}'],
    ]);
    expect(log.policies.map((record) => record.callId)).toEqual(["c1", "c2"]);
    log.policies.forEach((record, index) => {
      expect(record.rawArguments).toBe(sdk.guardrails[index]!.arguments);
      expect(record.parsedRef).toBe(sdk.guardrails[index]!.arguments);
    });
    // The SDK parsed each call before running its guardrail, and ran the tool with that parse's output.
    expect(log.parses.map((parse) => parse.output?.text)).toEqual(['{"path":"/etc/passwd"}', '{"path":"/tmp/b.txt"}']);
    log.parses.forEach((parse, index) => expect(parse.seq).toBeLessThan(log.policies[index]!.seq));
    expect(log.executions.map((execution) => [execution.callId, execution.argsAtEntry.text])).toEqual([
      ["c1", '{"path":"/etc/passwd"}'],
      ["c2", '{"path":"/tmp/b.txt"}'],
    ]);
    // What the SDK recorded: both guardrails allowed, both tools executed.
    expect(sdk.results.flatMap((result) => result.guardrailRecords.map((record) => [record.output.outputInfo.callId, record.output.behavior.type]))).toEqual([
      ["c1", "allow"],
      ["c2", "allow"],
    ]);
    expect(toolOutputs().map(([callId, , status]) => [callId, status])).toEqual([
      ["c1", "executed"],
      ["c2", "executed"],
    ]);
    expect(outcomesOf(turns)).toEqual([[expect.objectContaining({ callId: "c1", outcome: "executed" })], [expect.objectContaining({ callId: "c2", outcome: "executed" })]]);
  });

  it("the verdict on that case: INV-1 (check 5) and INV-5 (check 13) show the raw string evaluated and /etc/passwd executed; DECOY-1 the read not denied", async () => {
    const result = await runCase(guardrailsAdapter, realCase("decoy-field/normalized-path-traversal"), 10_000);
    expect(result.failures).toContainEqual(expect.objectContaining({ requirement: "INV-1", check: 5, callId: "c1" }));
    expect(result.failures).toContainEqual(expect.objectContaining({ requirement: "INV-5", check: 13, callId: "c1" }));
    expect(result.failures).toContainEqual(expect.objectContaining({ requirement: "DECOY-1", callId: "c1", message: "expected outcome denied, got executed" }));
    expect(result.failures).not.toContainEqual(expect.objectContaining({ requirement: "INV-8" }));
  });

  it("matrix/defaults-visible: a deny is the SDK's guardrail rejection, reported with the tool output the SDK recorded, and nothing runs", async () => {
    const observed = await observeCase(guardrailsAdapter, realCase("matrix/defaults-visible"), 10_000);
    if ("errored" in observed) throw new Error(observed.errored);
    const { log, turns } = observed.observation;

    // The policy finds no /dryRun in a string, so its fallback denies both calls.
    expect(sdk.guardrails.map((call) => call.callId)).toEqual(["c1", "c2"]);
    expect(sdk.results.flatMap((result) => result.guardrailRecords.map((record) => [record.output.outputInfo.callId, record.output.behavior]))).toEqual([
      ["c1", { type: "rejectContent", message: "live_delete_forbidden" }],
      ["c2", { type: "rejectContent", message: "live_delete_forbidden" }],
    ]);
    expect(toolOutputs()).toEqual([
      ["c1", "live_delete_forbidden", null],
      ["c2", "live_delete_forbidden", null],
    ]);
    expect(log.executions).toEqual([]);
    expect(outcomesOf(turns)).toEqual([[{ callId: "c1", outcome: "denied", reason: "live_delete_forbidden" }], [{ callId: "c2", outcome: "denied", reason: "live_delete_forbidden" }]]);
  });
});

describe("invalid input: what the SDK does before and after the guardrail", () => {
  it("matrix/malformed-json-runs-nothing: no guardrail call and no parse; invalid at stage json exactly where the SDK wrote its parse error output", async () => {
    const observed = await observeCase(guardrailsAdapter, realCase("matrix/malformed-json-runs-nothing"), 10_000);
    if ("errored" in observed) throw new Error(observed.errored);
    const { log, turns } = observed.observation;

    expect(sdk.thrown).toEqual([]);
    expect(sdk.guardrails).toEqual([]);
    expect(log.parses).toEqual([]);
    expect(log.policies).toEqual([]);
    expect(log.executions).toEqual([]);
    const outputs = toolOutputs();
    expect(outputs.length).toBe(turns.flatMap((turn) => [...turn.outcomes.keys()]).length);
    for (const [, output, status] of outputs) expect([output, status]).toEqual(["An error occurred while parsing tool arguments. Please try again with valid JSON.", null]);
    for (const outcome of turns.flatMap((turn) => [...turn.outcomes.values()])) expect(outcome).toEqual(expect.objectContaining({ outcome: "invalid", stage: "json" }));
  });

  it("matrix/schema-invalid-runs-nothing: the SDK runs the guardrail on the raw string of a call its schema rejected, then fails the tool (INV-2, check 3)", async () => {
    const testCase = realCase("matrix/schema-invalid-runs-nothing");
    const observed = await observeCase(guardrailsAdapter, testCase, 10_000);
    if ("errored" in observed) throw new Error(observed.errored);
    const { log, turns } = observed.observation;

    const invalid = turns.flatMap((turn) => [...turn.outcomes.values()]).filter((outcome: any) => outcome.outcome === "invalid");
    expect(invalid.length).toBeGreaterThan(0);
    for (const outcome of invalid as { callId: string; stage: string }[]) {
      expect(outcome.stage).toBe("schema");
      // The SDK handed the guardrail this call, with its raw string, and wrote the default tool error
      // as its output; the item says "executed", though execute never ran (the errorFunction answered).
      const raw = testCase.steps.flatMap((step) => step.turn ?? []).find((call) => call.id === outcome.callId)!.arguments;
      expect(sdk.guardrails.filter((call) => call.callId === outcome.callId).map((call) => call.arguments)).toEqual([raw]);
      expect(toolOutputs().filter(([callId]) => callId === outcome.callId)).toEqual([[outcome.callId, "An error occurred while running the tool. Please try again.", "executed"]]);
      expect(log.executions.filter((execution) => execution.callId === outcome.callId)).toEqual([]);
    }
    const result = await runCase(guardrailsAdapter, testCase, 10_000);
    for (const { callId } of invalid as { callId: string }[]) expect(result.failures).toContainEqual(expect.objectContaining({ requirement: "INV-2", check: 3, callId }));
  });
});

describe("a wiring defect is caught", () => {
  /** The real adapter, with the policy handed a raw string the adapter re-serialized instead of the SDK's. */
  const reserializing: Adapter = {
    ...guardrailsAdapter,
    createSession: (wiring) =>
      guardrailsAdapter.createSession({ ...wiring, policy: (input) => wiring.policy({ ...input, rawArguments: JSON.stringify(JSON.parse(input.rawArguments!)) }) }),
  };

  it("invariant/raw-view-is-the-provider-string: the SDK's raw string holds INV-8 (check 25); one the adapter re-serialized fails it", async () => {
    const testCase = realCase("invariant/raw-view-is-the-provider-string");
    const faithful = await runCase(guardrailsAdapter, testCase, 10_000);
    expect(faithful.failures).not.toContainEqual(expect.objectContaining({ requirement: "INV-8" }));
    const withDefect = await runCase(reserializing, testCase, 10_000);
    expect(withDefect.failures).toContainEqual(expect.objectContaining({ requirement: "INV-8", check: 25 }));
  });
});

describe("the components it names", () => {
  it("names @openai/agents-core, which does the work behind @openai/agents, at its installed version", () => {
    expect(guardrailsAdapter.components).toEqual({ "@openai/agents-core": installedVersion("@openai/agents-core") });
    expect(installedVersion("@openai/agents-core")).toBe(installedVersion("@openai/agents"));
  });
});
