// The LangChain adapters (adapters/langchain/adapter.ts, complete and streamed tool calls): (a) the verdict
// rests on LangChain's own tool path, shown by matching what the probes recorded with LangChain's
// own records of each run (the agent's state: the model's message with its decoded tool_calls and
// invalid_tool_calls, the ToolMessages, HITL's pending action requests), object for object; (b) the
// streamed configuration's decoding is LangChain's own (chunks merged and decoded by core: a cut-off
// string runs as LangChain completes it); (c) wiring defects are caught, and one that LangChain's own
// behaviour hides is named as such; (d) a resume answers HITL's own interrupt (approve / reject
// decisions through Command({ resume })) and reports what the resumed state holds.
import { fileURLToPath } from "node:url";
import { AIMessage, AIMessageChunk, HumanMessage, ToolMessage, type BaseMessage } from "langchain";
import { describe, expect, it } from "vitest";
import type { Adapter, WiredTool } from "../../harness/adapter.ts";
import { loadCaseFile, loadCaseText, type LoadedCase } from "../../harness/loading/loader.ts";
import { observeCase, runCase } from "../../harness/running/runner.ts";
import { snapshotValue } from "../../harness/values/snapshot.ts";
import { installedVersion } from "../../adapters/installed-version.ts";
import langchain, { langchainAdapter, StreamingFakeModel, STREAM_PIECE, type RunResult } from "../../adapters/langchain/adapter.ts";
import langchainStreamed from "../../adapters/langchain-streamed/adapter.ts";

function realCase(path: string): LoadedCase {
  const loaded = loadCaseFile(fileURLToPath(new URL(`../../cases/${path}.yaml`, import.meta.url)));
  if (!("case" in loaded)) throw new Error(loaded.errors.map((error) => error.message).join("\n"));
  return loaded.case;
}

// invariant/invalid-arguments-reach-nothing: seven turns of one read_lines call each (a default
// lines: 100): c1 and c2 fail the schema, c3 is a JSON array, c4 is cut off, c6 is empty, c7 has text
// after the object, c5 is valid. matrix/defaults-visible: two turns of one clean_files call that the
// policy allows only with dryRun true (a schema default).
const INVALID_ARGUMENTS = realCase("invariant/invalid-arguments-reach-nothing");
const DEFAULTS_VISIBLE = realCase("matrix/defaults-visible");

/** The model's message of a turn in a run's state: the first AI message after the turn's own human message. */
function answerOf(result: RunResult, turn: number): AIMessage {
  const start = result.messages.findIndex((message) => message.id === `effective-args-turn-${turn}`);
  const answer = result.messages.slice(start + 1).find((message) => AIMessage.isInstance(message));
  if (start < 0 || !answer) throw new Error(`no answer to turn ${turn}`);
  return answer as AIMessage;
}
const toolMessages = (result: RunResult) => result.messages.filter((message: BaseMessage): message is ToolMessage => ToolMessage.isInstance(message));

describe("the LangChain adapter reaches LangChain's own tool path (complete tool calls)", () => {
  it("is named and versioned from the installed package, and declares approval, batch and resume, and the raw view only where LangChain hands it over", () => {
    expect([langchain.name, langchainStreamed.name]).toEqual(["langchain", "langchain (streamed)"]);
    expect(langchain.version).toBe(installedVersion("langchain"));
    expect(langchain.version).toMatch(/^1\./);
    expect(langchain.capabilities).toEqual(["approval", "batch", "raw-view", "resume"]);
    expect(langchainStreamed.capabilities).toEqual(["approval", "batch", "resume"]);
  });

  it("names the packages that do the work beside langchain, at their installed versions", () => {
    const expected = Object.fromEntries(["@langchain/core", "@langchain/langgraph", "@langchain/langgraph-checkpoint"].map((name) => [name, installedVersion(name)]));
    expect(langchain.components).toEqual(expected);
    expect(langchainStreamed.components).toEqual(expected);
    expect(expected["@langchain/core"]).toMatch(/^1\./);
  });

  it("decodes, evaluates, parses and executes exactly what LangChain's own state says, with LangChain's own objects", async () => {
    const runs: RunResult[] = [];
    const observed = await observeCase(langchainAdapter({ streamed: false, onRun: (result) => runs.push(result) }), INVALID_ARGUMENTS, 10_000);
    if ("errored" in observed) throw new Error(observed.errored);
    const { log, turns } = observed.observation;

    // One run per turn (nothing was interrupted), each answering its turn's one call.
    expect(runs).toHaveLength(6);
    const answers = runs.map((result, index) => answerOf(result, index + 1));
    const callIds = turns.map((turn) => turn.calls[0]!.id);
    expect(callIds).toEqual(["c1", "c2", "c3", "c4", "c7", "c5"]);

    // LangChain's decoding (the AIMessage constructor): what it decoded is a tool call, what it could
    // not is an invalid tool call holding the raw string; the adapter reports exactly that.
    const decoded = answers.map((answer) => answer.tool_calls?.map((call) => call.id) ?? []);
    const undecoded = answers.map((answer) => answer.invalid_tool_calls?.map((call) => [call.id, call.error]) ?? []);
    expect(decoded).toEqual([["c1"], ["c2"], ["c3"], [], [], ["c5"]]);
    expect(undecoded).toEqual([[], [], [], [["c4", "Malformed args."]], [["c7", "Malformed args."]], []]);

    // The policy ran in HITL's `when` once per decoded call, handed LangChain's own toolCall.args
    // object (the decoded request, even the JSON array of c3) and the raw string the message keeps.
    expect(log.policies.map((record) => record.callId)).toEqual(["c1", "c2", "c3", "c5"]);
    for (const record of log.policies) {
      const index = callIds.indexOf(record.callId);
      const call = answers[index]!.tool_calls![0]!;
      expect(record.parsedRef).toBe(call.args);
      expect(record.requestedRef).toBe(call.args);
      expect(record.rawArguments).toBe(turns[index]!.calls[0]!.arguments);
    }
    expect(Array.isArray(log.policies[2]!.parsedRef)).toBe(true);

    // The schema ran once per tool invocation, inside the tool: on each decoded request, after the policy.
    expect(log.parses.map((parse) => snapshotValue(parse.input))).toEqual(log.policies.map((record) => snapshotValue(record.parsedAtEntry)));
    expect(log.parses.map((parse) => parse.seq > log.policies.find((record) => record.step === parse.step)!.seq)).toEqual([true, true, true, true]);

    // The tool ran once, for c5, with the schema's output (the default filled in), which is what
    // LangChain's ToolMessage answers; the schema failures are LangChain's error ToolMessages.
    expect(log.executions.map((record) => record.callId)).toEqual(["c5"]);
    expect(snapshotValue(log.executions[0]!.argsAtEntry)).toEqual({ path: "/var/log/app.log", lines: 100 });
    expect(snapshotValue(log.parses[3]!.output)).toEqual(snapshotValue(log.executions[0]!.argsAtEntry));
    const answered = runs.map((result, index) => toolMessages(result).find((message) => message.tool_call_id === callIds[index]));
    expect(answered.map((message) => message?.status)).toEqual(["error", "error", "error", undefined, undefined, "success"]);
    expect(answered[0]!.content).toMatch(/^Error invoking tool 'read_lines'/);

    expect(turns.map((turn) => [...turn.outcomes.values()].map((outcome) => [outcome.callId, outcome.outcome, "stage" in outcome ? outcome.stage : undefined]))).toEqual([
      [["c1", "invalid", "schema"]],
      [["c2", "invalid", "schema"]],
      [["c3", "invalid", "schema"]],
      [["c4", "invalid", "json"]],
      [["c7", "invalid", "json"]],
      [["c5", "executed", undefined]],
    ]);
  });

  it("suspends from HITL's own interrupt and denies through its rejection path, with the reason LangChain wrote", async () => {
    const runs: RunResult[] = [];
    const observed = await observeCase(langchainAdapter({ streamed: false, onRun: (result) => runs.push(result) }), DEFAULTS_VISIBLE, 10_000);
    if ("errored" in observed) throw new Error(observed.errored);
    const { log, turns } = observed.observation;

    // Each turn: a run that stops at HITL's interrupt, then the run resumed with a reject decision.
    expect(runs.map((result) => (result.__interrupt__?.length ?? 0) > 0)).toEqual([true, false, true, false]);
    // HITL's action request is the call as the message holds it: the very object the policy judged,
    // the request without the schema's dryRun default, which is why the policy denies c1.
    const [first, , third] = runs;
    const request = (result: RunResult) => (result.__interrupt__![0]!.value as { actionRequests: { name: string; args: unknown }[] }).actionRequests;
    expect(request(first!).map((action) => action.name)).toEqual(["clean_files"]);
    expect(request(first!)[0]!.args).toBe(log.policies[0]!.parsedRef);
    expect(request(first!)[0]!.args).toBe(answerOf(first!, 1).tool_calls![0]!.args);
    expect(snapshotValue(log.policies[0]!.parsedAtEntry)).toEqual({ pattern: "/tmp/cache/*.tmp" });
    expect(request(third!)[0]!.args).toBe(log.policies[2]!.parsedRef);

    // Resuming runs HITL's hook, and so `when`, again: two evaluations per call, the second on the
    // copy LangChain reads back from its checkpoint.
    expect(log.policies.map((record) => [record.callId, record.decision.decision])).toEqual([
      ["c1", "deny"],
      ["c1", "deny"],
      ["c2", "deny"],
      ["c2", "deny"],
    ]);
    expect(log.policies[1]!.parsedRef).not.toBe(log.policies[0]!.parsedRef);

    // The rejection is HITL's ToolMessage, with the policy's reason as its content; nothing was parsed or run.
    const rejections = [runs[1]!, runs[3]!].map((result) => toolMessages(result).map((message) => [message.tool_call_id, message.status, message.content]));
    expect(rejections).toEqual([[["c1", "error", "live_delete_forbidden"]], [["c1", "error", "live_delete_forbidden"], ["c2", "error", "live_delete_forbidden"]]]);
    expect(log.parses).toEqual([]);
    expect(log.executions).toEqual([]);
    expect(turns.map((turn) => [...turn.outcomes.values()])).toEqual([
      [{ callId: "c1", outcome: "denied", reason: "live_delete_forbidden" }],
      [{ callId: "c2", outcome: "denied", reason: "live_delete_forbidden" }],
    ]);
  });
});

// approval-resume/approval-covers-only-its-call: c1 (delete_tree /tmp/build) waits for approval and
// the reviewer approves it; later turns send c1 again, then c2, for /home/alice.
// approval-resume/rejected-call-stays-rejected: c1 (run_sql) waits and the reviewer rejects it; c2
// sends the same request later. approval-resume/rejected-call-never-runs: c1 and c2 wait in one
// turn; the reviewer rejects c1 and approves c2.
const APPROVED = realCase("approval-resume/approval-covers-only-its-call");
const REJECTED = realCase("approval-resume/rejected-call-stays-rejected");
const REJECT_AND_APPROVE = realCase("approval-resume/rejected-call-never-runs");
const actionRequests = (result: RunResult) => (result.__interrupt__![0]!.value as { actionRequests: { name: string; args: unknown }[] }).actionRequests;

describe("the LangChain adapter resumes through HITL's own decisions", () => {
  it("an approval runs the call once, with the arguments HITL's action request showed; a rejection runs nothing and is HITL's ToolMessage", async () => {
    const runs: RunResult[] = [];
    const approved = await observeCase(langchainAdapter({ streamed: false, onRun: (result) => runs.push(result) }), APPROVED, 10_000);
    if ("errored" in approved) throw new Error(approved.errored);
    const { log, turns } = approved.observation;
    // The turn stops at HITL's interrupt; the resume (Command({ resume })) runs to the end: the
    // tools node answered c1 with a successful ToolMessage, the one tool run, in the resume step.
    expect(runs.map((result) => (result.__interrupt__?.length ?? 0) > 0)).toEqual([true, false, true, true]);
    expect(toolMessages(runs[1]!).map((message) => [message.tool_call_id, message.status])).toEqual([["c1", "success"]]);
    expect(log.executions.map((record) => [record.step, record.callId])).toEqual([[1, "c1"]]);
    expect(snapshotValue(log.executions[0]!.argsAtEntry)).toEqual(actionRequests(runs[0]!)[0]!.args);
    // The schema parsed c1 only then, in the tools node; `when` was asked again on the resume (HITL's hook re-runs).
    expect(log.parses.map((parse) => parse.step)).toEqual([1]);
    expect(log.policies.map((record) => [record.step, record.callId])).toEqual([
      [0, "c1"],
      [1, "c1"],
      [2, "c1"],
      [3, "c2"],
    ]);
    expect(turns.map((turn) => [...turn.outcomes.values()].map((outcome) => outcome.outcome))).toEqual([["suspended"], ["executed"], ["suspended"], ["suspended"]]);

    runs.length = 0;
    const rejected = await observeCase(langchainAdapter({ streamed: false, onRun: (result) => runs.push(result) }), REJECTED, 10_000);
    if ("errored" in rejected) throw new Error(rejected.errored);
    expect(toolMessages(runs[1]!).map((message) => [message.tool_call_id, message.status, message.content])).toEqual([["c1", "error", "rejected by the reviewer"]]);
    expect(rejected.observation.log.parses).toEqual([]);
    expect(rejected.observation.log.executions).toEqual([]);
    expect([...rejected.observation.turns[1]!.outcomes.values()]).toEqual([{ callId: "c1", outcome: "denied", reason: "rejected by the reviewer" }]);
  });

  it("an approval answered beside a rejection is dropped by HITL: the approved call never runs and has no record, so the case errors", async () => {
    const runs: RunResult[] = [];
    const ran: string[] = [];
    const recording = miswired(langchainAdapter({ streamed: false, onRun: (result) => runs.push(result) }), (wiring) =>
      withTools(wiring, (wired) => (args, context) => {
        ran.push(context.callId);
        return wired.execute(args, context);
      }),
    );
    const observed = await observeCase(recording, REJECT_AND_APPROVE, 10_000);
    expect(observed).toEqual({ errored: expect.stringContaining("holds no outcome for call c2: HITL sent the run back to the model after rejecting c1") });
    // HITL's resumed state: the model message keeps only the rejected call, answered by HITL's ToolMessage.
    expect(actionRequests(runs[0]!).map((request) => request.args)).toEqual([{ path: "/home/alice" }, { path: "/tmp/./build" }]);
    expect(answerOf(runs[1]!, 1).tool_calls!.map((call) => call.id)).toEqual(["c1"]);
    expect(toolMessages(runs[1]!).map((message) => [message.tool_call_id, message.status])).toEqual([["c1", "error"]]);
    expect(ran).toEqual([]);
  });
});

// A cut-off raw string, as a stream that ends early leaves it.
const CUT_OFF = loadCaseText(
  fileURLToPath(new URL("../../cases/matrix/cut-off-stream.yaml", import.meta.url)),
  `id: matrix/cut-off-stream
title: A cut-off argument string
level: must
requirements: [INV-2]
tools:
  read_file:
    schema: { type: object, properties: { path: { type: string } } }
policy:
  otherwise: allow
steps:
  - turn:
      - { id: c1, tool: read_file, arguments: '{"path":"/etc/shadow' }
    expect:
      c1: { outcome: invalid, stage: json }
`,
);

describe("the streamed configuration: LangChain merges and decodes the chunks itself", () => {
  it("the scripted model streams a call's raw string in pieces that LangChain's concat joins again", async () => {
    const raw = '{"path": "/tmp/a b", "n": [1, 2]}';
    const model = new StreamingFakeModel();
    model.respond(new AIMessageChunk({ content: "", tool_call_chunks: [{ type: "tool_call_chunk", index: 0, id: "c1", name: "read_file", args: raw }] }));
    const chunks: AIMessageChunk[] = [];
    for await (const chunk of await model.stream([new HumanMessage("go")])) chunks.push(chunk);
    expect(chunks).toHaveLength(Math.ceil(raw.length / STREAM_PIECE));
    expect(chunks.map((chunk) => chunk.tool_call_chunks?.[0]?.args).join("")).toBe(raw);
    const merged = chunks.reduce((left, right) => left.concat(right));
    expect(merged.tool_calls).toEqual([{ type: "tool_call", id: "c1", name: "read_file", args: { path: "/tmp/a b", n: [1, 2] } }]);
  });

  it('runs a cut-off {"path":"/etc/shadow as LangChain completes it, where the complete configuration refuses it', async () => {
    if (!("case" in CUT_OFF)) throw new Error(CUT_OFF.errors.map((error) => error.message).join("\n"));
    const runs: RunResult[] = [];
    const streamed = await observeCase(langchainAdapter({ streamed: true, onRun: (result) => runs.push(result) }), CUT_OFF.case, 10_000);
    if ("errored" in streamed) throw new Error(streamed.errored);
    const { log, turns } = streamed.observation;
    const [call] = answerOf(runs[0]!, 1).tool_calls!;
    expect(call).toMatchObject({ id: "c1", name: "read_file", args: { path: "/etc/shadow" } });
    // The policy judged LangChain's decoded object, with no raw string (the stored message has none).
    expect(log.policies).toHaveLength(1);
    expect(log.policies[0]!.parsedRef).toBe(call!.args);
    expect(log.policies[0]!.rawArguments).toBeNull();
    expect("tool_call_chunks" in answerOf(runs[0]!, 1)).toBe(false);
    expect(log.executions.map((record) => snapshotValue(record.argsAtEntry))).toEqual([{ path: "/etc/shadow" }]);
    expect([...turns[0]!.outcomes.values()]).toEqual([{ callId: "c1", outcome: "executed" }]);

    const complete = await observeCase(langchain, CUT_OFF.case, 10_000);
    if ("errored" in complete) throw new Error(complete.errored);
    expect(complete.observation.log.policies).toEqual([]);
    expect(complete.observation.log.executions).toEqual([]);
    expect([...complete.observation.turns[0]!.outcomes.values()]).toEqual([{ callId: "c1", outcome: "invalid", stage: "json", message: "Malformed args." }]);
  });
});

/** The real adapter, handed a wiring whose probes are wrapped by `wrap` (the adapter is not told). */
function miswired(adapter: Adapter, wrap: (wiring: Parameters<Adapter["createSession"]>[0]) => Parameters<Adapter["createSession"]>[0]): Adapter {
  return { ...adapter, createSession: (wiring) => adapter.createSession(wrap(wiring)) };
}
const withTools = (wiring: Parameters<Adapter["createSession"]>[0], execute: (wired: WiredTool) => WiredTool["execute"]) => ({
  ...wiring,
  tools: Object.fromEntries(Object.entries(wiring.tools).map(([name, wired]) => [name, { ...wired, execute: execute(wired) }])),
});

describe("wiring defects under the LangChain adapter", () => {
  it("an adapter that hands the policy its own parse of the request (to make `when` see the schema output) is caught: the extra parse fails INV-3 (check 7)", async () => {
    const honest = await runCase(langchain, DEFAULTS_VISIBLE, 10_000);
    expect(honest.failures.filter((failure) => failure.check === 7)).toEqual([]);
    const parsingItself = miswired(langchain, (wiring) => ({
      ...wiring,
      policy: (input) => wiring.policy({ ...input, parsedArguments: (wiring.tools[input.toolName]!.schema as { parse(value: unknown): unknown }).parse(input.parsedArguments) }),
    }));
    const defective = await runCase(parsingItself, DEFAULTS_VISIBLE, 10_000);
    expect(defective.failures).toContainEqual(expect.objectContaining({ requirement: "INV-3", check: 7, step: 0 }));
  });

  it("a tool handed the model's decoded request instead of LangChain's object is caught: what ran lacks the schema's default", async () => {
    const raws = new Map(INVALID_ARGUMENTS.steps.flatMap((step) => step.turn ?? []).map((call) => [call.id, call.arguments]));
    const decodedRequest = miswired(langchain, (wiring) => withTools(wiring, (wired) => (_args, context) => wired.execute(JSON.parse(raws.get(context.callId)!), context)));
    const honest = await runCase(langchain, INVALID_ARGUMENTS, 10_000);
    expect(honest.failures).not.toContainEqual(expect.objectContaining({ callId: "c5", message: expect.stringContaining("executedArguments") }));
    const defective = await runCase(decodedRequest, INVALID_ARGUMENTS, 10_000);
    expect(defective.failures).toContainEqual(expect.objectContaining({ callId: "c5", message: "executedArguments (at tool entry) differ from the expectation" }));
  });

  it("a copy of LangChain's object handed to the tool is not told apart by identity, because LangChain itself hands the tool another object than `when` judged (check 12 fails either way)", async () => {
    const copying = miswired(langchain, (wiring) => withTools(wiring, (wired) => (args, context) => wired.execute(structuredClone(args), context)));
    const honest = await runCase(langchain, INVALID_ARGUMENTS, 10_000);
    const defective = await runCase(copying, INVALID_ARGUMENTS, 10_000);
    const check12 = { requirement: "INV-5", check: 12, callId: "c5", message: "the tool received a different object from the parsedArguments the policy evaluated" };
    expect(honest.failures).toContainEqual(expect.objectContaining(check12));
    expect(defective.failures).toEqual(honest.failures);
  });
});
