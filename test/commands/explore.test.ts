// run --explore: after the cases, generated cases judged as `fuzz` judges them. The first
// divergence is a failed case of the report, shrunk, with its case file in it (JSON, JUnit, TAP,
// pretty); the badge says how much exploration the verdict rests on; a run is reproducible from
// its seed; the written case loads and shows the same divergence; --expect can list it.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cliAsync } from "../support/cli.ts";
import { scratchFolder } from "../support/main.ts";
import { withoutTimings } from "../support/timings.ts";

type Report = {
  summary: { badge: string };
  exploration?: { asked: number; tried: number; seed: number };
  results: { id: string; file: string; status: string; generated?: string; failures: { requirement: string }[] }[];
};

/** A runtime that parses every call twice: any generated case with a call shows it (INV-3). */
const BROKEN = ["--adapter", "test/mutants/double-parse.ts"];
const ONE_CASE = ["--filter", "matrix/defaults-visible"];

/** The compiled CLI, as users run it: its adapter processes start faster than from the TypeScript sources. */
const effectiveArgs = (...args: string[]) => cliAsync(args);

describe.concurrent("run --explore", () => {
  it("makes the first divergence a failed case of the report, its case file in it, and says in the badge what the verdict rests on", async () => {
    const { code, stdout } = await effectiveArgs("run", ...BROKEN, ...ONE_CASE, "--explore", "100", "--reporter", "json");
    expect(code).toBe(1);
    const report = JSON.parse(stdout) as Report;
    expect(report.exploration).toEqual({ asked: 100, tried: 1, seed: 1 });
    expect(report.summary.badge).toMatch(/; 1 case \+ 1 of 100 generated \(seed 1\)$/);
    const [written, generated] = report.results;
    expect(written!.generated).toBeUndefined();
    expect(generated!.id).toMatch(/^invariant\/fuzz-1-[0-9a-f]{8}$/);
    expect(generated!.status).toBe("failed");
    expect(generated!.failures.map((failure) => failure.requirement)).toContain("INV-3");
    expect(generated!.generated).toMatch(new RegExp(`^# yaml-language-server: .*\\nid: ${generated!.id}\\n`));

    // The case file, kept under cases/, loads, passes on the reference and fails on the runtime again.
    const { folder } = scratchFolder("explored-");
    mkdirSync(join(folder, "invariant"));
    writeFileSync(join(folder, `${generated!.id}.yaml`), generated!.generated!);
    expect((await effectiveArgs("validate", folder)).code).toBe(0);
    expect((await effectiveArgs("run", "--cases", folder)).code).toBe(0);
    expect((await effectiveArgs("run", ...BROKEN, "--cases", folder)).code).toBe(1);

    // The matrix page shows the badge with its exploration and the generated case's source.
    writeFileSync(join(folder, "report.json"), stdout);
    expect((await effectiveArgs("matrix", join(folder, "report.json"), "--out", join(folder, "page"))).code).toBe(0);
    const page = readFileSync(join(folder, "page", "index.html"), "utf8");
    expect(page).toContain("1 case + 1 of 100 generated (seed 1)");
    expect(page).toContain(JSON.stringify(generated!.generated).slice(1, 60));
  });

  it("is reproducible from its seed: two runs give the same report apart from timings", async () => {
    const run = () => effectiveArgs("run", ...BROKEN, ...ONE_CASE, "--explore", "100", "--seed", "5", "--reporter", "json");
    const [first, second] = [await run(), await run()];
    expect(withoutTimings(second.stdout)).toBe(withoutTimings(first.stdout));
    expect((JSON.parse(first.stdout) as Report).exploration?.seed).toBe(5);
  });

  it("lets --expect list a generated failure: recorded with --write-expectations, then expected", async () => {
    const { file } = scratchFolder("explored-expect-");
    const known = file("known.yaml", "");
    expect((await effectiveArgs("run", ...BROKEN, ...ONE_CASE, "--explore", "100", "--write-expectations", known)).code).toBe(0);
    const gated = await effectiveArgs("run", ...BROKEN, ...ONE_CASE, "--explore", "100", "--expect", known, "--reporter", "json");
    expect(gated.code).toBe(0);
  });

  it("carries the case file in JUnit, TAP and the pretty report", async () => {
    const junit = await effectiveArgs("run", ...BROKEN, ...ONE_CASE, "--explore", "100", "--reporter", "junit");
    expect(junit.stdout).toMatch(/<system-out># yaml-language-server: [^<]*id: invariant\/fuzz-1-/);
    const tap = await effectiveArgs("run", ...BROKEN, ...ONE_CASE, "--explore", "100", "--reporter", "tap");
    expect(tap.stdout).toMatch(/not ok 2 - invariant\/fuzz-1-[0-9a-f]{8}\n[\s\S]*case: \|[\s\S]*id: invariant\/fuzz-1-/);
    const pretty = await effectiveArgs("run", ...BROKEN, ...ONE_CASE, "--explore", "100");
    expect(pretty.stdout).toMatch(/\nExploration: 1 of 100 generated cases \(seed 1\), stopped at the first divergence\n\nThe generated case invariant\/fuzz-1-[0-9a-f]{8}, to keep as cases\/invariant\/fuzz-1-[0-9a-f]{8}\.yaml:\n\n# yaml-language-server/);
  });

  it("judges generated cases at the run's --level: a choice RFC-0015 leaves free diverges only at SHOULD", async () => {
    const shouldOnly = ["--adapter", "test/mutants/locale-ordered-canonical-form.ts", ...ONE_CASE, "--explore", "200", "--reporter", "json"];
    const both = JSON.parse((await effectiveArgs("run", ...shouldOnly)).stdout) as Report;
    expect(both.results.filter((result) => result.generated !== undefined).flatMap((result) => result.failures.map((failure) => failure.requirement))).toContain("INV-7");
    const must = await effectiveArgs("run", ...shouldOnly, "--level", "must");
    expect(must.code).toBe(0);
    expect((JSON.parse(must.stdout) as Report).exploration).toEqual({ asked: 200, tried: 200, seed: 1 });
  });

  it("passes the reference, the badge counting the generated cases", async () => {
    const { code, stdout } = await effectiveArgs("run", ...ONE_CASE, "--explore", "50", "--reporter", "json");
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as Report;
    expect(report.results).toHaveLength(1);
    expect(report.summary.badge).toMatch(/; 1 case \+ 50 generated \(seed 1\)$/);
  });

  it("refuses a --seed without --explore, and an --explore that is no count", async () => {
    expect((await effectiveArgs("run", "--seed", "3")).stderr).toContain("--seed applies to --explore only");
    const notACount = await effectiveArgs("run", "--explore", "many");
    expect([notACount.code, notACount.stderr.split("\n")[0]]).toEqual([2, 'effective-args: --explore takes a positive whole number, not "many"']);
  });
});
