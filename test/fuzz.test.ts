// Differential fuzzing finds a mutant's defect from a fixed seed and writes it out as a case
// that loads, fails on that mutant and passes on the reference.
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cli, ROOT as root } from "./support/cli.ts";
import { fuzz } from "../harness/fuzz/differential.ts";
import { CASE_FILE_HEADER } from "../harness/loading/json-schema.ts";
import { loadCases } from "../harness/loading/loader.ts";
import { runCases } from "../harness/running/runner.ts";
import referenceAdapter from "../reference/adapter.ts";
import doubleParse from "./mutants/double-parse.ts";
import noMutationCheck from "./mutants/no-mutation-check.ts";

const scratch = mkdtempSync(join(tmpdir(), "effective-args-fuzz-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe.each([{ mutant: doubleParse }, { mutant: noMutationCheck }])("fuzz against mutant $mutant.defect", ({ mutant }) => {
  it("finds a divergence from seed 1 and writes a case that catches the mutant", async () => {
    const outcome = await fuzz(mutant, { runs: 200, seed: 1, timeoutMs: 10_000 });
    expect(outcome.kind).toBe("diverged");
    if (outcome.kind !== "diverged") return;
    const file = join(scratch, mutant.defect, outcome.divergence.path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, outcome.divergence.yaml);

    const { cases, errors } = loadCases([file]);
    expect(errors).toEqual([]);
    expect(cases).toHaveLength(1);
    const [onMutant] = await runCases(mutant, cases);
    expect(onMutant?.status).toBe("failed");
    // Each failure names a requirement the mutant really breaks, and the case lists them all,
    // the call whose expectations diverged naming the requirement of what diverged.
    const named = [...new Set(onMutant!.failures.map((failure) => failure.requirement))];
    expect(named.filter((id) => !mutant.breaks.includes(id))).toEqual([]);
    expect(named.filter((id) => !cases[0]!.requirements.includes(id))).toEqual([]);
    const [onReference] = await runCases(referenceAdapter, cases);
    expect(onReference?.failures).toEqual([]);
    expect(onReference?.status).toBe("passed");
  });

  it("finds the same case again from the same seed", async () => {
    const [first, second] = await Promise.all([1, 1].map((seed) => fuzz(mutant, { runs: 200, seed, timeoutMs: 10_000 })));
    expect(first?.kind).toBe("diverged");
    expect(second?.kind).toBe("diverged");
    expect(first?.kind === "diverged" && first.divergence.yaml).toBe(second?.kind === "diverged" && second.divergence.yaml);
  });
});

describe("the fuzz command", () => {
  const fuzzCli = (...args: string[]) => cli("fuzz", ...args);

  it("exits 1 on a divergence, prints the failure and writes the case under --out", () => {
    const out = join(scratch, "cli");
    const { code, stdout } = fuzzCli("--adapter", "test/mutants/double-parse.ts", "--out", out, "--seed", "1");
    expect(code).toBe(1);
    expect(stdout).toMatch(/^Divergence after \d+ generated cases \(seed 1\): mutant double-parse/);
    const written = stdout.match(/written to (\S+) /)?.[1];
    expect(written).toBeDefined();
    expect(readFileSync(join(root, written!), "utf8")).toBe(stdout.slice(stdout.indexOf(CASE_FILE_HEADER)));
  });

  it("exits 0 when the adapter agrees with the reference", () => {
    const { code, stdout } = fuzzCli("--runs", "50");
    expect(code).toBe(0);
    expect(stdout).toBe("No divergence: effective-args reference 0.1.0 agreed with the reference on 50 generated cases (seed 1).\n");
  });

  it("exits 2 on a bad option value", () => {
    const { code, stderr } = fuzzCli("--runs", "many");
    expect(code).toBe(2);
    expect(stderr).toMatch(/--runs takes a positive whole number, not "many"/);
  });
});
