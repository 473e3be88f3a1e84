// An out-of-process adapter as an implementation: the harness speaks the stdio protocol to a
// command, turns the probe records it reports into the probe log the checks read, and, when the
// adapter hangs, crashes, exits or breaks the protocol, errors the case and restarts it.
import { z } from "zod";
import type { Capability, PolicyDecision } from "../../adapter.ts";
import type { Json } from "../../loading/case-schema.ts";
import { nestsDeeperThan, tooDeepToHandOver, tooDeepToRead } from "../../values/depth.ts";
import { shown, SHOWN_TEXT_CHARACTERS } from "../../values/elide.ts";
import { snapshot, snapshotOfNotation, type Snapshot } from "../../values/snapshot.ts";
import { emptyLog, type ProbeLog } from "../observation.ts";
import { observeOutcomes } from "../outcomes.ts";
import { caseBudget, declaredExtras, ImplementationBroke, type CaseSession, type Implementation } from "../implementation.ts";
import type { LoadedCase } from "../../loading/loader.ts";
import { AdapterProcess, ProcessFailure, type ProcessLimits } from "./adapter-process.ts";
import { HelloReply, PROTOCOL, Reply, type ProbeRecord, type Request, type Value } from "./protocol.ts";
import { capabilityProblem } from "../capabilities.ts";

/** How long the adapter may take to start and answer "hello". */
export const STARTUP_TIMEOUT_MS = 10_000;
const SHUTDOWN_GRACE_MS = 1_000;
/** How long the adapter may take to answer "end", whatever was left of the case's time. */
const END_GRACE_MS = 1_000;

type TimeLimit = ReturnType<typeof caseBudget>;

/** The outcomes of a turn-result, which request() has checked against the protocol (CallOutcome): not checked again. */
const CHECKED = z.unknown();

/** Starts the command and learns its name, version and capabilities; throws when it cannot. */
export async function stdioImplementation(command: string, limits: Partial<ProcessLimits> = {}): Promise<Implementation> {
  const connection = new Connection(command, limits);
  const hello = await connection.handshake();
  return {
    name: hello.name,
    version: hello.version,
    capabilities: hello.capabilities as Capability[],
    ...declaredExtras(hello),
    openSession: (testCase, timeoutMs) => connection.openSession(testCase, timeoutMs),
    dispose: () => connection.dispose(),
  };
}

type RequestBody<T extends Request["type"]> = Omit<Extract<Request, { type: T }>, "id" | "type">;

class Connection {
  private process: AdapterProcess | undefined;
  private nextId = 0;

  constructor(
    private readonly command: string,
    private readonly limits: Partial<ProcessLimits>,
  ) {}

  /** Starts the process if it is not running, and says hello. */
  async handshake(): Promise<z.infer<typeof HelloReply>> {
    if (this.process?.alive) return this.hello!;
    await this.process?.kill(); // what an adapter that exited by itself may have left
    this.process = new AdapterProcess(this.command, this.limits);
    try {
      const limit = { remaining: () => STARTUP_TIMEOUT_MS, describe: `${STARTUP_TIMEOUT_MS} ms` };
      this.hello = (await this.request("hello", { protocol: PROTOCOL }, limit, "hello")) as z.infer<typeof HelloReply>;
      return this.hello;
    } catch (error) {
      throw await this.broke(error);
    }
  }
  private hello: z.infer<typeof HelloReply> | undefined;

  async openSession(testCase: LoadedCase, timeoutMs: number): Promise<CaseSession> {
    const log = emptyLog();
    let step = 0;
    let broken = false;
    const guarded = async <T>(work: () => Promise<T>): Promise<T> => {
      try {
        return await work();
      } catch (error) {
        broken = true;
        throw await this.broke(error);
      }
    };

    // A restart after an earlier case broke the adapter is not charged to this case.
    await guarded(() => this.handshake());
    const budget = caseBudget(timeoutMs);
    await guarded(async () => {
      const { id, tools, handoffs, hooks, policy } = testCase;
      await this.request("start", { case: { id, tools, ...(handoffs && { handoffs }), hooks: hooks ?? [], policy } }, budget, `the start of case ${id}`);
    });
    let lastSeq = -Infinity;
    /** Sends a turn or a resume and files what its turn-result reports. */
    const resultOf = <T extends "turn" | "resume">(type: T, body: RequestBody<T>, what: string) =>
      guarded(async () => {
        // request() has checked the reply's type and, with the protocol schema, its outcomes.
        const reply = (await this.request(type, body, budget, what)) as Extract<Reply, { type: "turn-result" }>;
        const view = (value: Value) => snapshotOfValue(value, what);
        for (const record of reply.records) {
          // The checks order records by seq (spec/adapter-protocol.md, "Probe records").
          if (record.seq <= lastSeq) throw new ProcessFailure(`the adapter's answer to ${what} breaks the protocol: record seq ${record.seq} does not increase (the record before had ${lastSeq})`);
          lastSeq = record.seq;
          addRecord(log, record, step, view);
        }
        // Stryker disable next-line StringLiteral: never shown, the outcomes were validated already
        return observeOutcomes(reply.outcomes, CHECKED, (value) => view(value as Value), `the adapter's answer to ${what}`);
      });
    const session: CaseSession = {
      log,
      hashes: this.hello?.capabilities.includes("proposal-hash") ?? false,
      grants: new Set(),
      enterStep(next) {
        step = next;
      },
      runTurn: (calls, turn) => resultOf("turn", { turn, calls: [...calls], grants: [...session.grants].sort() }, `turn ${turn}`),
      resume: (answers) => resultOf("resume", { answers: answers.map((answer) => ({ ...answer }) as { callId: string; toolName: string; approved: boolean; replayedArguments?: Json }), grants: [...session.grants].sort() }, "the resume"),
      ...(this.hello?.capabilities.includes("fingerprint") && {
        fingerprint: (toolName: string, args: unknown) =>
          guarded(async () => {
            const reply = await this.request("fingerprint", { toolName, arguments: args as Json }, budget, `the fingerprint of ${toolName}`);
            return (reply as Extract<Reply, { type: "fingerprinted" }>).proposalHash;
          }),
      }),
      redefineTools: (tools) =>
        guarded(async () => {
          await this.request("redefine", { tools: { ...tools } }, budget, `the redefinition of ${Object.keys(tools).join(", ")}`);
        }),
      // The adapter can still break the case as it ends: the runner errors the case then.
      close: async () => {
        if (broken) return;
        const grace = { remaining: () => END_GRACE_MS, describe: `${END_GRACE_MS} ms` };
        await guarded(async () => {
          await this.request("end", {}, grace, `the end of case ${testCase.id}`);
          await this.barrier(grace, testCase.id);
        });
      },
    };
    return session;
  }

  async dispose(): Promise<void> {
    const process = this.process;
    if (!process) return;
    process.send({ type: "shutdown" });
    await process.stop(SHUTDOWN_GRACE_MS);
  }

  /**
   * Kills the adapter that broke (the stream's state is unknown: the next case starts afresh)
   * and says how, once it and its stderr have ended, so that the reason always carries the
   * same stderr tail.
   */
  private async broke(error: unknown): Promise<unknown> {
    const process = this.process!;
    await process.kill();
    return error instanceof ProcessFailure ? new ImplementationBroke(process.explain(error.message)) : error;
  }

  /**
   * After "ended", a hello whose answer must be the next line: a line the adapter wrote after
   * its answer to "end" (a second answer, say) comes first, and errors the case that ended
   * rather than the next one.
   */
  private async barrier(limit: TimeLimit, caseId: string): Promise<void> {
    const { id, line } = await this.ask("hello", { protocol: PROTOCOL }, limit, `hello after the end of case ${caseId}`);
    if (idOf(line) !== id) throw new ProcessFailure(`the adapter wrote a line nobody asked for after its answer to the end of case ${caseId}: ${clip(line)}`);
  }

  /** Sends one request and reads its reply, which must be JSON, fit the protocol and echo the id. */
  private async request<T extends Request["type"]>(type: T, body: RequestBody<T>, limit: TimeLimit, what: string): Promise<Reply> {
    const { id, line } = await this.ask(type, body, limit, what);
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      throw new ProcessFailure(`the adapter wrote a line that is not JSON in answer to ${what}: ${clip(line)}`);
    }
    // Before anything walks it: the schema, the snapshots, the checks.
    if (nestsDeeperThan(message)) throw new ProcessFailure(tooDeepToRead(`the adapter's answer to ${what}`));
    // A mistyped capability is the adapter's declaration, not a garbled line: say which, and what the capabilities are.
    const declared = type === "hello" && typeof message === "object" && message !== null && (message as { type?: unknown }).type === "hello" ? (message as { capabilities?: unknown }).capabilities : undefined;
    const problem = Array.isArray(declared) ? capabilityProblem(declared) : undefined;
    if (problem !== undefined) throw new ProcessFailure(`the adapter ${problem}`);
    const reply = Reply.safeParse(message);
    if (!reply.success) {
      const issue = reply.error.issues[0]!;
      // The path and message may carry the adapter's own member names, of any length.
      throw new ProcessFailure(`the adapter's answer to ${what} breaks the protocol at ${shown(issue.path.join(".")) || "(top level)"}: ${shown(issue.message)}; it wrote ${clip(line)}`);
    }
    if (reply.data.id !== id) throw new ProcessFailure(`the adapter answered request ${reply.data.id} when ${id} (${what}) was asked`);
    if (reply.data.type === "error") throw new ProcessFailure(`the adapter reported an error for ${what}: ${shown(reply.data.message, SHOWN_TEXT_CHARACTERS)}`);
    const expected = { hello: "hello", start: "started", turn: "turn-result", resume: "turn-result", fingerprint: "fingerprinted", redefine: "redefined", end: "ended" }[type as Exclude<T, "shutdown">];
    if (reply.data.type !== expected) throw new ProcessFailure(`the adapter answered ${what} with "${reply.data.type}" instead of "${expected}"`);
    // The message as decoded, not as zod rebuilt it: an own "__proto__" member must survive.
    return message as Reply;
  }

  /** Sends a request with the next id, and reads the next line. */
  private async ask<T extends Request["type"]>(type: T, body: RequestBody<T>, limit: TimeLimit, what: string): Promise<{ id: number; line: string }> {
    // A case's arguments to fingerprint may nest as deep as its file says: too deep to write.
    if (nestsDeeperThan(body)) throw new ImplementationBroke(tooDeepToHandOver(`the request for ${what}`));
    const process = this.process!;
    const id = ++this.nextId;
    process.send({ type, id, ...body });
    return { id, line: await process.nextLine(limit.remaining(), what, limit.describe) };
  }
}

/** The id a line's message carries, if it is a JSON object with one. */
function idOf(line: string): unknown {
  try {
    return (JSON.parse(line) as { id?: unknown } | null)?.id;
  } catch {
    return undefined;
  }
}

/** The snapshot of a value reported in answer to `what`: the harness computes the canonical form itself. */
function snapshotOfValue(value: Value, what: string): Snapshot {
  const taken = "json" in value ? snapshot(value.json) : snapshotOfNotation(value.notation);
  // A notation is text, which the answer's own depth does not count.
  if (taken.tooDeep) throw new ProcessFailure(tooDeepToRead(`the adapter's answer to ${what}`));
  return taken;
}

/** Files a reported record in the probe log; object identities become comparable references. */
function addRecord(log: ProbeLog, record: ProbeRecord, step: number, snapshotOfValue: (value: Value) => Snapshot): void {
  switch (record.kind) {
    case "parse":
      log.parses.push({
        seq: record.seq,
        step,
        tool: record.tool,
        input: snapshotOfValue(record.input),
        ...(record.output && { output: snapshotOfValue(record.output) }),
        ...(record.output && record.outputObject !== undefined && { outputRef: `object ${record.outputObject}` }),
      });
      return;
    case "hook":
      log.hooks.push({
        seq: record.seq,
        step,
        hookId: record.hookId,
        callId: record.callId,
        tool: record.tool,
        toolInput: snapshotOfValue(record.toolInput),
        ...(record.decision && { decision: record.decision }),
        ...(record.updatedInput && { output: snapshotOfValue(record.updatedInput) }),
      });
      return;
    case "policy": {
      const reported = record.decision;
      const decision: PolicyDecision =
        reported.decision === "deny" ? { decision: "deny", reason: reported.reason ?? "" } : { decision: reported.decision, ...(reported.reason ? { reason: reported.reason } : {}) };
      log.policies.push({
        seq: record.seq,
        step,
        callId: record.callId,
        tool: record.tool,
        ...(record.rawArguments !== undefined && { rawArguments: record.rawArguments }),
        parsedRef: `object ${record.parsedObject}`,
        parsedAtEntry: snapshotOfValue(record.parsedArguments),
        ...("json" in record.parsedArguments && { parsedReported: record.parsedArguments.json }),
        requestedAtEntry: record.requestedArguments && snapshotOfValue(record.requestedArguments),
        argsCanonicalJson: record.argsCanonicalJson,
        proposalHash: record.proposalHash,
        decision,
        inherited: record.inherited,
        mutation: record.mutation,
      });
      return;
    }
    case "handoff":
      log.handoffs.push({ seq: record.seq, step, callId: record.callId, handoff: record.handoff, input: snapshotOfValue(record.input) });
      return;
    case "execution":
      log.executions.push({
        seq: record.seq,
        step,
        callId: record.callId,
        tool: record.tool,
        argsRef: `object ${record.argsObject}`,
        argsAtEntry: snapshotOfValue(record.arguments),
        inherited: record.inherited,
      });
      return;
  }
}

function clip(line: string): string {
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}
