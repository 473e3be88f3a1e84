// The CI gate cannot hide a new break (issue 25, item 11): a case the expectations file lists
// for some requirements that now also breaks another fails the run, in every reporter, with a
// line that says which; --write-expectations records what it breaks now. Through the CLI's entry
// point, with the mutant test/mutants/no-mutation-check.ts on the suite's own cases.
import { readFileSync, rmSync } from "node:fs";
import { parse } from "yaml";
import { afterAll, describe, expect, it } from "vitest";
import { runMain, scratchFolder } from "../support/main.ts";

const MUTANT = ["--adapter", "test/mutants/no-mutation-check.ts"];
/** The mutant breaks INV-5, INV-6 and MATRIX-6 in this case. */
const CASE = "matrix/policy-mutation-denied";
const ONLY = ["--filter", CASE];
const { folder, file } = scratchFolder("effective-args-new-breaks-");
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** An expectations file listing CASE for the requirements given. */
const listing = (name: string, requirements: string[], reason?: string) =>
  file(name, `failures:\n  ${CASE}:\n    requirements: [${requirements.join(", ")}]\n${reason ? `    reason: ${reason}\n` : ""}`);

describe("a listed case that breaks a requirement its entry does not list", () => {
  it("fails the run, and the JSON report and standard error say which requirement is new", async () => {
    const expectations = listing("without-inv5.yaml", ["INV-6", "MATRIX-6"]);
    const { code, stdout, stderr } = await runMain("run", ...MUTANT, ...ONLY, "--reporter", "json", "--expect", expectations);
    expect(code).toBe(1);
    const report = JSON.parse(stdout);
    expect(report.results[0]).toMatchObject({ id: CASE, status: "failed", expectation: "unexpected-failure", newlyBroken: ["INV-5"] });
    expect(report.summary).toMatchObject({ failed: 1, expectedFailures: 0, unexpectedFailures: 1, unexpectedPasses: 0 });
    expect(report.expectations.newBreaks).toEqual([{ id: CASE, message: `${CASE} is listed for INV-6, MATRIX-6 but now also breaks INV-5` }]);
    expect(stderr).toBe(`new break: ${CASE} is listed for INV-6, MATRIX-6 but now also breaks INV-5\n`);
  });

  it("is a FAIL in the pretty report, named before the badge and under the case, and a failure in JUnit and TAP", async () => {
    const expectations = listing("pretty-without-inv5.yaml", ["INV-6", "MATRIX-6"]);
    const pretty = await runMain("run", ...MUTANT, ...ONLY, "--expect", expectations);
    expect(pretty.code).toBe(1);
    expect(pretty.stdout).toMatch(new RegExp(`^FAIL  ${CASE} \\[must\\]`, "m"));
    expect(pretty.stdout).toContain(`\nNEW BREAK ${CASE} is listed for INV-6, MATRIX-6 but now also breaks INV-5\n\nmutant no-mutation-check 0.1.0: `);
    expect(pretty.stdout).toContain("      listed as a known failure, but now also breaks INV-5, which its entry does not list\n");
    expect(pretty.stdout).toMatch(/; expected failures: 0, new breaks: 1, unexpected passes: 0 \(.*\)\n$/);

    const junit = await runMain("run", ...MUTANT, ...ONLY, "--reporter", "junit", "--expect", expectations);
    expect(junit.code).toBe(1);
    expect(junit.stdout).toContain('failures="1"');
    expect(junit.stdout).toContain('<failure message="new break: listed as a known failure in ');
    const tap = await runMain("run", ...MUTANT, ...ONLY, "--reporter", "tap", "--expect", expectations);
    expect(tap.code).toBe(1);
    expect(tap.stdout).toContain(`not ok 1 - ${CASE}\n`);
    expect(tap.stdout).not.toContain("# TODO");
  });

  it("passes when the entry lists every requirement broken, or more than are broken now", async () => {
    for (const requirements of [["INV-5", "INV-6", "MATRIX-6"], ["INV-1", "INV-5", "INV-6", "MATRIX-6"]]) {
      const { code, stdout } = await runMain("run", ...MUTANT, ...ONLY, "--reporter", "json", "--expect", listing(`all-${requirements.length}.yaml`, requirements));
      expect(code).toBe(0);
      expect(JSON.parse(stdout).results[0].expectation).toBe("expected-failure");
    }
  });

  it("is recorded by --write-expectations: the entry then lists what the case breaks now, its reason kept", async () => {
    const expectations = listing("rewritten.yaml", ["INV-6"], "tracked in issue 7");
    expect((await runMain("run", ...MUTANT, ...ONLY, "--expect", expectations, "--write-expectations", expectations)).code).toBe(0);
    expect(parse(readFileSync(expectations, "utf8"))).toEqual({ failures: { [CASE]: { requirements: ["INV-5", "INV-6", "MATRIX-6"], reason: "tracked in issue 7" } } });
    expect((await runMain("run", ...MUTANT, ...ONLY, "--expect", expectations)).code).toBe(0);
  });

  it("takes an entry listing no requirement (what an errored case gets) to cover an error only: a failure is a new break", async () => {
    const { code, stdout } = await runMain("run", ...MUTANT, ...ONLY, "--expect", listing("errored-entry.yaml", []));
    expect(code).toBe(1);
    expect(stdout).toContain(`NEW BREAK ${CASE} is listed for no requirement (it errored when recorded) but now breaks INV-5, INV-6, MATRIX-6\n`);
  });
});
