// An adapter module's code runs only in a child process of the harness's (isolate.ts): whatever it
// does to its process, as it is imported or during a case, `run` and `fuzz` (the compiled CLI, as
// users run it) end in bounded time, never exit 0 unjudged, and say what the adapter did; the
// report on stdout stays the harness's own. test/fixtures/hostile-adapter.ts is the attacker.
import { describe, expect, it } from "vitest";
import { cliAsync } from "../support/cli.ts";
import { scratchFolder } from "../support/main.ts";
import { MATRIX_CASES } from "../support/case-counts.ts";

type Report = { summary: { badge: string }; results: { id: string; status: string; reason?: string }[] };

const HOSTILE = "test/fixtures/hostile-adapter.ts";
/** The matrix case with a clean_files tool, where the fixture attacks during the turn. */
const ATTACKED = "matrix/defaults-visible";

const hostile = (kind: string, at: "import" | "turn") => ({ EFFECTIVE_ARGS_HOSTILE: kind, EFFECTIVE_ARGS_HOSTILE_AT: at });
const run = (kind: string, at: "import" | "turn", reporter = "json") =>
  cliAsync(["run", "--adapter", HOSTILE, "--filter", "matrix/*", "--timeout", "1000", "--reporter", reporter], hostile(kind, at));
const fuzz = (kind: string, at: "import" | "turn") =>
  cliAsync(["fuzz", "--adapter", HOSTILE, "--runs", "20", "--timeout", "1000", "--workers", "1", "--out", scratchFolder("hostile-fuzz-").folder], { ...hostile(kind, at), EFFECTIVE_ARGS_HOSTILE_TOOL: "*" });

describe.concurrent("run: an adapter module that attacks as it is imported", () => {
  it.each([
    ["exit", "junit", /cannot load adapter module test\/fixtures\/hostile-adapter\.ts: its process exited with code 0 before the module had loaded/],
    ["loop", "json", /cannot load adapter module test\/fixtures\/hostile-adapter\.ts: its process did not finish loading it within 10000 ms \(it kept its process busy\), so it was stopped/],
    ["exports", "json", /cannot read the exports of adapter module test\/fixtures\/hostile-adapter\.ts: Error: hostile adapter: an export getter threw/],
  ])("%s: the module is refused, exit 2, and nothing passes for a report (%s)", async (kind, reporter, message) => {
    const { code, stdout, stderr } = await run(kind, "import", reporter);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toMatch(message);
    expect(stderr).not.toMatch(/\n\s+at /); // no stack trace
  });

  it.each([
    ["pollute", "Object.prototype.polluted added, Object.prototype.toJSON added"],
    ["replace-json", "JSON replaced"],
  ])("%s: the harness's report is its own, and every case errors naming what the module changed", async (kind, change) => {
    const { code, stdout } = await run(kind, "import");
    expect(code).toBe(1);
    const report = JSON.parse(stdout) as Report;
    expect(report.results).toHaveLength(MATRIX_CASES);
    for (const result of report.results) {
      expect(result.status).toBe("errored");
      expect(result.reason).toContain(`the adapter module changed JavaScript built-ins that the probes beside it rely on to record what they are handed (${change}`);
    }
  });

  it("print: what it writes to stdout, even straight to file descriptor 1, goes to stderr marked as the adapter's", async () => {
    const { code, stdout, stderr } = await run("print", "import");
    expect(code).toBe(0);
    expect((JSON.parse(stdout) as Report).results.every((result) => result.status === "passed")).toBe(true);
    expect(stdout).not.toContain("forged");
    expect(stderr.split("\n").filter((line) => line.includes("PASS forged/by-the-adapter"))).toEqual(["[adapter] PASS forged/by-the-adapter", "[adapter] PASS forged/by-the-adapter"]);
  });
});

describe.concurrent("run: an adapter module that attacks during a case", () => {
  it.each([
    ["exit", "the adapter's process exited with code 0"],
    ["kill", "the adapter's process was killed by SIGKILL"],
    ["loop", "the adapter's process did not give control back within 1000 ms (it kept its process busy), so it was stopped"],
    ["throw-later", "the adapter threw outside any call the harness made: Error: hostile adapter: thrown from a timer"],
    ["throw-proxy", "the adapter threw: a Proxy object (not read: reading it would run its traps)"],
    ["pollute", "the adapter changed JavaScript built-ins that the probes beside it rely on to record what they are handed (Object.prototype.polluted added, Object.prototype.toJSON added) during the case"],
    ["replace-json", "the adapter changed JavaScript built-ins that the probes beside it rely on to record what they are handed (JSON replaced"],
  ])("%s: that case errors saying so, and the others run in a fresh process and pass", async (kind, reason) => {
    const { code, stdout } = await run(kind, "turn");
    expect(code).toBe(1);
    const report = JSON.parse(stdout) as Report;
    const attacked = report.results.find((result) => result.id === ATTACKED)!;
    expect(attacked.status).toBe("errored");
    expect(attacked.reason).toContain(reason);
    expect(report.results.filter((result) => result.id !== ATTACKED).map((result) => result.status)).toEqual(Array(MATRIX_CASES - 1).fill("passed"));
  });
});

describe.concurrent("fuzz: an adapter module runs isolated there too", () => {
  it.each([
    ["exit", /cannot load adapter module test\/fixtures\/hostile-adapter\.ts: its process exited with code 0 before the module had loaded/],
    ["loop", /its process did not finish loading it within 10000 ms/],
    ["pollute", /the adapter module changed JavaScript built-ins .*\(Object\.prototype\.polluted added, Object\.prototype\.toJSON added\) as it loaded/],
    ["replace-json", /the adapter module changed JavaScript built-ins .*\(JSON replaced/],
  ])("as it is imported, %s: exit 2 and why", async (kind, message) => {
    const { code, stderr } = await fuzz(kind, "import");
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
  });

  it.each([
    ["exit", "the implementation's process exited with code 0"],
    ["kill", "the implementation's process was killed by SIGKILL"],
    ["loop", "the implementation's process did not give control back within 1000 ms (it kept its process busy), so it was stopped"],
    ["pollute", "(Object.prototype.polluted added, Object.prototype.toJSON added) during the case"],
    ["throw-later", "Error: hostile adapter: thrown from a timer"],
  ])("during a case, %s: that case is the divergence, errored saying why, exit 1", async (kind, reason) => {
    const { code, stdout } = await fuzz(kind, "turn");
    expect(code).toBe(1);
    expect(stdout).toMatch(/^Divergence after \d+ generated cases \(seed 1\): hostile \S+ 0\.1\.0 differs from the reference\./);
    expect(stdout).toContain(reason);
    expect(stdout).toContain("id: invariant/fuzz-1-");
  });
});
