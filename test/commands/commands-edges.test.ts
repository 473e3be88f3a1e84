// The edges of the commands behind harness/cli.ts, in process through main(argv, io): strict
// argument parsing, each way an adapter module can be unusable, internal errors, what run and
// fuzz print and dispose of, and validate's exact report when the reference breaks, skips or
// fails a case. It pins the messages and exit codes that test/commands/main.test.ts leaves loose.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { join, relative } from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { reportFuzzOutcome } from "../../harness/commands/fuzz.ts";
import { processOutput } from "../../harness/commands/io.ts";
import { fuzz } from "../../harness/fuzz/differential.ts";
import { DEFAULT_CASES_DIR, loadCases } from "../../harness/loading/loader.ts";
import { runMain, scratchFolder } from "../support/main.ts";
import { WRONG_EXPECTATIONS, WRONG_EXPECTATIONS_REPORT } from "../support/validate-report.ts";
import referenceAdapter from "../../reference/adapter.ts";
import deepCopyForTool from "../mutants/deep-copy-for-tool.ts";
import doubleParse from "../mutants/double-parse.ts";

const { folder: scratch, file: scratchFile } = scratchFolder("effective-args-commands-edges-");

const run = runMain;

/** What main prints on standard error for a usage error. */
const usageError = (message: string) => `effective-args: ${message}\nRun "npx effective-args --help" for usage.\n`;
/** For a mistake in what the command line names (an adapter module): its line, no usage hint. */
const inputError = (message: string) => `effective-args: ${message}\n`;

const ALL_CAPABILITIES = '["approval", "batch", "fingerprint", "hooks"]';

afterEach(() => {
  vi.restoreAllMocks();
});

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

describe("argument parsing", () => {
  it("refuses a stray argument to run: run takes options only", async () => {
    expect(await run("run", "stray")).toEqual({
      code: 2,
      stdout: "",
      stderr: usageError("Unexpected argument 'stray'. This command does not take positional arguments"),
    });
  });

  it("refuses an unknown option to validate rather than taking it for nothing", async () => {
    expect(await run("validate", "--bogus")).toEqual({
      code: 2,
      stdout: "",
      stderr: usageError(`Unknown option '--bogus'. To specify a positional argument starting with a '-', place it at the end of the command after '--', as in '-- "--bogus"`),
    });
  });
});

describe("adapter modules", () => {
  const notAnAdapter = (path: string) =>
    inputError(`${path} does not export an adapter: expected a default export (or "adapter") with name, version, capabilities and createSession`);

  it.each([
    ["a null export", "export const adapter = null;\n"],
    ["an adapter without a name", `export default { version: "1", capabilities: ${ALL_CAPABILITIES}, createSession() { return { runTurn: async () => [] }; } };\n`],
    ["an adapter without a version", `export default { name: "x", capabilities: ${ALL_CAPABILITIES}, createSession() { return { runTurn: async () => [] }; } };\n`],
    ["an adapter without createSession", `export default { name: "x", version: "1", capabilities: ${ALL_CAPABILITIES}, createSession: "soon" };\n`],
  ])("refuses %s as not an adapter, exit 2, before running any case", async (what, text) => {
    const path = scratchFile(`not-an-adapter/${what.replaceAll(" ", "-")}.mjs`, text);
    expect(await run("run", "--adapter", path, "--family", "matrix")).toEqual({ code: 2, stdout: "", stderr: notAnAdapter(path) });
  });

  it("names the module and the import's own error when the module throws while loading", async () => {
    const path = scratchFile("throws-on-import.mjs", 'throw new Error("this module refuses to load");\n');
    expect(await run("run", "--adapter", path)).toEqual({
      code: 2,
      stdout: "",
      stderr: inputError(`cannot load adapter module ${path}: this module refuses to load`),
    });
  });

  // Issue 22, item 9: a module's mistake is the user's, said in one line, never an internal error with a stack.
  it("names the module and the error when reading its exports throws, exit 2, without a stack trace", async () => {
    const path = scratchFile("throws-on-inspection.mjs", 'export default { get name() { throw new Error("no name to give"); } };\n');
    expect(await run("run", "--adapter", path)).toEqual({ code: 2, stdout: "", stderr: inputError(`cannot read the exports of adapter module ${path}: Error: no name to give`) });
  });

  it("says what was thrown when reading its exports throws a value that is no Error (null)", async () => {
    const path = scratchFile("throws-null-on-inspection.mjs", "export default { get name() { throw null; } };\n");
    expect(await run("run", "--adapter", path)).toEqual({ code: 2, stdout: "", stderr: inputError(`cannot read the exports of adapter module ${path}: null`) });
  });
});

describe("run", () => {
  const broken = "test/fixtures/bad-cases/matrix/unknown-word.yaml";

  it("reports case files that all fail to load (exit 2) instead of calling the selection empty, on standard output only in pretty", async () => {
    const { code, stdout, stderr } = await run("run", "--cases", broken);
    expect([code, stderr]).toEqual([2, ""]);
    expect(
      stdout.startsWith(
        `\nCASE FILE ERROR ${broken}:13:7: policy.rules.0.decision: missing; expected one of "allow"|"deny"|"require_approval"\n` +
          `CASE FILE ERROR ${broken}:14:7: policy.rules.0.decison: unknown word "decison" here\n\n`,
      ),
    ).toBe(true);
    expect(stdout.endsWith("\n0 cases: 0 passed, 0 failed, 0 errored, 0 skipped\n")).toBe(true);
  });

  it("selects only the cases of the --level given", async () => {
    const { code, stdout } = await run("run", "--reporter", "json", "--level", "should", "--family", "read-batch");
    const ids = (JSON.parse(stdout) as { results: { id: string }[] }).results.map((result) => result.id);
    expect(code).toBe(0);
    expect(ids).toEqual(["read-batch/batch-goes-on-after-invalid-call", "read-batch/hook-answers-stay-with-their-call", "read-batch/nested-default-is-fresh"]);
    const shouldCases = loadCases([join(DEFAULT_CASES_DIR, "read-batch")]).cases.filter((testCase) => testCase.level === "should");
    expect(ids).toEqual(shouldCases.map((testCase) => testCase.id));
  });

  it("says it wrote 0 known failures, in the plural, for a run without failures", async () => {
    const file = join(scratch, "none-known.yaml");
    const { code, stderr } = await run("run", "--family", "matrix", "--reporter", "json", "--write-expectations", file);
    expect([code, stderr]).toEqual([0, `effective-args: wrote 0 known failures to ${file}\n`]);
  });

  it("counts errored cases as known failures and names the implementation in the file written", async () => {
    const adapter = scratchFile(
      "cannot-start.mjs",
      `export default { name: "cannot start", version: "9", capabilities: ${ALL_CAPABILITIES}, createSession() { throw new Error("no session today"); } };\n`,
    );
    const file = join(scratch, "errored-known.yaml");
    const matrix = loadCases([join(DEFAULT_CASES_DIR, "matrix")]).cases.map((testCase) => testCase.id);
    const { code, stderr } = await run("run", "--adapter", adapter, "--family", "matrix", "--reporter", "json", "--write-expectations", file);
    expect([code, stderr]).toEqual([0, `effective-args: wrote ${matrix.length} known failures to ${file}\n`]);
    const written = readFileSync(file, "utf8");
    expect(written.split("\n").slice(0, 3)).toEqual([
      "# Known failures of cannot start 9, generated by effective-args run --write-expectations.",
      "# A listed case may fail on the requirements listed, or error, without failing the run; it fails the run when it breaks another or passes.",
      "",
    ]);
    for (const id of matrix) expect(written).toContain(`  ${id}:\n    requirements: []\n    reason: "errored: the adapter threw: Error: no session today"\n`);
  });

  it("names the system's error code when the expectations file cannot be written", async () => {
    const file = join(scratch, "no-such-dir", "known.yaml");
    expect(await run("run", "--family", "matrix", "--reporter", "json", "--write-expectations", file)).toEqual({
      code: 2,
      stdout: expect.stringMatching(/^\{/),
      // The file's problem, not the command line's: no usage hint.
      stderr: `effective-args: cannot write the expectations file ${file} (ENOENT)\n`,
    });
  });

  it("prints every problem of an expectations file, one per line", async () => {
    const path = scratchFile("two-unknown.yaml", "failures:\n  matrix/defaults-visible:\n    requirements: [NOPE-1, NOPE-2]\n");
    const file = relative(process.cwd(), path);
    expect(await run("run", "--expect", path)).toEqual({
      code: 2,
      stdout: "",
      stderr: `effective-args: ${file}:3:20: unknown requirement "NOPE-1" (see spec/requirements.yaml)\n${file}:3:28: unknown requirement "NOPE-2" (see spec/requirements.yaml)\n`,
    });
  });
});

describe("disposing of an adapter command", () => {
  const requestsLogged = (log: string) =>
    readFileSync(log, "utf8")
      .trim()
      .split("\n")
      .map((line) => (JSON.parse(line) as { type: string }).type);

  it("run shuts the adapter process down when the cases are done", async () => {
    const log = join(scratch, "run-requests.log");
    const { code } = await run("run", "--reporter", "json", "--filter", "matrix/defaults-visible", "--adapter-cmd", `node test/fixtures/running-adapter.mjs normal '*' ${log}`);
    expect(code).toBe(0);
    const types = requestsLogged(log);
    expect([types[0], types.at(-1)]).toEqual(["hello", "shutdown"]);
  });

  it("fuzz shuts the adapter process down when fuzzing is done", async () => {
    const log = join(scratch, "fuzz-requests.log");
    const { code, stdout } = await run("fuzz", "--runs", "1", "--adapter-cmd", `node test/fixtures/running-adapter.mjs normal '*' ${log}`);
    expect([code, stdout]).toEqual([0, expect.stringMatching(/^No divergence: running adapter \d+ \d+\.\d+\.\d+ agreed with the reference on 1 generated cases \(seed 1\)\.\n$/)]);
    const types = requestsLogged(log);
    expect([types[0], types.at(-1)]).toEqual(["hello", "shutdown"]);
  });
});

describe("fuzz", () => {
  it("prints each problem of a broken reference on its own line, then the generated case", async () => {
    const outcome = await fuzz(referenceAdapter, { runs: 30, seed: 1, timeoutMs: 5_000, oracle: doubleParse });
    if (outcome.kind !== "reference-broke") throw new Error(`expected the double-parsing oracle to break, got ${outcome.kind}`);
    expect(outcome.problems.length).toBeGreaterThanOrEqual(2);
    let printed = "";
    expect(reportFuzzOutcome(outcome, "rt 1", "unused", { out: (text) => void (printed += text), err: () => undefined })).toBe(1);
    const lines = printed.split("\n");
    expect(lines[0]).toBe(`The reference itself broke a universal check on a generated case (seed ${outcome.seed}); this is a bug in effective-args:`);
    expect(lines.slice(1, 1 + outcome.problems.length)).toEqual(outcome.problems.map((problem) => `  ${problem}`));
    expect(JSON.parse(lines.slice(1 + outcome.problems.length).join("\n"))).toEqual(outcome.skeleton);
  });
});

describe("validate", () => {
  const fixture = WRONG_EXPECTATIONS;

  it("reports each unmet expectation and each unreadable file at its place, files sorted, with the count (exit 2)", async () => {
    const absent = "test/fixtures/wrong-expectations/matrix/zz-absent.yaml";
    // The unreadable file is found first but sorts after the other.
    expect(await run("validate", absent, fixture)).toEqual({
      code: 2,
      stdout: [
        ...WRONG_EXPECTATIONS_REPORT,
        `${absent}: cannot read the file (ENOENT)`,
        "2 case files: 0 valid, 2 invalid",
        "",
      ].join("\n"),
      stderr: "",
    });
  });

  it("counts valid and invalid files apart, in the singular for one file (exit 1)", async () => {
    expect(await run("validate", fixture)).toEqual({ code: 1, stdout: expect.stringMatching(/\n1 case file: 0 valid, 1 invalid\n$/), stderr: "" });
    const valid = "cases/matrix/defaults-visible.yaml";
    expect(await run("validate", fixture, valid)).toEqual({ code: 1, stdout: expect.stringMatching(/\n2 case files: 1 valid, 1 invalid\n$/), stderr: "" });
  });

  it("names every folder searched when none holds a case file", async () => {
    const first = mkdtempSync(join(scratch, "empty-"));
    const second = mkdtempSync(join(scratch, "empty-"));
    expect(await run("validate", first, second)).toEqual({ code: 2, stdout: "", stderr: usageError(`no case files (*.yaml, *.yml) in ${first}, ${second}`) });
  });

  it("reports a case the reference broke on at the top of its file", async () => {
    vi.spyOn(referenceAdapter, "createSession").mockImplementation(() => {
      throw new Error("out of order");
    });
    expect(await run("validate", "cases/matrix/defaults-visible.yaml")).toEqual({
      code: 1,
      stdout: "cases/matrix/defaults-visible.yaml:2:1: the reference broke on this case: the adapter threw: Error: out of order\n1 case file: 0 valid, 1 invalid\n",
      stderr: "",
    });
  });

  it("reports a case the reference skipped, for a capability it lacks, at the top of its file", async () => {
    const capabilities = referenceAdapter.capabilities;
    referenceAdapter.capabilities = capabilities.filter((capability) => capability !== "batch");
    const file = "cases/read-batch/each-call-decided-on-its-own.yaml";
    try {
      expect(await run("validate", file)).toEqual({
        code: 1,
        stdout: `${file}:2:1: the reference skipped on this case: the adapter does not declare: batch\n1 case file: 0 valid, 1 invalid\n`,
        stderr: "",
      });
    } finally {
      referenceAdapter.capabilities = capabilities;
    }
  });

  it("places a universal check the reference fails at the call of its turn, first or later in the batch", async () => {
    // The reference's sessions replaced by those of a runtime that hands the tool a copy (INV-5).
    vi.spyOn(referenceAdapter, "createSession").mockImplementation(deepCopyForTool.createSession);
    const file = "cases/read-batch/each-call-decided-on-its-own.yaml";
    const message =
      "the reference fails INV-5 here: the tool received a different object from the parsedArguments the policy evaluated (same value, another object: the runtime copies the arguments, or makes them again, between policy and tool)";
    expect(await run("validate", file)).toEqual({
      code: 1,
      stdout: [`${file}:28:9: steps.0.turn.0: ${message}`, `${file}:30:9: steps.0.turn.2: ${message}`, "1 case file: 0 valid, 1 invalid", ""].join("\n"),
      stderr: "",
    });
  });
});

describe("the process's output", () => {
  it("writes out to standard output and err to standard error", () => {
    const stdout = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    const stderr = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    processOutput.out("to stdout\n");
    processOutput.err("to stderr\n");
    expect(stdout.mock.calls).toEqual([["to stdout\n"]]);
    expect(stderr.mock.calls).toEqual([["to stderr\n"]]);
  });
});
