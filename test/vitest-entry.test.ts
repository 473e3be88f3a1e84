// The vitest entry point in an implementer's own vitest (a child process, on the fixtures of
// test/fixtures/entry-point): it fails exactly the cases a broken runtime fails, with the
// requirement and the reason in the test's error; a case that errors fails its test, whether the
// runtime breaks in a turn or never starts; a case file that does not load fails the run; a
// timeout past the longest timer is refused.
import { spawnSync } from "node:child_process";
import { beforeAll, describe, expect, it } from "vitest";
import { CLI_TIMEOUT_MS, ROOT } from "./support/cli.ts";
import { NO_MUTATION_CHECK_FAILS } from "./support/no-mutation-check.ts";

interface TestResult {
  ancestorTitles: string[];
  title: string;
  status: string;
  failureMessages: string[];
}
interface FileResult {
  name: string;
  status: string;
  message: string;
  assertionResults: TestResult[];
}

let status: number | null = null;
let files: FileResult[] = [];
const fixture = (name: string) => files.find((file) => file.name.endsWith(`/entry-point/${name}`))!;

beforeAll(() => {
  const run = spawnSync(process.execPath, ["node_modules/vitest/vitest.mjs", "run", "--config", "test/fixtures/entry-point/vitest.config.ts", "--reporter", "json"], {
    cwd: ROOT,
    encoding: "utf8",
    timeout: CLI_TIMEOUT_MS,
    killSignal: "SIGKILL",
  });
  if (run.signal !== null) throw new Error(`the fixtures' vitest did not finish within ${CLI_TIMEOUT_MS} ms`);
  status = run.status;
  files = (JSON.parse(run.stdout) as { testResults: FileResult[] }).testResults;
}, CLI_TIMEOUT_MS + 10_000);

describe("the vitest entry point", () => {
  it("fails the user's run", () => {
    expect(status).toBe(1);
    expect(files.map((file) => file.name.replace(/.*\/entry-point\//, "")).sort()).toEqual(["broken-file.fixture.ts", "errored.fixture.ts", "explore.fixture.ts", "mutant.fixture.ts", "timeout.fixture.ts"]);
  });

  it("turns each case into a vitest test that fails when the runtime breaks it", () => {
    const tests = fixture("mutant.fixture.ts").assertionResults;
    expect(tests.length).toBeGreaterThanOrEqual(15);
    const failed = tests.filter((test) => test.status === "failed");
    expect(failed.map((test) => test.title).sort()).toEqual(NO_MUTATION_CHECK_FAILS.filter((id) => /^(matrix|invariant)\//.test(id)));
    expect(failed[0]!.failureMessages.join("\n")).toMatch(/(INV|MATRIX)-6 \(step 1, call c1\): expected outcome denied/);
    expect(tests.filter((test) => test.status === "passed")).toHaveLength(tests.length - failed.length);
  });

  it.each([
    ["breaks in runTurn", /the adapter threw: Error: this runtime breaks in runTurn/],
    ["does not start", /the adapter command "exit 3" did not start: the adapter exited with code 3 before answering hello/],
  ])("fails each case that errors, naming the case and why: a runtime that %s", (suite, reason) => {
    const tests = fixture("errored.fixture.ts").assertionResults.filter((test) => test.ancestorTitles.includes(suite));
    expect(tests.map((test) => [test.title, test.status])).toEqual([
      ["matrix/defaults-visible", "failed"],
      ["matrix/policy-mutation-denied", "failed"],
    ]);
    for (const test of tests) {
      expect(test.failureMessages.join("\n")).toContain(`ERROR ${test.title} [must]`);
      expect(test.failureMessages.join("\n")).toMatch(reason);
    }
  });

  it("fails the run on a case file that does not load, naming it and the problem, even when the filter selects only other cases", () => {
    const tests = fixture("broken-file.fixture.ts").assertionResults;
    expect(tests.map((test) => [test.title, test.status])).toEqual([
      ["loads every case file", "failed"],
      ["matrix/defaults-visible", "passed"],
    ]);
    expect(tests[0]!.failureMessages.join("\n")).toMatch(/broken-cases\/matrix\/not-yaml\.yaml:4:1: YAML syntax: /);
  });

  it("explores as one more test: failed with the generated case for a broken runtime, passed for the reference", () => {
    const tests = fixture("explore.fixture.ts").assertionResults.filter((test) => test.title.startsWith("explores"));
    expect(tests.map((test) => [test.ancestorTitles.at(-1), test.title, test.status])).toEqual([
      ["a runtime that parses twice", "explores 100 generated cases (seed 1)", "failed"],
      ["the reference", "explores 100 generated cases (seed 3)", "passed"],
    ]);
    const message = tests[0]!.failureMessages.join("\n");
    expect(message).toMatch(/FAIL  invariant\/fuzz-1-[0-9a-f]{8} \[must\]/);
    expect(message).toContain("INV-3");
    expect(message).toMatch(/The generated case, to keep as cases\/invariant\/fuzz-1-[0-9a-f]{8}\.yaml:\n\n# yaml-language-server/);
  });

  it("refuses a timeout past the longest timer when the suite is declared", () => {
    const file = fixture("timeout.fixture.ts");
    expect(file.status).toBe("failed");
    expect(file.message).toContain("conformanceSuite: timeoutMs is at most 2147478647 (the longest timer Node.js keeps, less the 5000 ms vitest's own timeout of a case adds), not 3000000000");
  });
});
