// Every deliberately broken runtime is caught, by a failure that names a requirement it breaks.
import { describe, expect, it } from "vitest";
import { DEFAULT_CASES_DIR, loadCases } from "../harness/loader.ts";
import { REQUIREMENTS } from "../harness/requirements.ts";
import { runCases } from "../harness/runner.ts";
import { MUTANTS } from "./mutants/catalogue.ts";

const { cases } = loadCases([DEFAULT_CASES_DIR]);

describe.each(MUTANTS.map((mutant) => ({ defect: mutant.defect, mutant })))("mutant $defect", ({ mutant }) => {
  it("names only catalogued requirements as broken", () => {
    expect(mutant.breaks.filter((id) => !REQUIREMENTS.has(id))).toEqual([]);
  });

  it("fails at least one case, naming a requirement it really breaks", async () => {
    const results = await runCases(mutant, cases);
    const failed = results.filter((result) => result.status === "failed");
    expect(failed.length).toBeGreaterThan(0);
    const named = new Set(failed.flatMap((result) => result.failures.map((failure) => failure.requirement)));
    expect(mutant.breaks.filter((id) => named.has(id))).not.toEqual([]);
    // A mutant is caught by the checks, not by crashing the harness.
    expect(results.filter((result) => result.status === "errored").map((result) => `${result.id}: ${result.reason}`)).toEqual([]);
  });
});
