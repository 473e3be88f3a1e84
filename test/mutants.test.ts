// Every deliberately broken runtime is caught, by failures that name only requirements it
// really breaks (and each of those), and between them the mutants break every MUST requirement.
import { existsSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { REQUIREMENTS } from "../harness/loading/requirements.ts";
import { MUTANTS } from "./mutants/catalogue.ts";
import { failedCases, runMutants, shownBroken, type MutantRun } from "./mutants/coverage.ts";
import { canonicalFormBy, mutant, type Mutant } from "./mutants/mutant.ts";
import { DEFAULT_CASES_DIR, loadCases } from "../harness/loading/loader.ts";
import { runCases } from "../harness/running/runner.ts";
import { envelopeHashing } from "./variants/envelope-hash.ts";
import { VARIANTS } from "./variants/catalogue.ts";

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

  it("is caught by at least two cases, unless it says why only one case can show it", () => {
    const caughtBy = failedCases(runOf(mutant)).map((result) => result.id);
    if (mutant.singleCase === undefined) expect(caughtBy.length, `caught only by ${caughtBy.join(", ")}`).toBeGreaterThanOrEqual(2);
    else expect(mutant.singleCase.length).toBeGreaterThan(0);
  });

  it("breaks nothing the suite does not show: a failure names each requirement in breaks", () => {
    const shown = shownBroken(runOf(mutant));
    expect(mutant.breaks.filter((id) => !shown.has(id))).toEqual([]);
  });
});

describe("the universal checks", () => {
  it("each catch, by themselves, some runtime of the catalogues: a mutant, or for a SHOULD-only check a variant that gives it up", async () => {
    const { cases } = loadCases([DEFAULT_CASES_DIR]);
    const pinned = new Map<number, string>();
    const note = (name: string, results: Awaited<ReturnType<typeof runCases>>, counts: (requirement: string) => boolean) => {
      for (const result of results) for (const failure of result.failures) if (failure.check !== undefined && counts(failure.requirement) && !pinned.has(failure.check)) pinned.set(failure.check, name);
    };
    for (const run of runs) note(run.mutant.defect, run.results, (requirement) => run.mutant.breaks.includes(requirement));
    for (const variant of VARIANTS) note(variant.choice, await runCases(variant, cases), (requirement) => variant.declares.includes(requirement));
    const unpinned = Array.from({ length: 21 }, (_, index) => index + 1).filter((check) => !pinned.has(check));
    expect(unpinned).toEqual([]);
  });
});

describe("checks that do not depend on the reference's choices", () => {
  it("catch a runtime that hashes the request, whatever its hash formula: the pre-schema grant is the runtime's own", async () => {
    const { cases } = loadCases([DEFAULT_CASES_DIR]);
    const preSchema = cases.filter((testCase) => testCase.id === "approval-resume/pre-schema-grant-rejected");
    const requestHasher = mutant("request-hasher-with-envelope", "hashes the request, with another formula than the reference's", ["APPROVAL-4"], {
      ...envelopeHashing,
      fingerprint(config, { call, requested }, parsed) {
        return { argsCanonicalJson: this.canonicalize(parsed), proposalHash: this.hash(config, call.toolName, this.canonicalize(requested)) };
      },
    });
    const [result] = await runCases(requestHasher, preSchema);
    expect(result?.status).toBe("failed");
    expect(result?.failures).toContainEqual(expect.objectContaining({ requirement: "APPROVAL-4", callId: "c2", field: "outcome" }));
  });

  it("compare values with no canonical form correctly: evaluating and executing one unchanged object is DECOY-4 alone", async () => {
    const { cases } = loadCases([DEFAULT_CASES_DIR]);
    const overflow = cases.filter((testCase) => testCase.id === "decoy-field/overflowing-number-rejected");
    const lenient = mutant("lenient-numbers", "plain JSON.parse, JSON.stringify as canonical form", ["DECOY-4"], {
      ...canonicalFormBy((value) => JSON.stringify(value)),
      decode: (raw) => JSON.parse(raw) as unknown,
    });
    const [result] = await runCases(lenient, overflow);
    expect(result?.status).toBe("failed");
    expect([...new Set(result!.failures.map((failure) => failure.requirement))]).toEqual(["DECOY-4"]);
  });
});
