// The Vercel AI SDK adapter (adapters/vercel-ai/adapter.ts): (a) the verdict rests on the SDK's own tool
// path, shown by matching what the probes recorded with what the SDK's own generateText results
// say it parsed, asked approval for, executed and denied, object for object; (b) a wiring defect
// (the object handed to the tool swapped for a copy) is caught as INV-5, check 12.
import { fileURLToPath } from "node:url";
import type { GenerateTextResult, ToolSet } from "ai";
import { describe, expect, it } from "vitest";
import type { Adapter, WiredTool } from "../../harness/adapter.ts";
import { loadCaseFile, type LoadedCase } from "../../harness/loading/loader.ts";
import { observeCase, runCase } from "../../harness/running/runner.ts";
import vercelAi, { vercelAiAdapter } from "../../adapters/vercel-ai/adapter.ts";

function realCase(path: string): LoadedCase {
  const loaded = loadCaseFile(fileURLToPath(new URL(`../../cases/${path}.yaml`, import.meta.url)));
  if (!("case" in loaded)) throw new Error(loaded.errors.map((error) => error.message).join("\n"));
  return loaded.case;
}

// matrix/defaults-visible: turn 1 calls clean_files once and the policy allows it (executed);
// turn 2 calls it once with dryRun false and the policy denies it (through the SDK's rejection path).
const DEFAULTS_VISIBLE = realCase("matrix/defaults-visible");

describe("the Vercel AI SDK adapter reaches the SDK's own tool path", () => {
  it("parses, evaluates and executes exactly what the SDK's own results say, with the SDK's own objects", async () => {
    const results: GenerateTextResult<ToolSet, never>[] = [];
    const adapter = vercelAiAdapter({ onGenerateText: (result) => results.push(result) });
    const observed = await observeCase(adapter, DEFAULTS_VISIBLE, 10_000);
    if ("errored" in observed) throw new Error(observed.errored);
    const { log } = observed.observation;

    // Three generateText runs: turn 1, turn 2, and turn 2's answer to the approval request.
    expect(results).toHaveLength(3);
    const content = results.flatMap((result) => result.steps.flatMap((step) => step.content));
    const toolCalls = content.flatMap((part) => (part.type === "tool-call" ? [part] : []));
    const approvalRequests = content.flatMap((part) => (part.type === "tool-approval-request" ? [part] : []));
    const toolResults = content.flatMap((part) => (part.type === "tool-result" ? [part] : []));
    const denials = results.flatMap((result) =>
      result.response.messages.flatMap((message) =>
        message.role === "tool" ? message.content.filter((part) => part.type === "tool-result" && part.output.type === "execution-denied") : [],
      ),
    );

    // The SDK parsed two tool calls (doParseToolCall, one per turn), both valid: the probe schema
    // recorded exactly two parses, so the SDK's parse is the only one.
    expect(toolCalls.map((call) => [call.toolCallId, call.invalid ?? false])).toEqual([
      ["c1", false],
      ["c2", false],
    ]);
    expect(log.parses).toHaveLength(2);

    // needsApproval ran once per valid call: it answered false for c1 (the SDK executed it: one
    // tool result) and true for c2 (one approval request). The policy probe ran exactly that often.
    expect(toolResults.map((part) => part.toolCallId)).toEqual(["c1"]);
    expect(approvalRequests.map((part) => part.toolCall.toolCallId)).toEqual(["c2"]);
    expect(log.policies.map((record) => record.callId)).toEqual(["c1", "c2"]);

    // The tool ran once, as the SDK's one tool result says; c2 ended in the SDK's execution-denied record.
    expect(log.executions.map((record) => record.callId)).toEqual(["c1"]);
    expect(denials).toEqual([{ type: "tool-result", toolCallId: "c2", toolName: "clean_files", output: { type: "execution-denied", reason: "live_delete_forbidden" } }]);

    // The objects: what the policy and the tool received is the SDK's own parsed input of that call.
    const inputOf = (callId: string) => toolCalls.find((call) => call.toolCallId === callId)?.input;
    expect(log.policies[0]?.parsedRef).toBe(inputOf("c1"));
    expect(log.policies[1]?.parsedRef).toBe(inputOf("c2"));
    expect(log.executions[0]?.argsRef).toBe(inputOf("c1"));
    expect(toolResults[0]?.input).toBe(inputOf("c1"));
    expect(approvalRequests[0]?.toolCall.input).toBe(inputOf("c2"));
  });
});

describe("the Vercel AI SDK adapter resumes through the SDK's own approval path", () => {
  // approval-resume/rejected-call-never-runs: c1 and c2 wait for approval in one turn; the
  // reviewer rejects c1 and approves c2 through the SDK's tool-approval-response.
  const REJECT_AND_APPROVE = realCase("approval-resume/rejected-call-never-runs");

  it("answers both requests in one generateText call, and reports what the SDK's own tool results say", async () => {
    const results: GenerateTextResult<ToolSet, never>[] = [];
    const observed = await observeCase(vercelAiAdapter({ onGenerateText: (result) => results.push(result) }), REJECT_AND_APPROVE, 10_000);
    if ("errored" in observed) throw new Error(observed.errored);
    const { log, turns } = observed.observation;

    // Two runs: the turn, and the resume whose last message answers both approval requests.
    expect(results).toHaveLength(2);
    const resumed = results[1]!.response.messages.flatMap((message) => (message.role === "tool" ? message.content : []));
    const outputs = Object.fromEntries(resumed.flatMap((part) => (part.type === "tool-result" ? [[part.toolCallId, part.output.type]] : [])));
    expect(outputs).toEqual({ c1: "execution-denied", c2: "json" });

    // What the harness reports is the SDK's record, and the tool ran once, for the approved call only, with the value approved.
    expect([...turns[1]!.outcomes.values()].map((outcome) => [outcome.callId, outcome.outcome])).toEqual([
      ["c1", "denied"],
      ["c2", "executed"],
    ]);
    expect(log.executions.map((record) => [record.step, record.callId, record.argsAtEntry.text])).toEqual([[1, "c2", '{"path":"/tmp/build"}']]);
  });
});

/** The real adapter, handed a wiring whose tools receive a structured clone of the SDK's arguments. */
function cloningArguments(adapter: Adapter): Adapter {
  return {
    ...adapter,
    createSession(wiring) {
      const tools: Record<string, WiredTool> = {};
      for (const [name, wired] of Object.entries(wiring.tools)) {
        tools[name] = { ...wired, execute: (args, context) => wired.execute(structuredClone(args), context) };
      }
      return adapter.createSession({ ...wiring, tools });
    },
  };
}

describe("a wiring defect under the Vercel AI SDK adapter", () => {
  it("is caught: a tool handed a copy of the evaluated object fails INV-5 (check 12), and only with the defect", async () => {
    const honest = await runCase(vercelAi, DEFAULTS_VISIBLE, 10_000);
    expect(honest.status).toBe("passed");
    expect(honest.failures.filter((failure) => failure.check === 12)).toEqual([]);

    const defective = await runCase(cloningArguments(vercelAi), DEFAULTS_VISIBLE, 10_000);
    expect(defective.status).toBe("failed");
    expect(defective.failures.filter((failure) => failure.check === 12)).toEqual([
      {
        requirement: "INV-5",
        check: 12,
        message: "the tool received a different object from the parsedArguments the policy evaluated (same value, another object: the runtime copies the arguments, or makes them again, between policy and tool)",
        step: 0,
        callId: "c1",
      },
    ]);
  });
});

// approval-resume/replayed-other-arguments-run-nothing: c1 (delete /tmp/cache, not recursively) is
// suspended and approved, and the conversation handed back to the SDK says /etc, recursively.
const REPLAYED = realCase("approval-resume/replayed-other-arguments-run-nothing");

describe("an approval handed back with other arguments in the conversation (the replay capability)", () => {
  it("is refused by the SDK itself with the approval secret the published configuration sets: nothing runs", async () => {
    const result = await runCase(vercelAi, REPLAYED, 10_000);
    expect(result.failures.filter((failure) => failure.requirement === "APPROVAL-6")).toEqual([]);
    const observed = await observeCase(vercelAi, REPLAYED, 10_000);
    if ("errored" in observed) throw new Error(observed.errored);
    expect(observed.observation.log.executions).toEqual([]);
    const resumed = observed.observation.turns[1]!.outcomes.get("c1")!;
    expect(resumed).toMatchObject({ outcome: "denied" });
    expect((resumed as { reason: string }).reason).toMatch(/signature/i);
  });

  it("runs the arguments nobody approved without the secret: APPROVAL-6, with what ran", async () => {
    const result = await runCase(vercelAiAdapter(), REPLAYED, 10_000);
    const broken = result.failures.filter((failure) => failure.requirement === "APPROVAL-6");
    expect(broken.map((failure) => failure.message)).toEqual([expect.stringContaining("the approved call ran with arguments other than the proposal that was suspended and approved")]);
    expect(broken[0]!.diff).toContain('"path": "/etc"');
  });
});
