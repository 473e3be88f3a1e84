// The vitest entry point for implementers: one call turns every case into a vitest test against
// your adapter, so the suite runs inside your own test command.
//
//   import { conformanceSuite } from "effective-args/vitest";
//   import adapter from "./my-adapter.ts";
//   conformanceSuite({ adapter });
import { afterAll, beforeAll, describe, it } from "vitest";
import type { Adapter } from "./adapter.ts";
import type { Level } from "./loading/case-schema.ts";
import { caseSelection } from "./commands/selection.ts";
import type { Family } from "./loading/requirements.ts";
import type { Implementation } from "./running/implementation.ts";
import { inProcess } from "./running/in-process.ts";
import { DEFAULT_CASES_DIR, loadCases } from "./loading/loader.ts";
import { renderProgress } from "./reporting/pretty.ts";
import { printable } from "./reporting/printable.ts";
import { DEFAULT_TIMEOUT_MS, runCase } from "./running/runner.ts";
import { caseResult } from "./running/results.ts";
import { MAX_TIMER_MS } from "./running/deadline.ts";
import { STARTUP_TIMEOUT_MS, stdioImplementation } from "./running/stdio/implementation.ts";
import referenceAdapter from "../reference/adapter.ts";

export interface ConformanceOptions {
  /** An in-process adapter (spec/adapter-contract.md). */
  adapter?: Adapter;
  /** Or a command speaking the stdio protocol (spec/adapter-protocol.md). */
  adapterCommand?: string;
  /** Case files or folders; the suite's own cases by default. */
  cases?: string[];
  /** Globs on case ids; a case runs when any matches ("*" crosses "/"). */
  filter?: string[];
  /** Only cases of these levels ("must", "should") and families, as with the CLI's flags. */
  level?: Level[];
  family?: Family[];
  /** Per case, in milliseconds; at most 2147478647 (a longer timer would fire at once). */
  timeoutMs?: number;
  /** Title of the describe block; the adapter's name by default. */
  title?: string;
  /** After the cases, one more test: this many generated cases from this seed (1 by default), judged as `run --explore` judges them. */
  explore?: { runs: number; seed?: number };
}

/** What vitest's timeout for a case's test adds to the case's own, so that the harness says a case is late before vitest does. */
const VITEST_GRACE_MS = 5_000;
/** The longest case timeout: with the grace on top, vitest's timer must still fit in a timer. */
const MAX_TIMEOUT_MS = MAX_TIMER_MS - VITEST_GRACE_MS;

export function conformanceSuite(options: ConformanceOptions = {}): void {
  if (options.adapter && options.adapterCommand) throw new Error("conformanceSuite: give adapter or adapterCommand, not both");
  const { cases, errors } = loadCases(options.cases ?? [DEFAULT_CASES_DIR]);
  const selection = caseSelection(options);
  const selected = cases.filter(selection.selects);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (!Number.isSafeInteger(timeoutMs) || timeoutMs <= 0) throw new Error(`conformanceSuite: timeoutMs is a positive whole number of milliseconds, not ${timeoutMs}`);
  if (timeoutMs > MAX_TIMEOUT_MS) {
    throw new Error(`conformanceSuite: timeoutMs is at most ${MAX_TIMEOUT_MS} (the longest timer Node.js keeps, less the ${VITEST_GRACE_MS} ms vitest's own timeout of a case adds), not ${timeoutMs}`);
  }
  const title = options.title ?? `effective-args conformance: ${options.adapterCommand ?? (options.adapter ?? referenceAdapter).name}`;

  describe(title, () => {
    let implementation: Implementation | undefined;
    let notStarted = "";
    beforeAll(async () => {
      try {
        implementation = options.adapterCommand ? await stdioImplementation(options.adapterCommand) : inProcess(options.adapter ?? referenceAdapter);
      } catch (error) {
        // Each case errors, in a failed test of its own: a failing beforeAll would leave them all skipped.
        const adapter = options.adapterCommand ? `the adapter command "${options.adapterCommand}"` : "the adapter";
        notStarted = `${adapter} did not start: ${error instanceof Error ? error.message : String(error)}`;
      }
    }, STARTUP_TIMEOUT_MS + VITEST_GRACE_MS); // vitest's own 10 s would end the start before the harness can say why
    afterAll(async () => {
      await implementation?.dispose?.();
    });

    if (errors.length > 0) {
      it("loads every case file", () => {
        throw new Error(errors.map((error) => error.message).join("\n"));
      });
    }
    for (const testCase of selected) {
      it(testCase.id, async (context) => {
        const result = implementation
          ? selection.verdict(await runCase(implementation, testCase, timeoutMs))
          : caseResult(testCase, performance.now(), { status: "errored", failures: [], reason: notStarted });
        if (result.status === "skipped") context.skip(result.reason);
        if (result.status !== "passed") throw new Error(`\n${printable(renderProgress(result))}`);
      }, timeoutMs + VITEST_GRACE_MS);
    }
    if (options.explore) {
      const { runs, seed = 1 } = options.explore;
      it(`explores ${runs} generated cases (seed ${seed})`, async () => {
        if (!implementation) throw new Error(notStarted);
        // The fuzzer's modules load only for a suite that explores.
        const { fuzz } = await import("./fuzz/differential.ts");
        const outcome = await fuzz(implementation, { runs, seed, timeoutMs });
        if (outcome.kind === "reference-broke") throw new Error(`the reference itself broke on a generated case, a bug in effective-args: ${outcome.problems.join("; ")}`);
        if (outcome.kind === "diverged") {
          const result = selection.verdict(outcome.divergence.result);
          if (result.status !== "passed") throw new Error(`\n${printable(renderProgress(result))}\nThe generated case, to keep as ${result.file}:\n\n${printable(outcome.divergence.yaml)}`);
        }
      }, Math.min(MAX_TIMER_MS, (runs + 1) * timeoutMs));
    }
  });
}
