// The real CLI as a child process: exit codes, the JSON report's shape, usage errors, validate.
import { describe, expect, it } from "vitest";
import { cli } from "./support/cli.ts";
import { WRONG_EXPECTATIONS, WRONG_EXPECTATIONS_REPORT } from "./support/validate-report.ts";
import { DEFAULT_CASES_DIR, loadCases } from "../harness/loading/loader.ts";
import { withoutTimings } from "./support/timings.ts";

const caseCount = loadCases([DEFAULT_CASES_DIR]).cases.length;



describe("the CLI", () => {
  it("runs every case against the reference, reports JSON and exits 0", () => {
    const { code, stdout, stderr } = cli("run", "--reporter", "json");
    expect(stderr).toBe("");
    expect(code).toBe(0);
    const report = JSON.parse(stdout);
    expect(report.implementation).toMatchObject({ name: "effective-args reference", version: expect.any(String) });
    expect(report.summary).toMatchObject({ total: caseCount, passed: caseCount, failed: 0, errored: 0, skipped: 0 });
    expect(report.summary.badge).toMatch(/^MUST \d+\/\d+ \(100%\), SHOULD \d+\/\d+ \(100%\)$/);
    for (const result of report.results) {
      expect(Object.keys(result)).toEqual(expect.arrayContaining(["id", "status", "level", "family", "requirements", "failures"]));
      expect(result.failures).toEqual([]);
    }
  });

  it("writes the same JSON report twice, timings aside", () => {
    expect(withoutTimings(cli("run", "--reporter", "json").stdout)).toBe(withoutTimings(cli("run", "--reporter", "json").stdout));
  });

  it("exits 1 against a broken runtime and names the broken requirement", () => {
    const { code, stdout } = cli("run", "--reporter", "json", "--adapter", "test/mutants/no-mutation-check.ts");
    expect(code).toBe(1);
    const report = JSON.parse(stdout);
    expect(report.summary.failed).toBeGreaterThan(0);
    const named = report.results.flatMap((result: { failures: { requirement: string; message: string }[] }) => result.failures);
    expect(named).toContainEqual(expect.objectContaining({ requirement: expect.stringMatching(/^(INV-6|MATRIX-6)$/), message: expect.any(String) }));
  });

  it("rests MUST verdicts on MUST evidence: a SHOULD failure in a must case leaves the MUST badge whole, and --level must passes it", () => {
    const variant = "test/variants/terminal-validation-errors.ts";
    const all = cli("run", "--reporter", "json", "--adapter", variant);
    expect(all.code).toBe(1);
    const report = JSON.parse(all.stdout);
    expect(report.summary.badge).toMatch(/^MUST (\d+)\/\1 \(100%\), SHOULD \d+\/\d+ \(\d\d%\)$/);
    const failed = report.results.filter((result: { status: string }) => result.status === "failed");
    expect(failed.map((result: { id: string }) => result.id)).toEqual(["read-batch/batch-goes-on-after-invalid-call", "read-batch/hooks-run-for-each-call", "read-batch/invalid-calls-stop-alone"]);
    expect(new Set(failed.flatMap((result: { failures: { requirement: string }[] }) => result.failures.map((failure) => failure.requirement)))).toEqual(new Set(["BATCH-5"]));
    const must = cli("run", "--reporter", "json", "--adapter", variant, "--level", "must");
    expect(must.code).toBe(0);
    expect(JSON.parse(must.stdout).summary).toMatchObject({ failed: 0, passed: report.summary.byLevel.must.total });
  });

  it("prints progress, diffs and a summary by level and family in the pretty reporter", () => {
    const { code, stdout } = cli("run", "--adapter", "test/mutants/pre-rfc-ordering.ts", "--filter", "decoy-field/*");
    expect(code).toBe(1);
    expect(stdout).toMatch(/^FAIL  decoy-field\//m);
    expect(stdout).toMatch(/^        - expected$/m);
    expect(stdout).toMatch(/^By level:$/m);
    expect(stdout).toMatch(/^By family:$/m);
    expect(stdout).toMatch(/^  decoy-field +\d+\/\d+ passed, \d+ failed$/m);
  });

  it("runs only the cases a --filter glob selects", () => {
    const report = JSON.parse(cli("run", "--reporter", "json", "--filter", "matrix/*").stdout);
    expect(report.results.length).toBeGreaterThanOrEqual(7);
    expect(report.results.every((result: { id: string }) => result.id.startsWith("matrix/"))).toBe(true);
  });

  it.each([
    { args: ["run", "--bogus"], message: /Unknown option '--bogus'/ },
    { args: ["launch"], message: /unknown command "launch"/ },
    { args: ["run", "--reporter", "xml"], message: /unknown reporter "xml"/ },
    { args: ["run", "--adapter", "missing-adapter.ts"], message: /adapter module not found: missing-adapter\.ts/ },
    { args: ["run", "--adapter", "harness/loading/case-schema.ts"], message: /does not export an adapter/ },
    { args: ["run", "--filter", "no-such-case/*"], message: /no case matches the selection/ },
    { args: ["validate", "--bogus"], message: /Unknown option '--bogus'/ },
    { args: ["validate", "test/mutants"], message: /no case files \(\*\.yaml, \*\.yml\) in test\/mutants/ },
  ])("exits 2 with a one-line reason for $args", ({ args, message }) => {
    const { code, stderr } = cli(...args);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
    expect(stderr).not.toMatch(/\n\s+at /); // no stack trace for a user mistake
  });

  it("exits 2 and names file and line for a malformed case file", () => {
    const { code, stdout } = cli("run", "--cases", "test/fixtures/bad-cases/matrix/unknown-word.yaml");
    expect(code).toBe(2);
    expect(stdout).toContain("CASE FILE ERROR test/fixtures/bad-cases/matrix/unknown-word.yaml:14:7: policy.rules.0.decison: unknown word");
  });
});

describe("the validate command", () => {
  const fixture = WRONG_EXPECTATIONS;

  it("finds every case in cases/ valid and exits 0", () => {
    const { code, stdout, stderr } = cli("validate");
    expect(stderr).toBe("");
    expect(stdout).toBe(`${caseCount} case files: ${caseCount} valid, 0 invalid\n`);
    expect(code).toBe(0);
  });

  it("exits 1 and reports each expectation the reference does not meet at its line, with the diff", () => {
    const { code, stdout } = cli("validate", fixture);
    expect(code).toBe(1);
    expect(stdout).toBe(
      [
        ...WRONG_EXPECTATIONS_REPORT,
        "1 case file: 0 valid, 1 invalid",
        "",
      ].join("\n"),
    );
  });

  it("exits 2 and names file and line for a malformed file, and still checks the others", () => {
    const { code, stdout } = cli("validate", "test/fixtures/bad-cases/matrix/malformed-yaml.yaml", "test/fixtures/bad-cases/matrix/unknown-word.yaml", fixture);
    expect(code).toBe(2);
    expect(stdout).toMatch(/^test\/fixtures\/bad-cases\/matrix\/malformed-yaml\.yaml:8:1: YAML syntax: /m);
    expect(stdout).toContain("test/fixtures/bad-cases/matrix/unknown-word.yaml:14:7: policy.rules.0.decison: unknown word");
    expect(stdout).toContain(`${fixture}:30:9: steps.0.expect.c1.parsedArguments: the reference does not meet this expectation`);
    expect(stdout).toMatch(/\n3 case files: 0 valid, 3 invalid\n$/);
  });
});
