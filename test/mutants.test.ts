// Every deliberately broken runtime is caught, by failures that name only requirements it
// really breaks (and each of those), and between them the mutants break every MUST requirement.
import { existsSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { REQUIREMENTS } from "../harness/loading/requirements.ts";
import { MUTANTS } from "./mutants/catalogue.ts";
import { failedCases, runMutants, shownBroken, type MutantRun } from "./mutants/coverage.ts";
import type { Mutant } from "./mutants/mutant.ts";

let runs: MutantRun[] = [];
beforeAll(async () => {
  runs = await runMutants(MUTANTS);
}, 60_000);
const runOf = (mutant: Mutant): MutantRun => runs.find((run) => run.mutant === mutant)!;

describe("the mutant catalogue", () => {
  it("holds at least 20 mutants, each in test/mutants/<defect>.ts", () => {
    expect(MUTANTS.length).toBeGreaterThanOrEqual(20);
    expect(new Set(MUTANTS.map((mutant) => mutant.defect)).size).toBe(MUTANTS.length);
    const missing = MUTANTS.filter((mutant) => !existsSync(new URL(`./mutants/${mutant.defect}.ts`, import.meta.url)));
    expect(missing.map((mutant) => mutant.defect)).toEqual([]);
  });

  it("breaks every MUST requirement: some mutant lists it in breaks and a failure under that mutant shows it", () => {
    const must = [...REQUIREMENTS.values()].filter((requirement) => requirement.level === "must" && !requirement.retired);
    const unbroken = must
      .filter(({ id }) => !runs.some((run) => run.mutant.breaks.includes(id) && shownBroken(run).has(id)))
      .map(({ id }) => id);
    expect(unbroken).toEqual([]);
  });
});

describe.each(MUTANTS.map((mutant) => ({ defect: mutant.defect, mutant })))("mutant $defect", ({ mutant }) => {
  it("names only catalogued requirements as broken", () => {
    expect(mutant.breaks.length).toBeGreaterThan(0);
    expect(mutant.breaks.filter((id) => !REQUIREMENTS.has(id))).toEqual([]);
  });

  it("fails at least one case, and every failure names a requirement it really breaks (precision)", () => {
    const run = runOf(mutant);
    expect(failedCases(run).length).toBeGreaterThan(0);
    const imprecise = run.results.flatMap((result) =>
      result.failures.filter((failure) => !mutant.breaks.includes(failure.requirement)).map((failure) => `${result.id}: ${failure.requirement}${failure.field ? ` (${failure.field})` : ""}: ${failure.message}`),
    );
    expect(imprecise).toEqual([]);
    // A mutant is caught by the checks, not by crashing the harness.
    expect(run.results.filter((result) => result.status === "errored").map((result) => `${result.id}: ${result.reason}`)).toEqual([]);
  });

  it("breaks nothing the suite does not show: a failure names each requirement in breaks", () => {
    const shown = shownBroken(runOf(mutant));
    expect(mutant.breaks.filter((id) => !shown.has(id))).toEqual([]);
  });
});
