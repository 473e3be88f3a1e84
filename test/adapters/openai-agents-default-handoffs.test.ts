// The OpenAI Agents SDK with default handoffs, no inputType (adapters/openai-agents-default-handoffs/adapter.ts):
// the handoff verdicts rest on the SDK's own handoff path. The runner hands each handoff's
// onInvokeHandoff the call's raw string, the SDK throws nothing, records a handoff output for every
// call, malformed or not, and the receiving side (onHandoff, so the probe's receive) is handed no
// input; the same case with the typed handoffs of adapters/openai-agents/adapter.ts hands over the decoded value.
//
// The SDK is observed from the outside without replacing any module (this file runs with the
// shared modules of a vitest worker, where a vi.mock of the SDK would not reach an adapter loaded
// before it): Runner.prototype.run is spied on, and on its way through it records every RunResult
// the SDK returns and every error it throws, and wraps the onInvokeHandoff of each handoff of the
// agent it is handed, so that every call the runner makes to it is recorded, unchanged.
import { fileURLToPath } from "node:url";
import { beforeEach, describe, expect, it } from "vitest";
import type { Adapter, WiredHandoff } from "../../harness/adapter.ts";
import { loadCaseFile, type LoadedCase } from "../../harness/loading/loader.ts";
import { observeCase, runCase } from "../../harness/running/runner.ts";
import { installedVersion } from "../../adapters/installed-version.ts";
import { receivingHandoffs } from "../support/receiving-handoffs.ts";
import { onceEach, watchRunnerRuns } from "../support/openai-agents-runs.ts";
import typedHandoffs from "../../adapters/openai-agents/adapter.ts";
import defaultHandoffs from "../../adapters/openai-agents-default-handoffs/adapter.ts";

interface SdkRecords {
  /** Every onInvokeHandoff call the runner made: the raw string it passed and the agent the handoff returned. */
  invocations: { raw: unknown; receiver: string }[];
  /** Every RunResult Runner.run returned: the call ids of its handoff outputs. */
  handoffOutputs: string[][];
  /** Every error Runner.run threw. */
  thrown: unknown[];
}
const sdk: SdkRecords = { invocations: [], handoffOutputs: [], thrown: [] };
const recordInvocations = onceEach((handoff: any) => {
  const invoke = handoff.onInvokeHandoff;
  handoff.onInvokeHandoff = async (context: unknown, raw: unknown) => {
    const receiver = await invoke(context, raw);
    sdk.invocations.push({ raw, receiver: receiver.name });
    return receiver;
  };
});

beforeEach(() => {
  sdk.invocations.length = 0;
  sdk.handoffOutputs.length = 0;
  sdk.thrown.length = 0;
});
watchRunnerRuns({
  agent: (agent) => (agent.handoffs as any[]).forEach(recordInvocations),
  result: (result) => sdk.handoffOutputs.push(result.newItems.filter((item: any) => item.type === "handoff_output_item").map((item: any) => item.rawItem.callId)),
  thrown: (error) => sdk.thrown.push(error),
});

function realCase(path: string): LoadedCase {
  const loaded = loadCaseFile(fileURLToPath(new URL(`../../cases/${path}.yaml`, import.meta.url)));
  if (!("case" in loaded)) throw new Error(loaded.errors.map((error) => error.message).join("\n"));
  return loaded.case;
}
const rawOf = (testCase: LoadedCase) => testCase.steps.flatMap((step) => step.turn ?? []).map((call) => call.arguments);

describe("handoffs without an inputType: the SDK never reads the arguments", () => {
  for (const path of ["handoff/malformed-handoff-hands-off-nothing", "handoff/empty-or-trailing-handoff-refused"]) {
    it(`${path}: the runner hands the raw string to the handoff, which hands the run over with nothing; HANDOFF-1 (check 22) for each call`, async () => {
      const testCase = realCase(path);
      const received: { callId: string; input: unknown }[] = [];
      const observed = await observeCase(receivingHandoffs(defaultHandoffs, received), testCase, 10_000);
      if ("errored" in observed) throw new Error(observed.errored);
      const { log, turns } = observed.observation;

      expect(sdk.thrown).toEqual([]);
      expect(sdk.invocations).toEqual(rawOf(testCase).map((raw) => ({ raw, receiver: "billing" })));
      expect(sdk.handoffOutputs).toEqual([["h1"], ["h2"], ["h3"]]);
      expect(received.map(({ callId, input }) => [callId, input])).toEqual([
        ["h1", undefined],
        ["h2", undefined],
        ["h3", undefined],
      ]);
      expect(log.handoffs.map((record) => record.callId)).toEqual(["h1", "h2", "h3"]);
      expect(turns.map((turn) => [...turn.outcomes.values()])).toEqual([
        [{ callId: "h1", outcome: "handed_off" }],
        [{ callId: "h2", outcome: "handed_off" }],
        [{ callId: "h3", outcome: "handed_off" }],
      ]);
      const result = await runCase(defaultHandoffs, testCase, 10_000);
      for (const callId of ["h1", "h2", "h3"]) expect(result.failures).toContainEqual(expect.objectContaining({ requirement: "HANDOFF-1", check: 22, callId }));
    });
  }

  it("handoff/handoff-input-is-the-decoded-request: receive is handed nothing (HANDOFF-2, check 23); with the typed handoffs the same SDK hands over the decoded value", async () => {
    const testCase = realCase("handoff/handoff-input-is-the-decoded-request");
    const received: { callId: string; input: unknown }[] = [];
    const observed = await observeCase(receivingHandoffs(defaultHandoffs, received), testCase, 10_000);
    if ("errored" in observed) throw new Error(observed.errored);

    // The raw string reached the SDK's handoff; what reached the receiving side is undefined, as onHandoff got it.
    expect(sdk.invocations.map((invocation) => invocation.raw)).toEqual(rawOf(testCase));
    expect(received.map(({ callId, input }) => [callId, input])).toEqual([
      ["h1", undefined],
      ["h2", undefined],
    ]);
    expect(observed.observation.log.parses).toEqual([]);
    const result = await runCase(defaultHandoffs, testCase, 10_000);
    expect(result.failures).toContainEqual(expect.objectContaining({ requirement: "HANDOFF-2", check: 23, callId: "h1" }));
    expect(result.failures).toContainEqual(expect.objectContaining({ requirement: "HANDOFF-2", check: 23, callId: "h2" }));
    expect(result.failures).not.toContainEqual(expect.objectContaining({ requirement: "HANDOFF-3" }));

    const typed: { callId: string; input: unknown }[] = [];
    const typedResult = await runCase(receivingHandoffs(typedHandoffs, typed), testCase, 10_000);
    expect(typed.map(({ callId, input }) => [callId, input])).toEqual(rawOf(testCase).map((raw, index) => [`h${index + 1}`, JSON.parse(raw)]));
    expect(typedResult.failures).not.toContainEqual(expect.objectContaining({ requirement: "HANDOFF-2" }));
  });
});

describe("the components it names", () => {
  it("names @openai/agents-core, which does the work behind @openai/agents, at its installed version", () => {
    for (const adapter of [typedHandoffs, defaultHandoffs]) expect(adapter.components).toEqual({ "@openai/agents-core": installedVersion("@openai/agents-core") });
    expect(installedVersion("@openai/agents-core")).toBe(installedVersion("@openai/agents"));
  });
});
