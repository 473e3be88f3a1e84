// Conformant variants, the mirror of the mutants: runtimes that choose differently where
// RFC-0015 leaves room (spec/latitude.md) must pass every MUST requirement, error on nothing,
// and fail exactly the SHOULD requirements their choice gives up, in process and over stdio.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_CASES_DIR, loadCases } from "../harness/loading/loader.ts";
import { REQUIREMENTS } from "../harness/loading/requirements.ts";
import type { Implementation } from "../harness/running/implementation.ts";
import type { CaseResult } from "../harness/running/results.ts";
import { runCases } from "../harness/running/runner.ts";
import { stdioImplementation } from "../harness/running/stdio/implementation.ts";
import { levelOf } from "../harness/reporting/summary.ts";
import { VARIANTS } from "./variants/catalogue.ts";
import { STDIO_VARIANT } from "./variants/stdio.ts";

const { cases } = loadCases([DEFAULT_CASES_DIR]);

/** What a run shows: errored or skipped cases, MUST failures, and the SHOULD requirements named by failures. */
function verdict(results: readonly CaseResult[]) {
  const failures = results.flatMap((result) => result.failures.map((failure) => ({ id: result.id, ...failure })));
  return {
    notRun: results.filter((result) => result.status === "errored" || result.status === "skipped").map((result) => `${result.id}: ${result.status} (${result.reason})`),
    mustFailures: failures.filter((failure) => levelOf(failure.requirement) === "must").map((failure) => `${failure.id}: ${failure.requirement}: ${failure.message}`),
    shouldBroken: [...new Set(failures.filter((failure) => levelOf(failure.requirement) === "should").map((failure) => failure.requirement))].sort(),
  };
}

describe("the variant catalogue", () => {
  it("holds a variant for each choice spec/latitude.md names, each in test/variants/<choice>.ts, declaring only SHOULD requirements", () => {
    expect(VARIANTS.map((variant) => variant.choice)).toEqual(
      expect.arrayContaining(["envelope-hash", "code-point-canonical-form", "terminal-validation-errors", "zod3-schemas", "no-request-view", "own-wording", "prototype-safe-decoding"]),
    );
    for (const variant of VARIANTS) {
      expect(existsSync(fileURLToPath(new URL(`./variants/${variant.choice}.ts`, import.meta.url))), variant.choice).toBe(true);
      expect(variant.declares.filter((id) => REQUIREMENTS.get(id)?.level !== "should"), variant.choice).toEqual([]);
    }
  });
});

describe.each(VARIANTS.map((variant) => ({ choice: variant.choice, variant })))("variant $choice", ({ variant }) => {
  it("passes every MUST requirement, errors on nothing, and fails exactly the SHOULD requirements it declares", async () => {
    const shown = verdict(await runCases(variant, cases));
    expect(shown.notRun).toEqual([]);
    expect(shown.mustFailures).toEqual([]);
    expect(shown.shouldBroken).toEqual([...variant.declares].sort());
  });
});

describe("a variant served over stdio", () => {
  let implementation: Implementation;
  beforeAll(async () => {
    implementation = await stdioImplementation(STDIO_VARIANT.command);
  });

  it(`(${STDIO_VARIANT.chooses}) passes every MUST requirement and fails exactly the SHOULD requirements it declares`, async () => {
    try {
      const shown = verdict(await runCases(implementation, cases));
      expect(shown.notRun).toEqual([]);
      expect(shown.mustFailures).toEqual([]);
      expect(shown.shouldBroken).toEqual([...STDIO_VARIANT.declares].sort());
    } finally {
      await implementation.dispose?.();
    }
  });
});
