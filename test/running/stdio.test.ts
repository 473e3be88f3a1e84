// Out-of-process adapters over the stdio protocol: the example adapter passes the whole suite,
// and an adapter that hangs, exits, crashes, writes garbage or breaks the protocol errors only
// the case it broke on, with the reason and its stderr, while the run goes on.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { cli } from "../support/cli.ts";
import { DEFAULT_CASES_DIR, loadCases } from "../../harness/loading/loader.ts";
import { runCases } from "../../harness/running/runner.ts";
import { stdioImplementation } from "../../harness/running/stdio/implementation.ts";
import { conformanceSuite } from "../../harness/vitest.ts";

const { cases } = loadCases([DEFAULT_CASES_DIR]);
const EXAMPLE = "node examples/stdio-adapter.mjs";

/** Whether a process still runs (a zombie waiting to be reaped does not count). */
function isRunning(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.[0] !== "Z";
  } catch {
    return false;
  }
}

// The whole suite through the example adapter, one vitest test per case, via the entry point
// implementers use.
conformanceSuite({ adapterCommand: EXAMPLE, title: "the example stdio adapter passes" });

describe("a broken stdio adapter", () => {
  const sample = cases.filter((testCase) => testCase.capabilities.length === 0).slice(0, 3);

  it.each([
    { kind: "hang", reason: /^the adapter did not answer turn 1 within the case's timeout of 1500 ms; its stderr ends with:\nbroken adapter: sleeper pid \d+\nbroken adapter: hanging$/ },
    { kind: "exit", reason: /^the adapter exited with code 3 before answering the start of case .*; its stderr ends with:\nbroken adapter: sleeper pid \d+\nbroken adapter: giving up on this case$/ },
    { kind: "crash", reason: /^the adapter exited with code 1 before answering turn 1; its stderr ends with:\nbroken adapter: sleeper pid \d+\n[\s\S]*Error: broken adapter: the runtime exploded mid-turn/ },
    { kind: "garbage", reason: /^the adapter wrote a line that is not JSON in answer to turn 1: this is not json; its stderr ends with:\nbroken adapter: sleeper pid \d+$/ },
    { kind: "protocol", reason: /^the adapter's answer to turn 1 breaks the protocol at outcomes: .*; it wrote \{"type":"turn-result".*; its stderr ends with:\nbroken adapter: sleeper pid \d+$/ },
    { kind: "stale-id", reason: /^the adapter answered request (\d+) when \d+ \(turn 1\) was asked; its stderr ends with:\nbroken adapter: sleeper pid \d+$/ },
    { kind: "noisy", reason: /^the adapter exited with code 5 before answering turn 1; its stderr ends with:\nx{2026}\nthe end of the noise$/ },
  ])("that does $kind errors that case with the reason, restarts, and leaves no process behind", async ({ kind, reason }) => {
    const broken = sample[0]!;
    const implementation = await stdioImplementation(`node test/fixtures/broken-adapter.mjs ${kind} ${broken.id}`);
    let results;
    try {
      results = await runCases(implementation, sample, { timeoutMs: 1_500 });
    } finally {
      await implementation.dispose?.();
    }
    expect(results.map((result) => result.status)).toEqual(["errored", "passed", "passed"]);
    expect(results[0]!.reason).toMatch(reason);
    // The noisy adapter's sleeper pid scrolled out of the kept tail; every other one is named.
    const sleeper = Number(results[0]!.reason!.match(/sleeper pid (\d+)/)?.[1]);
    if (kind !== "noisy") {
      expect(sleeper).toBeGreaterThan(0);
      expect(isRunning(sleeper)).toBe(false);
    }
  });

  it("is errored case by case from the CLI, which still reports and exits 1", () => {
    const run = cli("run", "--reporter", "json", "--timeout", "1500", "--filter", "matrix/*", "--adapter-cmd", "node test/fixtures/broken-adapter.mjs hang matrix/defaults-visible");
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout);
    expect(report.implementation.name).toBe("example stdio adapter");
    expect(report.summary).toMatchObject({ errored: 1, failed: 0, passed: report.summary.total - 1 });
    expect(report.results.find((result: { id: string }) => result.id === "matrix/defaults-visible").reason).toMatch(/did not answer turn 1/);
  });

  it("that cannot start is a usage error", () => {
    const run = cli("run", "--adapter-cmd", "node -e 'process.exit(4)'");
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/the adapter command "node -e 'process.exit\(4\)'" did not start: the adapter exited with code 4 before answering hello/);
  });
});
