// Out-of-process adapters that go after the harness's own limits (spec/adapter-protocol.md,
// "Limits") rather than the protocol's messages: descendants that leave the process group, a
// line without end, a closed stdout, a second answer to "end", and the stderr tail's timing.
// Each errors only the case it happened in, in plain words, and the run goes on.
import { readdirSync, readFileSync } from "node:fs";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { DEFAULT_CASES_DIR, loadCases } from "../../harness/loading/loader.ts";
import { runCases } from "../../harness/running/runner.ts";
import type { ProcessLimits } from "../../harness/running/stdio/adapter-process.ts";
import { stdioImplementation } from "../../harness/running/stdio/implementation.ts";
import { MARKER_VARIABLE } from "../../harness/running/stdio/marker.ts";
import { cli } from "../support/cli.ts";

const sample = loadCases([DEFAULT_CASES_DIR]).cases.filter((testCase) => testCase.capabilities.length === 0).slice(0, 3);
const unruly = sample[0]!;
const adapter = (way: string, extra = "", match = unruly.id) => `node test/fixtures/unruly-adapter.mjs ${way} '${match}' ${extra}`;

// Every process the tests start, and every descendant that keeps its environment, carries this
// tag: it finds what the harness left behind without trusting the harness's own marker.
const tagValue = `stdio-hostile-${process.pid}`;
const TAG = `UNRULY_TEST_TAG=${tagValue}`;
const previousTag = process.env.UNRULY_TEST_TAG;
process.env.UNRULY_TEST_TAG = tagValue;
afterAll(() => {
  if (previousTag === undefined) delete process.env.UNRULY_TEST_TAG;
  else process.env.UNRULY_TEST_TAG = previousTag;
});

/** The live processes with an environment variable ("NAME=value") that passes the test. */
function processesWith(test: (variable: string) => boolean): number[] {
  const found: number[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (readFileSync(`/proc/${name}/environ`, "latin1").split("\0").some(test)) found.push(Number(name));
    } catch {
      // Gone meanwhile, or another user's.
    }
  }
  return found;
}

const tagged = () => processesWith((variable) => variable === TAG);
/** What the tests started (tagged) or this harness marked as one of its adapters, still running. */
const leftBehind = () => processesWith((variable) => variable === TAG || variable.startsWith(`${MARKER_VARIABLE}=${process.pid}-`));

afterEach(() => {
  for (const pid of leftBehind()) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Gone meanwhile.
    }
  }
});

/** Whether nothing is left behind within `ms`: a killed process takes a moment to die and be reaped. */
async function nothingLeft(ms = 5_000): Promise<boolean> {
  const deadline = performance.now() + ms;
  while (leftBehind().length > 0) {
    if (performance.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}

/** Runs the sample cases through the command, the first one misbehaving; their statuses and the first one's reason. */
async function run(command: string, limits: Partial<ProcessLimits> = {}, timeoutMs = 1_500): Promise<{ statuses: string[]; reason: string | undefined }> {
  const implementation = await stdioImplementation(command, limits);
  try {
    const results = await runCases(implementation, sample, { timeoutMs });
    return { statuses: results.map((result) => result.status), reason: results[0]!.reason };
  } finally {
    await implementation.dispose?.();
  }
}

describe.skipIf(process.platform !== "linux")("an adapter whose descendants leave its process group", () => {
  it("and keep its pipes while it exits: the run finishes, that case is errored, and they are killed", async () => {
    const outcome = await run(adapter("escape-exit"));
    expect(outcome).toEqual({
      statuses: ["errored", "passed", "passed"],
      reason: `the adapter exited with code 3 before answering the start of case ${unruly.id}; its stderr ends with:\nunruly adapter: left two sleepers holding its pipes, exiting`,
    });
    expect(await nothingLeft()).toBe(true);
  });

  it("and keep its pipes while it hangs: the case's timeout still errors it, and they are killed", async () => {
    const outcome = await run(adapter("escape-hang"));
    expect(outcome).toEqual({
      statuses: ["errored", "passed", "passed"],
      reason: "the adapter did not answer turn 1 within the case's timeout of 1500 ms; its stderr ends with:\nunruly adapter: left two sleepers holding its pipes, hanging",
    });
    expect(await nothingLeft()).toBe(true);
  });

  it("without its pipes, while it behaves: they are killed when it shuts down", async () => {
    expect(await run(adapter("escape-orphan"))).toEqual({ statuses: ["passed", "passed", "passed"], reason: undefined });
    expect(await nothingLeft()).toBe(true);
  });

  it("and clear their environment: the harness stops waiting for the pipes they keep, and cannot find them (the documented limit)", async () => {
    const outcome = await run(adapter("escape-exit-unmarked"), { pipeGraceMs: 200 });
    expect(outcome).toEqual({
      statuses: ["errored", "passed", "passed"],
      reason: `the adapter exited with code 3 before answering the start of case ${unruly.id}; its stderr ends with:\nunruly adapter: left two sleepers holding its pipes, exiting`,
    });
    // The two sleepers, which only the test's tag finds; afterEach kills them.
    expect(tagged()).toHaveLength(2);
  });
});

describe("a line longer than the limit", () => {
  it("errors the case when it is one byte over, naming the limit; a line at the limit is read", async () => {
    expect(await run(adapter("long-line", "4097"), { maxLineBytes: 4096 })).toEqual({ statuses: ["errored", "passed", "passed"], reason: "the adapter wrote a line longer than 4096 bytes in answer to turn 1" });
    expect(await run(adapter("long-line", "4096"), { maxLineBytes: 4096 })).toEqual({
      statuses: ["errored", "passed", "passed"],
      reason: `the adapter wrote a line that is not JSON in answer to turn 1: ${"y".repeat(200)}…`,
    });
    expect(await nothingLeft()).toBe(true);
  });

  it("counts bytes, not characters", async () => {
    // 2,049 characters of two bytes each.
    expect(await run(adapter("long-line-utf8", "4098"), { maxLineBytes: 4096 })).toEqual({ statuses: ["errored", "passed", "passed"], reason: "the adapter wrote a line longer than 4096 bytes in answer to turn 1" });
  });

  it("without end: only the limit is held, the case is errored and the run goes on", async () => {
    expect(await run(adapter("endless-line"), { maxLineBytes: 1 << 20 })).toEqual({ statuses: ["errored", "passed", "passed"], reason: "the adapter wrote a line longer than 1048576 bytes in answer to turn 1" });
    expect(await nothingLeft()).toBe(true);
  });

  it("without end, from the CLI at the default limit: the case is errored in the report, and the CLI exits 1", () => {
    const { code, stdout } = cli("run", "--reporter", "json", "--timeout", "5000", "--filter", unruly.id, "--adapter-cmd", adapter("endless-line"));
    expect(code).toBe(1);
    const report = JSON.parse(stdout) as { results: { id: string; status: string; reason?: string }[] };
    expect(report.results.map(({ id, status, reason }) => ({ id, status, reason }))).toEqual([{ id: unruly.id, status: "errored", reason: "the adapter wrote a line longer than 16777216 bytes in answer to turn 1" }]);
  });
});

describe("an adapter that closes its stdout and keeps running", () => {
  it("errors the case without waiting for its timeout, and is killed", async () => {
    // exec: a shell running the adapter as its child would keep the pipe open itself.
    // The timeout is long: had the harness waited it out, the reason would say so.
    const outcome = await run(`exec ${adapter("close-stdout")}`, { exitGraceMs: 200 }, 20_000);
    expect(outcome).toEqual({
      statuses: ["errored", "passed", "passed"],
      reason: "the adapter closed its output (stdout) but kept running, so it cannot answer turn 1; its stderr ends with:\nunruly adapter: closing stdout",
    });
    expect(await nothingLeft()).toBe(true);
  });
});

describe("an adapter that answers end twice", () => {
  it("errors that case, not the next one", async () => {
    const outcome = await run(adapter("double-end"));
    expect(outcome.statuses).toEqual(["errored", "passed", "passed"]);
    expect(outcome.reason).toMatch(new RegExp(`^the adapter wrote a line nobody asked for after its answer to the end of case ${unruly.id}: \\{"type":"ended","id":\\d+\\}$`));
  });
});

describe("an adapter that exits before the case ends", () => {
  it("errors that case, though it answered every turn", async () => {
    expect(await run(adapter("exit-after-turn"))).toEqual({
      statuses: ["errored", "passed", "passed"],
      reason: `the adapter exited with code 0 before answering the end of case ${unruly.id}`,
    });
  });
});

describe("an errored case's reason", () => {
  // Before, the reason was written as the line arrived, with whatever stderr had been read by
  // then: about one in ten lacked the line written just before it.
  it("is the same from run to run, with all the adapter wrote to stderr before it broke", async () => {
    const reasons: (string | undefined)[] = [];
    for (let run = 0; run < 5; run += 1) {
      const implementation = await stdioImplementation(adapter("stderr-then-garbage", "", "*"));
      try {
        reasons.push(...(await runCases(implementation, sample, { timeoutMs: 1_500 })).map((result) => result.reason));
      } finally {
        await implementation.dispose?.();
      }
    }
    expect(reasons).toEqual(Array(5 * sample.length).fill("the adapter wrote a line that is not JSON in answer to turn 1: this is not json; its stderr ends with:\nunruly adapter: about to write garbage"));
  });
});
