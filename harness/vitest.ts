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
import { stdioImplementation } from "./running/stdio/implementation.ts";
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
  /** Per case, in milliseconds. */
  timeoutMs?: number;
  /** Title of the describe block; the adapter's name by default. */
  title?: string;
}

export function conformanceSuite(options: ConformanceOptions = {}): void {
  if (options.adapter && options.adapterCommand) throw new Error("conformanceSuite: give adapter or adapterCommand, not both");
  const { cases, errors } = loadCases(options.cases ?? [DEFAULT_CASES_DIR]);
  const selection = caseSelection(options);
  const selected = cases.filter(selection.selects);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const title = options.title ?? `effective-args conformance: ${options.adapterCommand ?? (options.adapter ?? referenceAdapter).name}`;

  describe(title, () => {
    let implementation: Implementation;
    beforeAll(async () => {
      implementation = options.adapterCommand ? await stdioImplementation(options.adapterCommand) : inProcess(options.adapter ?? referenceAdapter);
    });
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
        const result = selection.verdict(await runCase(implementation, testCase, timeoutMs));
        if (result.status === "skipped") context.skip(result.reason);
        if (result.status !== "passed") throw new Error(`\n${printable(renderProgress(result))}`);
      }, timeoutMs + 5_000);
    }
  });
}
