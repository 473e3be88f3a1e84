// Every path a user names is looked at before it is opened: a FIFO would hang the CLI for ever
// (opening it waits for a writer, or a reader) and a link to /dev/zero would be read without end,
// and a file larger than the bound is not read. Each is refused with exit 2, naming the path and
// what it is. Through the real CLI with real FIFOs, each run bounded by test/support/cli.ts, so a
// hang fails its test instead of blocking it.
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, symlinkSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { MAX_FILE_BYTES } from "../../harness/loading/named-paths.ts";
import { cli, CLI_TIMEOUT_MS, ROOT } from "../support/cli.ts";

const scratch = mkdtempSync(join(tmpdir(), "effective-args-named-paths-"));
const at = (...names: string[]) => join(scratch, ...names);

function mkfifo(path: string): string {
  const made = spawnSync("mkfifo", [path], { timeout: 10_000 });
  if (made.status !== 0) throw new Error(`mkfifo ${path} failed: ${made.stderr}`);
  return path;
}

const FIFO = at("pipe.yaml");
const ZERO = at("zero.yaml");
const BIG = at("big.yaml");
const CASE = "cases/matrix/defaults-visible.yaml";
const ONE_CASE = ["--filter", "matrix/defaults-visible"];
const FIFO_WORDS = "it is a FIFO, not a regular file";
const ZERO_WORDS = "it is a character device, not a regular file";

beforeAll(() => {
  mkfifo(FIFO);
  symlinkSync("/dev/zero", ZERO);
  writeFileSync(BIG, "");
  truncateSync(BIG, MAX_FILE_BYTES + 1); // sparse: no disk and no time
  // A cases folder whose *.yaml entries include a FIFO and a link to /dev/zero, beside a real case.
  mkdirSync(at("cases", "matrix"), { recursive: true });
  copyFileSync(join(ROOT, CASE), at("cases", "matrix", "defaults-visible.yaml"));
  mkfifo(at("cases", "matrix", "pipe.yaml"));
  symlinkSync("/dev/zero", at("cases", "matrix", "zero.yaml"));
  // An --out folder whose index.html is a FIFO, and an --out that is one.
  mkdirSync(at("page"));
  mkfifo(at("page", "index.html"));
  mkfifo(at("out-pipe"));
  const report = cli("run", "--reporter", "json", ...ONE_CASE);
  writeFileSync(at("report.json"), report.stdout);
}, CLI_TIMEOUT_MS + 20_000);

/** The CLI's exit code and everything it printed; never the bounding runner's "was killed". */
function refused(...args: string[]): { code: number | null; printed: string } {
  const { code, stdout, stderr } = cli(...args);
  expect(stderr).not.toContain("did not finish");
  expect(stderr).not.toMatch(/\n\s+at /); // no stack trace
  return { code, printed: stdout + stderr };
}

describe("a path that is not a regular file", () => {
  it.each([
    ["run --cases: a FIFO", () => ["run", "--cases", FIFO], `pipe.yaml: cannot read the file (${FIFO_WORDS})`],
    ["run --cases: a link to /dev/zero", () => ["run", "--cases", ZERO], `zero.yaml: cannot read the file (${ZERO_WORDS})`],
    ["run --expect: a FIFO", () => ["run", ...ONE_CASE, "--expect", FIFO], `pipe.yaml: cannot read the expectations file (${FIFO_WORDS})`],
    ["run --expect: a link to /dev/zero", () => ["run", ...ONE_CASE, "--expect", ZERO], `zero.yaml: cannot read the expectations file (${ZERO_WORDS})`],
    ["validate: a FIFO", () => ["validate", FIFO], `pipe.yaml: cannot read the file (${FIFO_WORDS})`],
    ["validate: a link to /dev/zero", () => ["validate", ZERO], `zero.yaml: cannot read the file (${ZERO_WORDS})`],
    ["matrix: a FIFO as a report", () => ["matrix", FIFO, "--out", at("m1")], `${FIFO}: cannot read the report (${FIFO_WORDS})`],
    ["matrix: a link to /dev/zero as a report", () => ["matrix", ZERO, "--out", at("m2")], `${ZERO}: cannot read the report (${ZERO_WORDS})`],
    ["matrix --out: a FIFO", () => ["matrix", at("report.json"), "--out", at("out-pipe")], `--out ${at("out-pipe")}: it is a FIFO, not a folder`],
    ["matrix --out: a folder whose index.html is a FIFO", () => ["matrix", at("report.json"), "--out", at("page")], `--out ${at("page")}: cannot write ${at("page", "index.html")} (${FIFO_WORDS})`],
    ["fuzz --out: a FIFO", () => ["fuzz", "--runs", "1", "--out", at("out-pipe")], `--out ${at("out-pipe")}: it is a FIFO, not a folder`],
    ["run --adapter: a FIFO", () => ["run", "--adapter", FIFO], `cannot load adapter module ${FIFO}: ${FIFO_WORDS}`],
    ["run --adapter: a link to /dev/zero", () => ["run", "--adapter", ZERO], `cannot load adapter module ${ZERO}: ${ZERO_WORDS}`],
    ["fuzz --adapter: a FIFO", () => ["fuzz", "--adapter", FIFO, "--out", at("fuzz-out")], `cannot load adapter module ${FIFO}: ${FIFO_WORDS}`],
  ])("%s: refused with exit 2, naming it and what it is", (_, args, message) => {
    const { code, printed } = refused(...args());
    expect(printed).toContain(message);
    expect(code).toBe(2);
  });

  it("run --write-expectations: a FIFO is refused before the run, with exit 2", () => {
    const { code, stdout, stderr } = cli("run", ...ONE_CASE, "--write-expectations", FIFO);
    expect([code, stdout]).toEqual([2, ""]);
    expect(stderr.split("\n")[0]).toBe(`effective-args: cannot write the expectations file ${FIFO} (${FIFO_WORDS})`);
  });

  it("run --write-expectations: a link to /dev/zero is refused too (a device is no file to keep)", () => {
    const { code, stderr } = cli("run", ...ONE_CASE, "--write-expectations", ZERO);
    expect([code, stderr.split("\n")[0]]).toEqual([2, `effective-args: cannot write the expectations file ${ZERO} (${ZERO_WORDS})`]);
  });

  it("a cases folder: a FIFO and a link to /dev/zero named *.yaml are case-file errors, not skipped; the real case still runs", () => {
    for (const command of [["run", "--cases", at("cases")], ["validate", at("cases")]]) {
      const { code, printed } = refused(...command);
      expect(printed).toContain(`pipe.yaml: cannot read the file (${FIFO_WORDS})`);
      expect(printed).toContain(`zero.yaml: cannot read the file (${ZERO_WORDS})`);
      expect(code).toBe(2);
    }
    expect(cli("run", "--cases", at("cases")).stdout).toMatch(/\n1 case: 1 passed, 0 failed/);
  });
});

describe("a regular file larger than the bound", () => {
  const tooLarge = `it is ${MAX_FILE_BYTES + 1} bytes, more than the ${MAX_FILE_BYTES} (64 MiB) effective-args reads`;

  it.each([
    ["run --cases", () => ["run", "--cases", BIG], `big.yaml: cannot read the file (${tooLarge})`],
    ["run --expect", () => ["run", ...ONE_CASE, "--expect", BIG], `big.yaml: cannot read the expectations file (${tooLarge})`],
    ["matrix", () => ["matrix", BIG, "--out", at("m3")], `${BIG}: cannot read the report (${tooLarge})`],
  ])("%s: refused with exit 2, saying the bound", (_, args, message) => {
    const { code, printed } = refused(...args());
    expect(printed).toContain(message);
    expect(code).toBe(2);
  });
});

describe("a link to a regular file", () => {
  it("is read as the file: a case file (named, and found in a folder), --expect and a report", () => {
    mkdirSync(at("linked", "matrix"), { recursive: true });
    symlinkSync(join(ROOT, CASE), at("linked", "matrix", "defaults-visible.yaml"));
    writeFileSync(at("known.yaml"), "failures: {}\n");
    symlinkSync(at("known.yaml"), at("link-known.yaml"));
    symlinkSync(at("report.json"), at("link-report.json"));
    expect(cli("run", "--cases", at("linked")).code).toBe(0);
    expect(cli("run", "--cases", at("linked", "matrix", "defaults-visible.yaml")).code).toBe(0);
    expect(cli("run", ...ONE_CASE, "--expect", at("link-known.yaml")).code).toBe(0);
    expect(cli("matrix", at("link-report.json"), "--out", at("m4")).code).toBe(0);
  });
});
