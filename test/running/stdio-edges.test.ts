// The stdio protocol's edges (running/stdio/implementation.ts, adapter-process.ts), driven at
// unit level with small fixture adapters: each way a reply can break the protocol has its own
// message, records are filed as reported, sessions end and adapters are shut down as
// spec/adapter-protocol.md says, and no adapter process outlives the harness, however stubborn.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import type { ModelCall } from "../../harness/adapter.ts";
import { ImplementationBroke, type Implementation } from "../../harness/running/implementation.ts";
import { AdapterProcess } from "../../harness/running/stdio/adapter-process.ts";
import { STARTUP_TIMEOUT_MS, stdioImplementation } from "../../harness/running/stdio/implementation.ts";
import { ROOT } from "../support/cli.ts";
import { fixtureCase } from "../support/observations.ts";

const testCase = fixtureCase("running-cases/approval-resume/batch-grant");
const otherCase = fixtureCase("running-cases/approval-resume/requested-grant-batch");
const calls: ModelCall[] = [{ callId: "c1", toolName: "delete_file", rawArguments: '{"path": "/tmp/a"}' }];
const adapter = (way: string, match = "*", log?: string) => `node test/fixtures/running-adapter.mjs ${way} '${match}'${log ? ` '${log}'` : ""}`;

const scratch = mkdtempSync(join(tmpdir(), "running-edges-"));
let logs = 0;
const newLog = () => join(scratch, `requests-${++logs}.jsonl`);
const requestsIn = (log: string): Record<string, unknown>[] => readFileSync(log, "utf8").trim().split("\n").map((line) => JSON.parse(line));

/** Process ids to kill (with their groups) after each test, should a test fail before its adapter is gone. */
const started = new Set<number>();
afterEach(() => {
  for (const pid of started) killGroup(pid);
  started.clear();
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function killGroup(pid: number): void {
  for (const target of [-pid, pid]) {
    try {
      process.kill(target, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
}

/** Whether a process still runs (a zombie waiting to be reaped does not count). */
function isRunning(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.[0] !== "Z";
  } catch {
    return false;
  }
}

/** The running processes of a process group. */
function groupMembers(pgid: number): number[] {
  const members: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const [state, , group] = readFileSync(`/proc/${entry}/stat`, "utf8").split(") ")[1]!.split(" ");
      if (Number(group) === pgid && state !== "Z") members.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return members;
}

/**
 * Whether the processes `alive` finds are all gone within `ms`: killed with SIGKILL, the adapter
 * (a grandchild of the harness, under a shell) dies a moment after the shell the harness waits for.
 */
async function settles(alive: () => boolean, ms = 3_000): Promise<boolean> {
  const deadline = performance.now() + ms;
  while (alive()) {
    if (performance.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}
const gone = (pid: number) => settles(() => isRunning(pid));
const groupGone = (pgid: number) => settles(() => groupMembers(pgid).length > 0);

/** The process group a process is in. */
const groupOf = (pid: number): number => Number(readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ")[2]);

/** The pid the fixture adapter names in its hello ("running adapter <pid>"). */
function adapterPid(implementation: Implementation): number {
  const pid = Number(implementation.name.replace("running adapter ", ""));
  expect(pid).toBeGreaterThan(0);
  started.add(pid);
  return pid;
}

/** A promise's rejection, or a failure when it settles otherwise or not within `ms`. */
async function rejection(promise: Promise<unknown>, ms = 15_000): Promise<Error> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`still pending after ${ms} ms`)), ms);
  });
  try {
    await Promise.race([promise, late]);
  } catch (error) {
    if ((error as Error).message === `still pending after ${ms} ms`) throw error;
    return error as Error;
  } finally {
    clearTimeout(timer);
  }
  throw new Error("expected a rejection");
}

/** Whether `work` finishes within `ms`. */
async function within(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([work.then(() => true), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Opens a session on the fixture adapter misbehaving `way`, runs turn 1, and returns how it broke. */
async function turnBreaks(way: string): Promise<string> {
  const implementation = await stdioImplementation(adapter(way));
  const pid = adapterPid(implementation);
  try {
    const session = await implementation.openSession(testCase, 10_000);
    const error = await rejection(session.runTurn(calls, 1));
    expect(error).toBeInstanceOf(ImplementationBroke);
    await session.close();
    expect(await gone(pid)).toBe(true);
    return error.message;
  } finally {
    await implementation.dispose?.();
  }
}

describe("a reply that breaks the protocol errors the case with its own message", () => {
  it("an error reply: the adapter's message, and the request it answered", async () => {
    expect(await turnBreaks("error")).toBe("the adapter reported an error for turn 1: the runtime threw");
  });

  it("a reply of another type: what it was, and what was asked for", async () => {
    expect(await turnBreaks("wrong-type")).toBe('the adapter answered turn 1 with "ended" instead of "turn-result"');
  });

  it("a reply that is not an object: the break is at the top level", async () => {
    expect(await turnBreaks("scalar")).toBe("the adapter's answer to turn 1 breaks the protocol at (top level): Invalid input: expected object, received number; it wrote 42");
  });

  it("a break deep in the reply: its path, dotted", async () => {
    expect(await turnBreaks("deep")).toMatch(/^the adapter's answer to turn 1 breaks the protocol at outcomes\.0\.callId: Invalid input: expected string, received number; it wrote \{"type":"turn-result",/);
  });

  it("a line that is not JSON: quoted whole up to 200 characters, and cut after 200 beyond", async () => {
    expect(await turnBreaks("garbage-200")).toBe(`the adapter wrote a line that is not JSON in answer to turn 1: ${"y".repeat(200)}`);
    expect(await turnBreaks("garbage-250")).toBe(`the adapter wrote a line that is not JSON in answer to turn 1: ${"y".repeat(200)}…`);
  });

  it("records whose seq does not increase: the order of the records is lost", async () => {
    expect(await turnBreaks("repeated-seq")).toBe("the adapter's answer to turn 1 breaks the protocol: record seq 1 does not increase (the record before had 1)");
  });

  it("an error reply to a fingerprint request: names the tool", async () => {
    const implementation = await stdioImplementation(adapter("fingerprint-error"));
    adapterPid(implementation);
    try {
      const session = await implementation.openSession(testCase, 10_000);
      const error = await rejection(session.fingerprint!("delete_file", { path: "/tmp/a" }));
      expect([error instanceof ImplementationBroke, error.message]).toEqual([true, "the adapter reported an error for the fingerprint of delete_file: no fingerprint here"]);
    } finally {
      await implementation.dispose?.();
    }
  });
});

describe("records reported over stdio", () => {
  it("keep a hook's decision, a deny without a reason as an empty reason, and an allow's reason", async () => {
    const implementation = await stdioImplementation(adapter("records"));
    adapterPid(implementation);
    try {
      const session = await implementation.openSession(testCase, 10_000);
      session.enterStep(2);
      await session.runTurn(calls, 1);
      expect(session.log.hooks.map(({ hookId, decision, step }) => ({ hookId, decision, step }))).toEqual([{ hookId: "gate", decision: "deny", step: 2 }]);
      expect(session.log.policies.map((record) => record.decision)).toEqual([{ decision: "deny", reason: "" }, { decision: "allow", reason: "because" }]);
    } finally {
      await implementation.dispose?.();
    }
  });
});

describe("a session over stdio", () => {
  it("sends the grants sorted, and ends the case when it closes, with a hello after it whose answer must come next", async () => {
    const log = newLog();
    const implementation = await stdioImplementation(adapter("normal", "*", log));
    adapterPid(implementation);
    try {
      const session = await implementation.openSession(testCase, 10_000);
      session.grants.add("zz-hash");
      session.grants.add("aa-hash");
      await session.runTurn(calls, 1);
      await session.close();
      const requests = requestsIn(log);
      expect(requests.map((request) => request.type)).toEqual(["hello", "start", "turn", "end", "hello"]);
      expect(requests[2]!.grants).toEqual(["aa-hash", "zz-hash"]);
      expect(requests.slice(3)).toEqual([
        { type: "end", id: 4 },
        { type: "hello", id: 5, protocol: "effective-args/2" },
      ]);
    } finally {
      await implementation.dispose?.();
    }
  });

  it("that broke sends nothing when it closes, even after the adapter was restarted for the next case", async () => {
    const log = newLog();
    const implementation = await stdioImplementation(adapter("error", testCase.id, log));
    const first = adapterPid(implementation);
    try {
      const broken = await implementation.openSession(testCase, 10_000);
      expect((await rejection(broken.runTurn(calls, 1))).message).toBe("the adapter reported an error for turn 1: the runtime threw");
      expect(await gone(first)).toBe(true);
      const next = await implementation.openSession(otherCase, 10_000);
      await broken.close();
      const outcomes = await next.runTurn([{ callId: "c2", toolName: "delete_file", rawArguments: '{"path": "/tmp/other"}' }], 1);
      expect(outcomes).toEqual([{ callId: "c2", outcome: "executed" }]);
      await next.close();
      expect(requestsIn(log).map((request) => request.type)).toEqual(["hello", "start", "turn", "hello", "start", "turn", "end", "hello"]);
    } finally {
      await implementation.dispose?.();
    }
  });
});

describe("shutting an adapter down", () => {
  it("asks it to shut down, and it is gone when dispose returns", async () => {
    const log = newLog();
    const implementation = await stdioImplementation(adapter("normal", "*", log));
    const pid = adapterPid(implementation);
    await implementation.dispose?.();
    expect(requestsIn(log).at(-1)).toEqual({ type: "shutdown" });
    expect(await gone(pid)).toBe(true);
  });

  it("kills one that ignores the request and SIGTERM once the grace second is over, leaving nothing in its group", async () => {
    const implementation = await stdioImplementation(adapter("stubborn"));
    const pid = adapterPid(implementation);
    const group = groupOf(pid);
    expect(await within(implementation.dispose!(), 10_000)).toBe(true);
    expect(await gone(pid)).toBe(true);
    expect(await groupGone(group)).toBe(true);
  });
});

describe("an adapter that does not answer hello", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("is killed after the startup time, which the message names", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const starting = stdioImplementation(adapter("silent"));
    const outcome = starting.then(
      () => "it started",
      (error: Error) => error.message,
    );
    await vi.advanceTimersByTimeAsync(STARTUP_TIMEOUT_MS);
    vi.useRealTimers();
    expect(await outcome).toBe(`the adapter did not answer hello within ${STARTUP_TIMEOUT_MS} ms`);
  });
});

describe("one adapter process", () => {
  it("killed while a request waits: the request fails naming the signal, and the process is gone", async () => {
    const child = new AdapterProcess(adapter("silent"));
    const pid = child.pid!;
    started.add(pid);
    const waiting = rejection(child.nextLine(20_000, "the test's request", "20 s"));
    expect(await within(child.kill(), 10_000)).toBe(true);
    expect((await waiting).message).toBe("the adapter was killed by SIGKILL before answering the test's request");
    expect(await groupGone(pid)).toBe(true);
  });

  it("asked for a line after it exited: fails at once, naming how it ended", async () => {
    const child = new AdapterProcess("exit 7");
    started.add(child.pid!);
    expect((await rejection(child.nextLine(10_000, "the first request", "10 s"))).message).toBe("the adapter exited with code 7 before answering the first request");
    expect(child.alive).toBe(false);
    expect((await rejection(child.nextLine(10_000, "the second request", "10 s"), 2_000)).message).toBe("the adapter exited with code 7 before answering the second request");
  });
});

describe("the harness process", () => {
  /** Runs test/fixtures/running-harness.ts in its own process; what it printed. */
  function harness(way: string, wrap: (command: string) => string[] = (command) => ["sh", "-c", command]): { status: number | null; printed: Record<string, unknown> | undefined; stderr: string } {
    const [file, ...args] = wrap(`exec "${process.execPath}" --import tsx test/fixtures/running-harness.ts ${way}`);
    const run = spawnSync(file!, args, { cwd: ROOT, encoding: "utf8", timeout: 30_000, killSignal: "SIGKILL" });
    const line = run.stdout.trim().split("\n").at(-1);
    return { status: run.status, printed: line ? JSON.parse(line) : undefined, stderr: run.stderr };
  }

  it("takes its adapters with it when it exits", async () => {
    const { status, printed, stderr } = harness("exit-with-adapter");
    expect([status, stderr]).toEqual([0, ""]);
    const pid = Number(printed?.pid);
    expect(pid).toBeGreaterThan(0);
    started.add(pid);
    expect(await groupGone(pid)).toBe(true);
  });

  // The only way to make the spawn itself fail: a private mount namespace in which /bin/sh
  // cannot be executed (needs the privilege to unshare, which the test machine has).
  const canUnshare = spawnSync("unshare", ["-m", "true"], { timeout: 10_000, killSignal: "SIGKILL" }).status === 0;
  it.skipIf(!canUnshare)("says an adapter could not be started when no shell can run it", () => {
    const { status, printed } = harness("cannot-start", (command) => ["unshare", "-m", "sh", "-c", `mount --bind /dev/null /bin/sh && ${command}`]);
    expect([status, printed]).toEqual([0, { message: "the adapter could not be started (spawn /bin/sh EACCES) before answering hello" }]);
  });
});
