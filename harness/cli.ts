// The command line: `run` executes the cases against the reference or an adapter module.
// Exit codes: 0 every selected case passed, 1 failures or errors, 2 usage or case-file errors.
import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import picomatch from "picomatch";
import type { Adapter } from "./adapter.ts";
import { DEFAULT_CASES_DIR, loadCases, type LoadedCase } from "./loader.ts";
import { buildReport, exitCode } from "./report/report.ts";
import { renderJson } from "./report/json.ts";
import { renderProgress, renderSummary } from "./report/pretty.ts";
import { DEFAULT_TIMEOUT_MS, runCases } from "./runner.ts";
import referenceAdapter from "../reference/adapter.ts";

const USAGE = `Usage: npx tsx harness/cli.ts run [options]

Runs the conformance cases against the reference runtime, or against an adapter module.

Options:
  --adapter <path>     a module whose default export (or export "adapter") is an Adapter
  --cases <path>       case files or folders to run (repeatable; default: cases/)
  --filter <glob>      run only cases whose id matches (repeatable; "*" matches across "/")
  --reporter <name>    pretty (default) or json
  --timeout <ms>       how long one adapter call may take (default ${DEFAULT_TIMEOUT_MS})
  -h, --help           this text

Exit codes: 0 all selected cases passed, 1 failures or errors, 2 usage or case-file errors.
`;

class UsageError extends Error {}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === "-h" || command === "--help" || command === "help") {
    process.stdout.write(USAGE);
    return command === undefined ? 2 : 0;
  }
  if (command !== "run") throw new UsageError(`unknown command "${command}"; the command is "run"`);
  return run(rest);
}

async function run(args: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: {
        adapter: { type: "string" },
        cases: { type: "string", multiple: true },
        filter: { type: "string", multiple: true },
        reporter: { type: "string", default: "pretty" },
        timeout: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const reporter = values.reporter;
  if (reporter !== "pretty" && reporter !== "json") throw new UsageError(`unknown reporter "${reporter}"; use pretty or json`);
  const timeoutMs = values.timeout === undefined ? DEFAULT_TIMEOUT_MS : Number(values.timeout);
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) throw new UsageError(`--timeout takes a whole number of milliseconds, not "${values.timeout}"`);

  const adapter = values.adapter === undefined ? referenceAdapter : await loadAdapter(values.adapter);
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

async function loadAdapter(path: string): Promise<Adapter> {
  const absolute = resolve(path);
  if (!existsSync(absolute)) throw new UsageError(`adapter module not found: ${path}`);
  let module: Record<string, unknown>;
  try {
    module = (await import(pathToFileURL(absolute).href)) as Record<string, unknown>;
  } catch (error) {
    throw new UsageError(`cannot load adapter module ${path}: ${(error as Error).message}`);
  }
  const candidate = (module.default ?? module.adapter) as Partial<Adapter> | undefined;
  if (
    typeof candidate !== "object" ||
    candidate === null ||
    typeof candidate.name !== "string" ||
    typeof candidate.version !== "string" ||
    !Array.isArray(candidate.capabilities) ||
    typeof candidate.createSession !== "function"
  ) {
    throw new UsageError(`${path} does not export an adapter: expected a default export (or "adapter") with name, version, capabilities and createSession`);
  }
  return candidate as Adapter;
}

// A reader that stops early (`| head`) is not an error worth a stack trace; the run still
// finishes so that the exit code tells the verdict.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code !== "EPIPE" && error.code !== "ERR_STREAM_DESTROYED") throw error;
});

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof UsageError) {
      process.stderr.write(`effective-args: ${error.message}\nRun "npx tsx harness/cli.ts --help" for usage.\n`);
      process.exitCode = 2;
    } else {
      process.stderr.write(`effective-args: internal error: ${(error as Error)?.stack ?? String(error)}\n`);
      process.exitCode = 2;
    }
  },
);
