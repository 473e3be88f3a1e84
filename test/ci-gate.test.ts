// The run command as a CI gate: JUnit and TAP reports, the expectations file of known failures
// (--expect, --write-expectations), and selection by level and family. Through the CLI's entry
// point in process, which takes a fraction of the time; test/cli.test.ts runs the real CLI as a
// child process (exit codes, streams, a hanging or crashing adapter).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { parse } from "yaml";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT as root } from "./support/cli.ts";
import { runMain } from "./support/main.ts";
import { DEFAULT_CASES_DIR, loadCases, type LoadedCase } from "../harness/loading/loader.ts";
import { notApplicableTo } from "../harness/loading/requirements.ts";
import { NO_MUTATION_CHECK_FAILS } from "./support/no-mutation-check.ts";

const { cases } = loadCases([DEFAULT_CASES_DIR]);
const ids = (select: (testCase: LoadedCase) => boolean) => cases.filter(select).map((testCase) => testCase.id);
const MUTANT = "test/mutants/no-mutation-check.ts";
/** The cases the mutant fails (checked below, so that a change to the suite shows here). */
const MUTANT_FAILS = NO_MUTATION_CHECK_FAILS;

const scratch = mkdtempSync(join(tmpdir(), "effective-args-ci-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const scratchFile = (name: string, text?: string) => {
  const path = join(scratch, name);
  if (text !== undefined) writeFileSync(path, text);
  return path;
};

const runCli = (...args: string[]) => runMain("run", ...args);

const json = async (...args: string[]) => {
  const { code, stdout, stderr } = await runCli("--reporter", "json", ...args);
  return { code, stderr, report: JSON.parse(stdout) as { summary: Record<string, unknown>; results: { id: string; status: string; expectation?: string }[] } };
};

interface Element {
  [key: string]: unknown;
}
const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "", isArray: (name) => ["testsuite", "testcase"].includes(name) });
function junit(stdout: string) {
  expect(XMLValidator.validate(stdout)).toBe(true);
  const suites = (xml.parse(stdout) as { testsuites: Element & { testsuite: (Element & { testcase: Element[] })[] } }).testsuites;
  return { suites, testcases: suites.testsuite.flatMap((suite) => suite.testcase) };
}

/** An adapter module whose every session throws, with characters XML must escape or cannot carry. */
const throwingAdapter = scratchFile(
  "throwing-adapter.mjs",
  `export default { name: "throws <&>", version: "0", capabilities: ["hooks", "approval", "batch"],
  createSession() { throw new Error("no <runtime> & 'no' \\"luck\\"\\u0001\\nsecond line"); } };\n`,
);
/** The reference without approval or hooks, so that some cases are skipped (TypeScript: it imports the reference's source). */
const batchOnlyAdapter = scratchFile(
  "batch-only-adapter.ts",
  `import reference from ${JSON.stringify(pathToFileURL(join(root, "reference/adapter.ts")).href)};\nexport default { ...reference, capabilities: ["batch"] };\n`,
);

describe("--reporter junit", () => {
  it("writes valid XML with one testsuite per family and one passing testcase per case for the reference", async () => {
    const { code, stdout, stderr } = await runCli("--reporter", "junit");
    expect(stderr).toBe("");
    expect(code).toBe(0);
    const { suites, testcases } = junit(stdout);
    expect(testcases).toHaveLength(cases.length);
    expect(suites.testsuite.map((suite) => suite.name)).toEqual([...new Set(cases.map((testCase) => testCase.family))].sort());
    expect(suites).toMatchObject({ tests: String(cases.length), failures: "0", errors: "0", skipped: "0" });
    for (const testcase of testcases) {
      expect(Object.keys(testcase).sort()).toEqual(["classname", "file", "name", "time"]);
      expect(testcase.time).toMatch(/^\d+\.\d{3}$/);
    }
    const first = cases[0]!;
    expect(testcases[0]).toMatchObject({ classname: first.family, name: `${first.id}: ${first.title}`, file: `cases/${first.id}.yaml` });
  });

  it("reports each failing case of a broken runtime as a failure naming the requirement, with every failure line", async () => {
    const { code, stdout } = await runCli("--reporter", "junit", "--adapter", MUTANT);
    expect(code).toBe(1);
    const { suites, testcases } = junit(stdout);
    expect(testcases).toHaveLength(cases.length);
    expect(suites).toMatchObject({ tests: String(cases.length), failures: String(MUTANT_FAILS.length), errors: "0", skipped: "0" });
    const failing = testcases.filter((testcase) => "failure" in testcase);
    expect(failing.map((testcase) => String(testcase.name).split(":")[0])).toEqual(MUTANT_FAILS);
    for (const testcase of failing) {
      const failure = testcase.failure as { message: string; type: string; "#text": string };
      expect(failure.message.startsWith(`${failure.type}: `)).toBe(true);
      expect(failure["#text"].split("\n")[0]).toBe(failure.message.replace(/^([A-Z]+-\d+): /, "$1 (step 1, call c1): "));
    }
    expect((failing.at(-1)!.failure as { "#text": string })["#text"]).toContain('  -   "path": "/tmp/notes.txt"\n  +   "path": "/etc/shadow"');
    const invariant = suites.testsuite.find((suite) => suite.name === "invariant");
    expect(invariant).toMatchObject({ failures: String(MUTANT_FAILS.filter((id) => id.startsWith("invariant/")).length), tests: String(ids((testCase) => testCase.family === "invariant").length) });
  });

  it("escapes what XML needs escaped in errored and skipped cases", async () => {
    const errored = junit((await runCli("--reporter", "junit", "--adapter", throwingAdapter, "--family", "matrix")).stdout);
    expect(errored.suites).toMatchObject({ name: "effective-args: throws <&> 0", errors: String(errored.testcases.length) });
    const error = errored.testcases[0]!.error as { message: string; "#text": string };
    expect(error.message).toBe(`the adapter threw: Error: no <runtime> & 'no' "luck"\\u0001`);
    expect(error["#text"]).toBe(`${error.message}\nsecond line`);

    const skipped = junit((await runCli("--reporter", "junit", "--adapter", batchOnlyAdapter, "--family", "hook-rewrite")).stdout);
    expect(skipped.suites.skipped).toBe(String(skipped.testcases.length));
    expect(skipped.testcases.map((testcase) => (testcase.skipped as { message: string }).message)).toContain("the adapter does not declare: hooks");
    expect(skipped.testcases.map((testcase) => (testcase.skipped as { message: string }).message)).toContain('not applicable: HOOK-4, HOOK-1, since the runtime has no PreToolUse hooks (no "hooks" capability)');
  });
});

it("writes the same JUnit and TAP documents twice, timings aside", async () => {
  const withoutTimes = (text: string) => text.replace(/ time="[\d.]+"/g, "");
  const once = async (reporter: string) => (await runCli("--reporter", reporter, "--adapter", MUTANT, "--family", "invariant")).stdout;
  const twice = async (reporter: string) => [await once(reporter), await once(reporter)];
  const [junitA, junitB] = await twice("junit");
  expect(junitA).toMatch(/<failure /);
  expect(withoutTimes(junitA!)).toBe(withoutTimes(junitB!));
  const [tapA, tapB] = await twice("tap");
  expect(tapA).toMatch(/^not ok /m);
  expect(tapA).toBe(tapB);
});

describe("--reporter tap", () => {
  it("writes TAP 14: a plan, a test point per case, YAML diagnostics under each not ok", async () => {
    const { code, stdout, stderr } = await runCli("--reporter", "tap", "--adapter", MUTANT);
    expect(stderr).toBe("");
    expect(code).toBe(1);
    const lines = stdout.split("\n");
    expect(lines.slice(0, 2)).toEqual(["TAP version 14", `1..${cases.length}`]);
    const points = lines.filter((line) => /^(not )?ok /.test(line));
    expect(points).toEqual(cases.map((testCase, index) => `${MUTANT_FAILS.includes(testCase.id) ? "not ok" : "ok"} ${index + 1} - ${testCase.id}`));
    const notOk = lines.indexOf(`not ok ${cases.findIndex((testCase) => testCase.id === "matrix/policy-mutation-denied") + 1} - matrix/policy-mutation-denied`);
    const end = lines.indexOf("  ...", notOk);
    expect(lines[notOk + 1]).toBe("  ---");
    const block = parse(lines.slice(notOk + 2, end).map((line) => line.slice(2)).join("\n"));
    expect(block).toMatchObject({ status: "failed", failures: [{ requirement: "INV-5", step: 1, call: "c1", diff: expect.stringContaining("+ executed") }, { requirement: "INV-6" }, { requirement: "MATRIX-6" }, { requirement: "MATRIX-6" }] });
    expect(lines.at(-2)).toMatch(/^# mutant no-mutation-check 0\.1\.0: MUST \d+\/\d+ \(\d+%\), SHOULD/);
  });

  it("marks skipped cases # SKIP and errored ones not ok with the reason", async () => {
    const skipped = (await runCli("--reporter", "tap", "--adapter", batchOnlyAdapter, "--family", "approval-resume")).stdout.split("\n");
    const notApplicable = notApplicableTo(["batch"]);
    const points = skipped.filter((line) => line.startsWith("ok "));
    const family = cases.filter((testCase) => testCase.family === "approval-resume");
    expect(points).toHaveLength(family.length);
    family.forEach((testCase, index) => {
      // Every approval requirement is about what a batch-only runtime lacks: such a case is not applicable, naming its requirements and why.
      const expected = testCase.requirements.every((id) => notApplicable.has(id))
        ? `ok ${index + 1} - ${testCase.id} # SKIP not applicable: ${testCase.requirements.join(", ")}, since `
        : // Without proposal hashes there is no fingerprint to ask for: that need skips nothing.
          `ok ${index + 1} - ${testCase.id} # SKIP the adapter does not declare: ${testCase.capabilities.filter((capability) => capability !== "batch" && capability !== "fingerprint").join(", ")}`;
      expect(points[index]!.startsWith(expected), points[index]).toBe(true);
    });
    const errored = (await runCli("--reporter", "tap", "--adapter", throwingAdapter, "--filter", "matrix/defaults-visible")).stdout.split("\n");
    expect(errored.slice(1, 4)).toEqual(["1..1", "not ok 1 - matrix/defaults-visible", "  ---"]);
    expect(parse(errored.slice(4, errored.indexOf("  ...")).join("\n"))).toEqual({ status: "errored", reason: `the adapter threw: Error: no <runtime> & 'no' "luck"\u0001\nsecond line` });
  });
});

describe("known failures: --write-expectations and --expect", () => {
  // Each test can run alone: the file is recorded by the first test that needs it.
  let recorded: string | undefined;
  const knownFailures = async () => {
    if (recorded === undefined) {
      recorded = scratchFile("known-failures.yaml");
      expect((await runCli("--adapter", MUTANT, "--write-expectations", recorded)).code).toBe(0);
    }
    return recorded;
  };

  it("records a broken runtime's failures, sorted and deterministic, and exits 0, printing only what it wrote and the totals", async () => {
    const expectations = scratchFile("recorded-here.yaml");
    const first = await runCli("--adapter", MUTANT, "--write-expectations", expectations);
    expect(first.code).toBe(0);
    expect(first.stderr).toBe(`effective-args: wrote ${MUTANT_FAILS.length} known failures to ${expectations}\n`);
    expect(first.stdout).toBe(
      [
        "invariant/late-mutation-while-requiring-approval-denied: INV-6, MATRIX-6",
        "invariant/mutation-while-requiring-approval-denied: INV-6",
        "invariant/nested-policy-mutation-denied: INV-5, INV-6",
        "invariant/policy-added-member-denied: INV-5, INV-6",
        "invariant/policy-appended-element-denied: INV-5, INV-6",
        "invariant/policy-mutation-after-await-denied: INV-5, INV-6",
        "matrix/policy-mutation-denied: INV-5, INV-6, MATRIX-6",
        "",
        `${cases.length} cases: ${cases.length - MUTANT_FAILS.length} passed, ${MUTANT_FAILS.length} failed, 0 errored, 0 skipped`,
        "",
      ].join("\n"),
    );
    const text = readFileSync(expectations, "utf8");
    expect(text).toMatch(/^# Known failures of mutant no-mutation-check 0\.1\.0, generated by effective-args run --write-expectations\.\n/);
    expect(parse(text)).toEqual({
      failures: {
        "invariant/late-mutation-while-requiring-approval-denied": { requirements: ["INV-6", "MATRIX-6"] },
        "invariant/mutation-while-requiring-approval-denied": { requirements: ["INV-6"] },
        "invariant/nested-policy-mutation-denied": { requirements: ["INV-5", "INV-6"] },
        "invariant/policy-added-member-denied": { requirements: ["INV-5", "INV-6"] },
        "invariant/policy-appended-element-denied": { requirements: ["INV-5", "INV-6"] },
        "invariant/policy-mutation-after-await-denied": { requirements: ["INV-5", "INV-6"] },
        "matrix/policy-mutation-denied": { requirements: ["INV-5", "INV-6", "MATRIX-6"] },
      },
    });
    expect((await runCli("--adapter", MUTANT, "--write-expectations", expectations, "--expect", expectations)).code).toBe(0);
    expect(readFileSync(expectations, "utf8")).toBe(text);
  });

  it("exits 2 when recording while some case file could not be loaded", async () => {
    const { code, stdout } = await runCli("--cases", "test/fixtures/bad-cases/matrix/unknown-word.yaml", "--cases", "cases/matrix", "--adapter", MUTANT, "--write-expectations", scratchFile("partial-run.yaml"));
    expect(code).toBe(2);
    expect(stdout).toContain("CASE FILE ERROR test/fixtures/bad-cases/matrix/unknown-word.yaml:14:7");
    expect(parse(readFileSync(join(scratch, "partial-run.yaml"), "utf8"))).toEqual({ failures: { "matrix/policy-mutation-denied": { requirements: ["INV-5", "INV-6", "MATRIX-6"] } } });
  });

  it("lets the known-failing runtime pass the gate, reporting its failures as expected", async () => {
    const expectations = await knownFailures();
    const { code, report } = await json("--adapter", MUTANT, "--expect", expectations);
    expect(code).toBe(0);
    expect(report.summary).toMatchObject({ failed: MUTANT_FAILS.length, expectedFailures: MUTANT_FAILS.length, unexpectedPasses: 0 });
    expect(report.results.filter((result) => result.expectation).map((result) => [result.id, result.expectation])).toEqual(MUTANT_FAILS.map((id) => [id, "expected-failure"]));

    const pretty = await runCli("--adapter", MUTANT, "--expect", expectations, "--filter", "matrix/*");
    expect(pretty.code).toBe(0);
    expect(pretty.stdout).toMatch(/^XFAIL matrix\/policy-mutation-denied \[must\]/m);
    expect(pretty.stdout).toMatch(/; expected failures: 1, new breaks: 0, unexpected passes: 0 \(.*known-failures\.yaml\)\n$/);

    const { suites, testcases } = junit((await runCli("--reporter", "junit", "--adapter", MUTANT, "--expect", expectations)).stdout);
    expect(suites).toMatchObject({ failures: "0", errors: "0", skipped: String(MUTANT_FAILS.length) });
    const skipped = testcases.filter((testcase) => testcase.skipped).map((testcase) => testcase.skipped as { message: string });
    expect(skipped.map((element) => element.message)).toEqual([
      "known failure: INV-6: the policy changed the arguments, yet the call was not denied with policy_mutated_arguments (reported: suspended)",
      "known failure: INV-6: the policy changed the arguments, yet the call was not denied with policy_mutated_arguments (reported: suspended)",
      "known failure: INV-5: the arguments at tool entry differ from the arguments at policy entry",
      "known failure: INV-5: the arguments at tool entry differ from the arguments at policy entry",
      "known failure: INV-5: the arguments at tool entry differ from the arguments at policy entry",
      "known failure: INV-5: the arguments at tool entry differ from the arguments at policy entry",
      "known failure: INV-5: the arguments at tool entry differ from the arguments at policy entry",
    ]);

    const tap = (await runCli("--reporter", "tap", "--adapter", MUTANT, "--expect", expectations)).stdout;
    expect(tap.match(/^not ok \d+ - \S+ # TODO known failure$/gm)).toHaveLength(MUTANT_FAILS.length);
    expect(tap).not.toMatch(/^not ok \d+ - \S+$/m);
  });

  it("fails the run for a listed case that passes, in every reporter", async () => {
    const expectations = await knownFailures();
    const { code, report } = await json("--expect", expectations);
    expect(code).toBe(1);
    expect(report.summary).toMatchObject({ failed: 0, expectedFailures: 0, unexpectedPasses: MUTANT_FAILS.length });
    expect(report.results.filter((result) => result.expectation === "unexpected-pass").map((result) => result.id)).toEqual(MUTANT_FAILS);

    const pretty = await runCli("--expect", expectations, "--filter", "matrix/policy-*");
    expect(pretty.code).toBe(1);
    expect(pretty.stdout).toMatch(/^XPASS matrix\/policy-mutation-denied \[must\] .*\n {6}listed as a known failure, but passed/m);

    const { suites, testcases } = junit((await runCli("--reporter", "junit", "--expect", expectations)).stdout);
    expect(suites.failures).toBe(String(MUTANT_FAILS.length));
    expect(testcases.filter((testcase) => testcase.failure).map((testcase) => (testcase.failure as { type: string }).type)).toEqual(MUTANT_FAILS.map(() => "unexpected-pass"));

    const tap = await runCli("--reporter", "tap", "--expect", expectations);
    expect(tap.code).toBe(1);
    expect(tap.stdout.match(/^not ok \d+ - \S+$\n {2}---\n {2}status: passed\n {2}message: "?listed as a known failure/gm)).toHaveLength(MUTANT_FAILS.length);
  });

  it("still fails the run for a failure the file does not list", async () => {
    const partial = scratchFile("partial.yaml", `failures:\n  ${MUTANT_FAILS[1]}:\n    requirements: [INV-6]\n    reason: tracked elsewhere\n`);
    const { code, report } = await json("--adapter", MUTANT, "--expect", partial);
    expect(code).toBe(1);
    expect(report.summary).toMatchObject({ failed: MUTANT_FAILS.length, expectedFailures: 1, unexpectedPasses: 0 });
    // Writing again keeps the reason a person gave.
    const rewritten = scratchFile("rewritten.yaml");
    expect((await runCli("--adapter", MUTANT, "--expect", partial, "--write-expectations", rewritten)).code).toBe(0);
    expect(parse(readFileSync(rewritten, "utf8")).failures[MUTANT_FAILS[1]!]).toEqual({ requirements: ["INV-6"], reason: "tracked elsewhere" });
  });

  it("warns about listed cases that are not among the selected ones, without failing the run", async () => {
    const expectations = await knownFailures();
    const { code, stderr, report } = await json("--adapter", MUTANT, "--expect", expectations, "--family", "matrix");
    expect(code).toBe(0);
    const stale = MUTANT_FAILS.filter((id) => !id.startsWith("matrix/"));
    expect(report).toMatchObject({ expectations: { stale: stale.map((id) => ({ id })) } });
    // Each entry takes two lines after the two comment lines, the blank line and "failures:".
    expect(stderr.split("\n").filter(Boolean)).toEqual(
      stale.map((id, index) => expect.stringMatching(new RegExp(`^warning: .*known-failures\\.yaml:${5 + 2 * index}:3: "${id}" is listed as a known failure but is not among the selected cases$`))),
    );
  });

  it.each([
    { name: "list", text: "failures:\n  matrix/defaults-visible: [INV-4]\n", message: /list\.yaml:2:28: failures\.matrix\/defaults-visible: expected object, received array/ },
    { name: "requirement", text: "failures:\n  matrix/defaults-visible:\n    requirements: [INV-4, INV-99]\n", message: /requirement\.yaml:3:27: unknown requirement "INV-99"/ },
    { name: "syntax", text: "failures:\n  matrix/defaults-visible: {requirements: [\n", message: /syntax\.yaml:3:1: YAML syntax: / },
    { name: "word", text: "failures: {}\nknown: {}\n", message: /word\.yaml:2:\d+: known: unknown word "known" here/ },
    { name: "missing", text: undefined, message: /missing\.yaml: cannot read the expectations file \(ENOENT\)/ },
  ])("exits 2 with file and line for a malformed expectations file ($name)", async ({ name, text, message }) => {
    const { code, stdout, stderr } = await runCli("--expect", scratchFile(`${name}.yaml`, text));
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toMatch(message);
    expect(stderr).not.toMatch(/\n\s+at /);
    // A mistake in a file is no usage error: no usage hint after it.
    expect(stderr).not.toContain("--help");
    expect(stderr.endsWith("\n")).toBe(true);
  });
});

describe("selection", () => {
  it.each([
    { args: ["--level", "should"], select: (testCase: LoadedCase) => testCase.level === "should" },
    { args: ["--family", "matrix", "--family", "read-batch"], select: (testCase: LoadedCase) => ["matrix", "read-batch"].includes(testCase.family) },
    { args: ["--level", "must", "--family", "decoy-field"], select: (testCase: LoadedCase) => testCase.level === "must" && testCase.family === "decoy-field" },
    {
      args: ["--level", "should", "--family", "decoy-field", "--family", "matrix", "--filter", "*/*-rejected", "--filter", "*/malformed-*"],
      select: (testCase: LoadedCase) => testCase.level === "should" && ["decoy-field", "matrix"].includes(testCase.family) && /\/(.*-rejected|malformed-.*)$/.test(testCase.id),
    },
  ])("runs exactly the cases $args select", async ({ args, select }) => {
    const expected = ids(select);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(cases.length);
    const { code, report } = await json(...args);
    expect(code).toBe(0);
    expect(report.results.map((result) => result.id)).toEqual(expected);
  });

  it.each([
    { args: ["--family", "decoy"], message: /unknown family "decoy" for --family; use one of invariant, matrix, decoy-field/ },
    { args: ["--level", "may"], message: /unknown level "may" for --level; use one of must, should/ },
    { args: ["--family", "invariant", "--filter", "matrix/*"], message: /no case matches the selection/ },
  ])("exits 2 for $args", async ({ args, message }) => {
    const { code, stderr } = await runCli(...args);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
    expect(stderr).not.toMatch(/\n\s+at /);
  });
});
