// Generated expectations respect RFC-0015's latitude (spec/latitude.md): every conformant
// variant, in process and over stdio, agrees with the reference at MUST, judged as `run --level
// must` judges a case. Here a slice (seed 1, 200 runs each); `npm run bench` runs seeds 1 to 5
// with 2,000 runs each. A MUST-breaking mutant still diverges at MUST, and a variant whose
// choice gives up a SHOULD requirement still diverges when SHOULD counts. The variant whose hash
// covers the tool's definition also agrees at MUST on more generated cases that redefine tools.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fuzz, type FuzzOutcome } from "../../harness/fuzz/differential.ts";
import { stdioImplementation } from "../../harness/running/stdio/implementation.ts";
import { levelOf } from "../../harness/reporting/summary.ts";
import type { Runnable } from "../../harness/running/implementation.ts";
import { cliAsync } from "../support/cli.ts";
import hashWithoutToolName from "../mutants/hash-without-tool-name.ts";
import localeOrderedCanonicalForm from "../mutants/locale-ordered-canonical-form.ts";
import trimsStringsBeforeTool from "../mutants/trims-strings-before-tool.ts";
import codePointCanonicalForm from "../variants/code-point-canonical-form.ts";
import { VARIANTS } from "../variants/catalogue.ts";
import { STDIO_VARIANT } from "../variants/stdio.ts";
import definitionHash from "../variants/definition-hash.ts";

const SLICE = { runs: 200, seed: 1, timeoutMs: 10_000 };
const AT_MUST = { ...SLICE, levels: ["must"] as const };

/** What a divergence shows, for a readable assertion message. */
function shown(outcome: FuzzOutcome): string {
  if (outcome.kind === "agreed") return "agreed";
  if (outcome.kind === "reference-broke") return `reference broke: ${outcome.problems.join("; ")}`;
  const { failures, status, reason } = outcome.divergence.result;
  return [`diverged after ${outcome.runs} (${status}${reason ? `: ${reason}` : ""})`, ...failures.map((failure) => `${failure.requirement}: ${failure.message}`), outcome.divergence.yaml].join("\n");
}

const mustFailures = (outcome: FuzzOutcome) => (outcome.kind === "diverged" ? outcome.divergence.result.failures.filter((failure) => levelOf(failure.requirement) === "must") : []);

describe.each(VARIANTS.map((variant) => ({ choice: variant.choice, variant })))("variant $choice", ({ variant }) => {
  it("agrees with the reference at MUST on every generated case of the slice", async () => {
    expect(shown(await fuzz(variant, AT_MUST))).toBe("agreed");
  });
});

describe(`the example stdio adapter with other choices (${STDIO_VARIANT.chooses})`, () => {
  it("agrees with the reference at MUST on every generated case of the slice", async () => {
    const implementation: Runnable = await stdioImplementation(STDIO_VARIANT.command);
    try {
      expect(shown(await fuzz(implementation, AT_MUST))).toBe("agreed");
    } finally {
      await implementation.dispose?.();
    }
  });
});

describe("--level decides what counts", () => {
  it("a variant's SHOULD choice still diverges with both levels, and at SHOULD alone, on a SHOULD requirement only", async () => {
    for (const levels of [undefined, ["should"] as const]) {
      const outcome = await fuzz(codePointCanonicalForm, { ...SLICE, ...(levels ? { levels } : {}) });
      expect(outcome.kind).toBe("diverged");
      expect(outcome.kind === "diverged" && outcome.divergence.result.failures.map((failure) => failure.requirement)).toContain("INV-7");
      expect(mustFailures(outcome)).toEqual([]);
    }
  });

  it("a mutant that breaks only a SHOULD requirement agrees at MUST", async () => {
    expect(localeOrderedCanonicalForm.breaks.every((id) => levelOf(id) === "should")).toBe(true);
    expect(shown(await fuzz(localeOrderedCanonicalForm, AT_MUST))).toBe("agreed");
  });

  it.each([trimsStringsBeforeTool, hashWithoutToolName])("the MUST-breaking mutant $defect diverges at MUST, on a MUST requirement it breaks", async (mutant) => {
    const outcome = await fuzz(mutant, { ...AT_MUST, runs: 1000 });
    expect(outcome.kind, shown(outcome)).toBe("diverged");
    const named = mustFailures(outcome).map((failure) => failure.requirement);
    expect(named.length, shown(outcome)).toBeGreaterThan(0);
    expect(named.filter((id) => !mutant.breaks.includes(id)), shown(outcome)).toEqual([]);
  });
});

describe("a hash over the tool's definition, which a redefinition changes", () => {
  it("agrees with the reference at MUST on cases that redefine tools, granted ones included", async () => {
    expect(shown(await fuzz(definitionHash, { ...AT_MUST, runs: 600 }))).toBe("agreed");
  });
});

describe("fuzz --level on the command line", () => {
  it("counts only the selected levels: the stdio variant agrees at MUST and diverges on BATCH-5 with both", async () => {
    const [atMust, both] = await Promise.all([
      cliAsync(["fuzz", "--adapter-cmd", STDIO_VARIANT.command, "--level", "must", "--runs", "100", "--workers", "1"]),
      cliAsync(["fuzz", "--adapter-cmd", STDIO_VARIANT.command, "--runs", "100", "--workers", "1", "--out", join(mkdtempSync(join(tmpdir(), "latitude-")), "cases")]),
    ]);
    expect(atMust.stderr).toBe("");
    expect(atMust.stdout).toMatch(/^No divergence: .* on 100 generated cases \(seed 1\)/);
    expect(atMust.code).toBe(0);
    expect(both.stdout).toContain("BATCH-5");
    expect(both.code).toBe(1);
  });

  it("refuses an unknown level with exit 2, and documents --level", async () => {
    const [unknown, help] = await Promise.all([cliAsync(["fuzz", "--level", "may"]), cliAsync(["fuzz", "--help"])]);
    expect(unknown.stderr).toContain('unknown level "may" for --level; use one of must, should');
    expect(unknown.stderr).not.toMatch(/\n\s+at /);
    expect(unknown.code).toBe(2);
    expect(help.stdout).toContain("--level <level>");
  });
});
