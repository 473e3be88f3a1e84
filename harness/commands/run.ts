// `run`: the cases against the reference or an adapter, with a pretty or JSON report.
import picomatch from "picomatch";
import { DEFAULT_CASES_DIR, loadCases, type LoadedCase } from "../loader.ts";
import { buildReport, exitCode } from "../report/report.ts";
import { renderJson } from "../report/json.ts";
import { renderProgress, renderSummary } from "../report/pretty.ts";
import { DEFAULT_TIMEOUT_MS, runCases } from "../runner.ts";
import { loadAdapter, parseOptions, timeoutOption, UsageError } from "./common.ts";

export const RUN_USAGE = `npx tsx harness/cli.ts run [options]

  Runs the conformance cases against the reference runtime, or against an adapter module.

  --adapter <path>     a module whose default export (or export "adapter") is an Adapter
  --cases <path>       case files or folders to run (repeatable; default: cases/)
  --filter <glob>      run only cases whose id matches (repeatable; "*" matches across "/")
  --reporter <name>    pretty (default) or json
  --timeout <ms>       how long one adapter call may take (default ${DEFAULT_TIMEOUT_MS})

  Exit codes: 0 all selected cases passed, 1 failures or errors, 2 usage or case-file errors.
`;

export async function runCommand(args: string[]): Promise<number> {
  const values = parseOptions(args, {
    adapter: { type: "string" },
    cases: { type: "string", multiple: true },
    filter: { type: "string", multiple: true },
    reporter: { type: "string", default: "pretty" },
    timeout: { type: "string" },
  });
  const reporter = values.reporter;
  if (reporter !== "pretty" && reporter !== "json") throw new UsageError(`unknown reporter "${reporter}"; use pretty or json`);
  const timeoutMs = timeoutOption(values.timeout);
  const adapter = await loadAdapter(values.adapter);
  const loaded = loadCases(values.cases ?? [DEFAULT_CASES_DIR]);
  const cases = selectCases(loaded.cases, values.filter);
  if (cases.length === 0 && loaded.errors.length === 0) throw new UsageError("no case matches the selection");

  const results = await runCases(adapter, cases, {
    timeoutMs,
    onResult: reporter === "pretty" ? (result) => process.stdout.write(renderProgress(result)) : undefined,
  });
  const report = buildReport(adapter, results, loaded.errors);
  process.stdout.write(reporter === "json" ? renderJson(report) : renderSummary(report));
  if (reporter === "json") for (const error of loaded.errors) process.stderr.write(`${error.message}\n`);
  return exitCode(report);
}

function selectCases(cases: LoadedCase[], filters: string[] | undefined): LoadedCase[] {
  if (!filters?.length) return cases;
  const matches = picomatch(filters, { bash: true });
  return cases.filter((testCase) => matches(testCase.id));
}
