// Reports people read (issue 25, items 13 and 14): a failure says what a wrongly wired tool got
// (the decoded request instead of the schema output; the same value in another object), the
// pretty summary leads with the requirements that do not hold, each with its count and its cases
// wrapped, before the case-by-case list, and every report numbers steps from 1. Through the CLI's
// entry point, on the suite's own cases, with mutants of the reference as the runtimes.
import { rmSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { parse } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_WIDTH } from "../../harness/reporting/pretty.ts";
import { ROOT } from "../support/cli.ts";
import { runMain, scratchFolder } from "../support/main.ts";

const { folder, file } = scratchFolder("effective-args-what-ran-");
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const url = (path: string) => JSON.stringify(pathToFileURL(`${ROOT}/${path}`).href);

/** A runtime that hands its tool the model's decoded request, not the schema output the policy evaluated. */
const REQUEST_FOR_TOOL = file(
  "request-for-tool.ts",
  `import { referenceStages, type Stages } from ${url("reference/runtime.ts")};
import { mutant } from ${url("test/mutants/mutant.ts")};
export default mutant("request-for-tool", "The tool is handed the decoded request.", ["INV-5"], {
  attempt(config, call, turn) {
    const stages: Stages = { ...this, execute: (tool, _evaluated, callId) => referenceStages.execute(tool, referenceStages.decode(call.rawArguments), callId) };
    return referenceStages.attempt.call(stages, config, call, turn);
  },
});
`,
);
const DEEP_COPY = "test/mutants/deep-copy-for-tool.ts";

describe("what a wrongly wired tool got", () => {
  it("says the tool got the decoded request, not the schema output", async () => {
    const { code, stdout } = await runMain("run", "--adapter", REQUEST_FOR_TOOL, "--filter", "matrix/defaults-visible", "--reporter", "json");
    expect(code).toBe(1);
    const failures = JSON.parse(stdout).results[0].failures as { requirement: string; check?: number; message: string }[];
    expect(failures).toContainEqual(
      expect.objectContaining({ requirement: "INV-5", check: 13, message: "the arguments at tool entry differ from the arguments at policy entry: the tool got the decoded request, not the schema output" }),
    );
  });

  it("says so of an approved call resumed with the decoded request too", async () => {
    const { stdout } = await runMain("run", "--adapter", REQUEST_FOR_TOOL, "--filter", "approval-resume/approved-call-runs-as-suspended", "--reporter", "json");
    expect(JSON.parse(stdout).results[0].failures[0]).toMatchObject({
      requirement: "APPROVAL-6",
      message: "the approved call ran with arguments other than the proposal that was suspended and approved: the tool got the decoded request, not the schema output",
    });
  });

  it("says the same value in another object is a copy, and says nothing more when the value differs otherwise", async () => {
    const copied = await runMain("run", "--adapter", DEEP_COPY, "--filter", "matrix/defaults-visible", "--reporter", "json");
    expect(JSON.parse(copied.stdout).results[0].failures).toEqual([
      expect.objectContaining({
        check: 12,
        message: "the tool received a different object from the parsedArguments the policy evaluated (same value, another object: the runtime copies the arguments, or makes them again, between policy and tool)",
      }),
    ]);
    // A policy's in-place change reaches the tool: neither the request nor a copy.
    const mutated = await runMain("run", "--adapter", "test/mutants/no-mutation-check.ts", "--filter", "matrix/policy-mutation-denied", "--reporter", "json");
    expect(JSON.parse(mutated.stdout).results[0].failures[0]).toMatchObject({ check: 13, message: "the arguments at tool entry differ from the arguments at policy entry" });
  });
});

describe("the pretty report of a runtime that fails many cases", () => {
  let stdout = "";
  beforeAll(async () => {
    const run = await runMain("run", "--adapter", REQUEST_FOR_TOOL);
    expect(run.code).toBe(1);
    stdout = run.stdout;
  }, 120_000);

  it("prints one line per case as it ends, then the requirements, each with its count and its cases wrapped, before the case-by-case list", () => {
    const lines = stdout.split("\n");
    const requirements = lines.findIndex((line) => line.startsWith("Requirements: "));
    const caseByCase = lines.indexOf("Case by case:");
    expect(requirements).toBeGreaterThan(0);
    expect(caseByCase).toBeGreaterThan(requirements);
    // Before the summary, only the line of each case: no failure, reason or diff.
    expect(lines.slice(0, lines.indexOf("")).every((line) => /^(PASS |FAIL |SKIP |ERROR) \S+ \[(must|should)\] /.test(line))).toBe(true);
    const inv5 = lines.findIndex((line) => line.startsWith("  INV-5 "));
    const count = Number(/broken in (\d+) cases: Evaluated equals executed$/.exec(lines[inv5]!)?.[1]);
    expect(count).toBeGreaterThan(20);
    const listed = [];
    for (let at = inv5 + 1; lines[at]!.startsWith("      "); at++) {
      expect(lines[at]!.length).toBeLessThanOrEqual(DEFAULT_WIDTH);
      listed.push(...lines[at]!.trim().split(/,\s*/).filter(Boolean));
    }
    expect(listed).toHaveLength(count);
    expect(listed).toContain("matrix/defaults-visible");
    expect(stdout).toMatch(/\n\d+ cases: \d+ passed, \d+ failed, 0 errored, 0 skipped\n$/);
  });
});

describe("steps", () => {
  const CASE = ["--adapter", REQUEST_FOR_TOOL, "--filter", "approval-resume/approved-call-runs-as-suspended"];

  it("are counted from 1 in every report: JSON, pretty, JUnit, TAP and the upstream issue made from the JSON", async () => {
    // The case's second step resumes the call its first suspended; the failure is in the second.
    const json = await runMain("run", ...CASE, "--reporter", "json");
    const failure = JSON.parse(json.stdout).results[0].failures[0];
    expect(failure).toMatchObject({ requirement: "APPROVAL-6", step: 2, callId: "c1" });
    expect((await runMain("run", ...CASE)).stdout).toContain("      APPROVAL-6 (step 2, call c1): the approved call ran");
    expect((await runMain("run", ...CASE, "--reporter", "junit")).stdout).toContain("APPROVAL-6 (step 2, call c1): the approved call ran");
    const tap = (await runMain("run", ...CASE, "--reporter", "tap")).stdout.split("\n");
    const block = parse(tap.slice(tap.indexOf("  ---") + 1, tap.indexOf("  ...")).map((line) => line.slice(2)).join("\n"));
    expect(block.failures[0]).toMatchObject({ requirement: "APPROVAL-6", step: 2, call: "c1" });
    const issue = await runMain("report-issue", file("report.json", json.stdout), "--case", "approval-resume/approved-call-runs-as-suspended");
    expect(issue.stdout).toContain("APPROVAL-6 (step 2, call c1): the approved call ran");
  });
});
