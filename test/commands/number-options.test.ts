// Numbers that become timers or sizes are bounded where they are given: Node.js sets a timer
// longer than 2^31-1 ms to 1 ms (so "--timeout 3000000000" errored every case "within
// 3000000000 ms"), a line longer than the longest string cannot be decoded, and a run cut into
// more shards or threads than memory holds crashes. Each is a usage error (exit 2) that names the
// largest value allowed; the largest itself works. Through the real CLI.
import { describe, expect, it } from "vitest";
import { MAX_TIMER_MS } from "../../harness/running/deadline.ts";
import { ISOLATION_GRACE_MS } from "../../harness/running/isolated.ts";
import { cli } from "../support/cli.ts";

const ONE_CASE = ["--filter", "matrix/defaults-visible"];
const STDIO = ["--adapter-cmd", "exec node examples/stdio-adapter.mjs"];
const LONGEST_TIMEOUT = MAX_TIMER_MS - ISOLATION_GRACE_MS;

describe("numeric options", () => {
  it.each([
    ["--timeout past the longest timer", ["run", ...ONE_CASE, "--timeout", "3000000000"], `--timeout is at most ${LONGEST_TIMEOUT}`],
    ["--timeout just past the largest", ["run", ...ONE_CASE, "--timeout", String(LONGEST_TIMEOUT + 1)], `--timeout is at most ${LONGEST_TIMEOUT}`],
    ["fuzz --timeout", ["fuzz", "--runs", "1", "--timeout", "3000000000"], `--timeout is at most ${LONGEST_TIMEOUT}`],
    ["--max-line-bytes past the longest string", ["run", ...ONE_CASE, ...STDIO, "--max-line-bytes", "9007199254740991"], "--max-line-bytes is at most 536870888"],
    ["fuzz --runs past the bound", ["fuzz", "--runs", "9007199254740991", "--workers", "2"], "--runs is at most 100000000"],
    ["fuzz --workers past the bound", ["fuzz", "--runs", "1", "--workers", "100000"], "--workers is at most 256"],
  ])("%s: a usage error naming the largest value (exit 2)", (_, args, message) => {
    const { code, stdout, stderr } = cli(...args);
    expect(stderr).not.toMatch(/\n\s+at /); // no stack trace
    expect(stderr.split("\n")[0]).toContain(`effective-args: ${message}`);
    expect([code, stdout]).toEqual([2, ""]);
  });

  it("takes the largest --timeout, even for an adapter module, whose thread gets a grace on top, and no timer overflows", () => {
    const { code, stderr } = cli("run", ...ONE_CASE, "--adapter", "reference/adapter.ts", "--timeout", String(LONGEST_TIMEOUT));
    expect(stderr).not.toContain("TimeoutOverflowWarning");
    expect(code).toBe(0);
  });
});
