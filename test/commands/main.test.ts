// The commands in process, through the same entry point as the CLI (harness/commands/main.ts):
// each option and each usage error, what goes to standard output and to standard error, and
// the exit code. test/cli.test.ts runs the real CLI as a child process.
import { SHARD_RUNS } from "../../harness/fuzz/shards.ts";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_CASES_DIR, loadCases } from "../../harness/loading/loader.ts";
import { runMain, scratchFolder } from "../support/main.ts";
import { MATRIX_CASES } from "../support/case-counts.ts";

const caseCount = loadCases([DEFAULT_CASES_DIR]).cases.length;
const { folder: scratch, file: scratchFile } = scratchFolder("effective-args-main-");

const run = runMain;

describe("the entry point", () => {
  it("prints usage on standard error and exits 2 without a command; on standard output and 0 for help", async () => {
    const bare = await run();
    expect([bare.code, bare.stdout, bare.stderr.startsWith("effective-args: conformance suite")]).toEqual([2, "", true]);
    for (const help of ["help", "--help", "-h"]) expect((await run(help)).code).toBe(0);
    expect((await run("run", "--help")).stdout).toMatch(/^Usage: npx effective-args run \[options\]/);
  });

  it("turns an unknown command or option into one line and exit code 2, never a stack trace", async () => {
    expect(await run("bogus")).toEqual({ code: 2, stdout: "", stderr: 'effective-args: unknown command "bogus"; the commands are run, fuzz, validate, matrix, report-issue, init\nRun "npx effective-args --help" for usage.\n' });
    const option = await run("run", "--no-such-option");
    expect([option.code, option.stderr]).toEqual([2, expect.stringMatching(/^effective-args: Unknown option '--no-such-option'/)]);
  });
});

describe("run", () => {
  it.each([
    [["--reporter", "xml"], 'unknown reporter "xml"; use pretty, json, junit, tap'],
    [["--timeout", "0"], '--timeout takes a positive whole number, not "0"'],
    [["--timeout", "1.5"], '--timeout takes a positive whole number, not "1.5"'],
    [["--timeout", "soon"], '--timeout takes a positive whole number, not "soon"'],
    [["--level", "may"], 'unknown level "may" for --level; use one of must, should'],
    [["--family", "misc"], 'unknown family "misc" for --family'],
    [["--filter", "nothing/*"], "no case matches the selection"],
    [["--adapter", "missing.ts"], "adapter module not found: missing.ts"],
    [["--adapter", "harness/loading/case-schema.ts"], "does not export an adapter"],
    [["--adapter", "x.ts", "--adapter-cmd", "y"], "give --adapter or --adapter-cmd, not both"],
    [["--adapter-cmd", "exit 3"], 'the adapter command "exit 3" did not start: '],
    [["--max-line-bytes", "0"], '--max-line-bytes takes a positive whole number, not "0"'],
    [["--max-line-bytes", "16MiB"], '--max-line-bytes takes a positive whole number, not "16MiB"'],
    [["--max-line-bytes", "4096"], "--max-line-bytes applies to --adapter-cmd only"],
    [["--adapter-cmd", "node examples/stdio-adapter.mjs", "--max-line-bytes", "100"], 'the adapter command "node examples/stdio-adapter.mjs" did not start: the adapter wrote a line longer than 100 bytes in answer to hello'],
  ])("%j is a usage error", async (args, message) => {
    const { code, stderr } = await run("run", ...args);
    expect(code).toBe(2);
    expect(stderr).toContain(message);
  });

  it("prints a block per case and the summary in the pretty reporter, and exits 0 for the reference", async () => {
    const { code, stdout, stderr } = await run("run", "--family", "matrix");
    expect([code, stderr]).toEqual([0, ""]);
    expect(stdout.match(/^PASS  matrix\//gm)).toHaveLength(MATRIX_CASES);
    expect(stdout).toMatch(/\neffective-args reference 0\.1\.0: MUST \d+\/\d+ \(100%\), SHOULD 0\/0 \(100%\)\n/);
  });

  it("selects by level, family and filter together, * crossing /", async () => {
    const { stdout } = await run("run", "--reporter", "json", "--filter", "*equivalent*", "--level", "must", "--family", "matrix", "--family", "approval-resume");
    const ids = (JSON.parse(stdout) as { results: { id: string }[] }).results.map((result) => result.id);
    expect(ids).toEqual(["approval-resume/equivalent-request-matches-grant", "matrix/equivalent-inputs-share-hash"]);
  });

  it("writes one document in the machine reporters and notices on standard error, exits 2 when a case file is broken while the others run", async () => {
    const broken = scratchFile("cases/matrix/broken.yaml", "id: matrix/broken\n");
    const { code, stdout, stderr } = await run("run", "--reporter", "json", "--cases", broken, "--cases", join(DEFAULT_CASES_DIR, "matrix"));
    expect(code).toBe(2);
    expect((JSON.parse(stdout) as { results: unknown[] }).results).toHaveLength(MATRIX_CASES);
    expect(stderr).toMatch(/broken\.yaml:\d+:\d+: /);
    for (const reporter of ["junit", "tap"]) expect((await run("run", "--reporter", reporter, "--filter", "matrix/defaults-visible")).stdout).toMatch(reporter === "tap" ? /^TAP version 14\n/ : /^<\?xml/);
  });

  it("errors the cases an adapter command answers with a line longer than --max-line-bytes, which the usage names", async () => {
    // Room for the example adapter's hello (202 bytes with its newline), not for its answer to a turn.
    const { code, stdout } = await run("run", "--reporter", "json", "--filter", "matrix/defaults-visible", "--adapter-cmd", "node examples/stdio-adapter.mjs", "--max-line-bytes", "250");
    expect(code).toBe(1);
    expect((JSON.parse(stdout) as { results: { status: string; reason: string }[] }).results.map(({ status, reason }) => ({ status, reason }))).toEqual([
      { status: "errored", reason: "the adapter wrote a line longer than 250 bytes in answer to turn 1" },
    ]);
    for (const command of ["run", "fuzz"]) {
      expect((await run(command, "--help")).stdout).toContain("--max-line-bytes <n> with --adapter-cmd: the longest line (so the largest reply) the adapter may\n                       write, in bytes (default 16777216)");
    }
  });

  it("exits 1 against a broken runtime", async () => {
    expect((await run("run", "--adapter", "test/mutants/no-mutation-check.ts", "--family", "matrix")).code).toBe(1);
  });

  it("records known failures (exit 0) and gates on them (exit 0, XFAIL), failing on an unexpected pass", async () => {
    const file = join(scratch, "known.yaml");
    const recorded = await run("run", "--adapter", "test/mutants/no-mutation-check.ts", "--family", "matrix", "--write-expectations", file);
    expect([recorded.code, recorded.stderr]).toEqual([0, `effective-args: wrote 1 known failure to ${file}\n`]);
    expect(readFileSync(file, "utf8")).toContain("matrix/policy-mutation-denied:");
    const gated = await run("run", "--adapter", "test/mutants/no-mutation-check.ts", "--family", "matrix", "--expect", file);
    expect(gated.code).toBe(0);
    expect(gated.stdout).toContain("XFAIL matrix/policy-mutation-denied");
    expect((await run("run", "--family", "matrix", "--expect", file)).code).toBe(1);
  });

  it("refuses a malformed expectations file and an unwritable one with exit 2", async () => {
    const bad = scratchFile("bad-known.yaml", "failures:\n  x: 3\n");
    expect((await run("run", "--expect", bad)).code).toBe(2);
    const unwritable = await run("run", "--family", "matrix", "--write-expectations", join(scratch, "no-dir", "deep", "x.yaml"));
    expect([unwritable.code, unwritable.stderr]).toEqual([2, expect.stringContaining("cannot write the expectations file")]);
  });

  it("counts only MUST failures with --level must", async () => {
    const all = await run("run", "--adapter", "test/variants/terminal-validation-errors.ts", "--family", "read-batch");
    const must = await run("run", "--adapter", "test/variants/terminal-validation-errors.ts", "--family", "read-batch", "--level", "must");
    expect([all.code, must.code]).toEqual([1, 0]);
  });
});

describe("validate", () => {
  it("exits 0 for the suite's own cases, counting them", async () => {
    expect(await run("validate")).toEqual({ code: 0, stdout: `${caseCount} case files: ${caseCount} valid, 0 invalid\n`, stderr: "" });
  });

  it("exits 1 for an expectation the reference does not meet, 2 for a file that does not load, 2 for a folder without cases", async () => {
    expect((await run("validate", "test/fixtures/wrong-expectations")).code).toBe(1);
    expect((await run("validate", "test/fixtures/bad-cases/matrix/unknown-word.yaml")).code).toBe(2);
    const empty = await run("validate", mkdtempSync(join(tmpdir(), "effective-args-empty-")));
    expect([empty.code, empty.stderr]).toEqual([2, expect.stringContaining("no case files (*.yaml, *.yml) in ")]);
  });
});

describe("fuzz", () => {
  it.each([["--runs", "0"], ["--runs", "-5"], ["--seed", "x"], ["--workers", "0"], ["--max-line-bytes", "0"]])("refuses %s %s with exit 2", async (flag, value) => {
    const { code, stderr } = await run("fuzz", `${flag}=${value}`);
    expect([code, stderr]).toEqual([2, expect.stringContaining(`${flag} takes a positive whole number, not "${value}"`)]);
  });

  it("holds an adapter command to --max-line-bytes", async () => {
    const { code, stderr } = await run("fuzz", "--runs", "1", "--adapter-cmd", "node examples/stdio-adapter.mjs", "--max-line-bytes", "100");
    expect([code, stderr]).toEqual([2, expect.stringContaining('the adapter command "node examples/stdio-adapter.mjs" did not start: the adapter wrote a line longer than 100 bytes in answer to hello')]);
  });

  it("exits 0 when the adapter agrees, 1 with the case written when it diverges", async () => {
    const agreed = await run("fuzz", "--runs", "20");
    expect(agreed).toEqual({ code: 0, stdout: "No divergence: effective-args reference 0.1.0 agreed with the reference on 20 generated cases (seed 1).\n", stderr: "" });
    const out = join(scratch, "fuzz-out");
    const diverged = await run("fuzz", "--adapter", "test/mutants/no-mutation-check.ts", "--runs", "50", "--out", out);
    expect(diverged.code).toBe(1);
    const written = diverged.stdout.match(/written to (\S+) /)![1]!;
    expect(readFileSync(written.startsWith("/") ? written : join(process.cwd(), written), "utf8")).toMatch(/\nrequirements:\n(  - [A-Z]+-\d+\n)*  - INV-6\n/);
  });

  it("runs more than one shard on workers, to the outcome one thread reaches", async () => {
    const args = ["fuzz", "--adapter", "test/mutants/no-mutation-check.ts", "--runs", String(SHARD_RUNS + 1), "--out", join(scratch, "fuzz-workers")];
    const [alone, together] = [await run(...args, "--workers", "1"), await run(...args, "--workers", "2")];
    expect(alone.code).toBe(1);
    expect(together).toEqual(alone);
  });
});
