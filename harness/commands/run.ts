// `run`: the cases against the reference or an adapter, with a pretty, JSON, JUnit or TAP report.
import { knownFailuresYaml, loadKnownFailures, type KnownFailures } from "../reporting/known-failures.ts";
import { DEFAULT_CASES_DIR, loadCases } from "../loading/loader.ts";
import { checkPath, fileErrorCode } from "../loading/named-paths.ts";
import { buildReport, exitCode, judge, notices, type RunReport } from "../reporting/report.ts";
import { renderProgress } from "../reporting/pretty.ts";
import { printableLine } from "../reporting/printable.ts";
import { DEFAULT_TIMEOUT_MS } from "../running/runner.ts";
import { ADAPTER_OPTIONS, ADAPTER_USAGE, DEFAULT_FUZZ_SEED, openRunner, parseOptions, positiveInteger, RUNS_BOUND, timeoutOption, UsageError } from "./common.ts";
import type { CaseResult } from "../running/results.ts";
import type { Output } from "./io.ts";
import { writeOutputFile } from "./output-folder.ts";
import { caseSelection, selectedLevels, SELECTION_OPTIONS } from "./selection.ts";

type Render = (report: RunReport) => string;
/**
 * The document each reporter writes once the run is over (pretty also prints each case as it
 * ends), loaded when chosen: a JSON run does not pay for the XML library.
 */
const REPORTERS: Record<string, () => Promise<Render>> = {
  pretty: async () => (await import("../reporting/pretty.ts")).renderSummary,
  json: async () => (await import("../reporting/json.ts")).renderJson,
  junit: async () => (await import("../reporting/junit.ts")).renderJunit,
  tap: async () => (await import("../reporting/tap.ts")).renderTap,
};

export const RUN_USAGE = `npx effective-args run [options]

  Runs the conformance cases against the reference runtime, or against an adapter module.

${ADAPTER_USAGE}
  --cases <path>       case files or folders to run (repeatable; default: cases/)
  --filter <glob>      run only cases whose id matches (repeatable; "*" matches across "/")
  --level <level>      run only cases of this level, must or should, and count only failures of
                       requirements of that level (repeatable)
  --family <name>      run only cases of this family (repeatable)
  --reporter <name>    pretty (default), json, junit or tap
  --expect <file>      known failures (YAML): listed cases may fail; a listed case that passes fails the run
  --write-expectations <file>
                       write this run's failed and errored cases to <file> as known failures, exit 0
  --timeout <ms>       how long one case may take, in ms (default ${DEFAULT_TIMEOUT_MS})
  --explore <n>        after the cases, run n generated cases judged as fuzz judges them (default 0);
                       the first divergence, shrunk, is a failed case of the report, its case file in it
  --seed <n>           the seed of the generated cases (default ${DEFAULT_FUZZ_SEED}): the same seed, the same cases

  Exit codes: 0 all selected cases passed (or failed as listed in --expect), 1 other failures or
  errors, or a listed case passed, 2 usage, case-file or expectations-file errors.
`;

export async function runCommand(args: string[], io: Output): Promise<number> {
  const values = parseOptions(args, {
    ...ADAPTER_OPTIONS,
    cases: { type: "string", multiple: true },
    ...SELECTION_OPTIONS,
    reporter: { type: "string", default: "pretty" },
    expect: { type: "string" },
    "write-expectations": { type: "string" },
    timeout: { type: "string" },
    explore: { type: "string" },
    seed: { type: "string" },
  });
  const reporter = values.reporter;
  if (!Object.hasOwn(REPORTERS, reporter)) throw new UsageError(`unknown reporter "${reporter}"; use ${Object.keys(REPORTERS).join(", ")}`);
  const render = await REPORTERS[reporter]!();
  const timeoutMs = timeoutOption(values.timeout);
  const exploring = exploreOptions(values);
  const selection = caseSelection(values);
  const known = values.expect === undefined ? undefined : expectOption(values.expect);
  if (values["write-expectations"] !== undefined) checkExpectationsTarget(values["write-expectations"]);
  const loaded = loadCases(values.cases ?? [DEFAULT_CASES_DIR]);
  const cases = loaded.cases.filter(selection.selects);
  if (cases.length === 0 && loaded.errors.length === 0) throw new UsageError("no case matches the selection");

  // An adapter module runs in a child process of its own (openRunner), so that --timeout holds
  // for it and nothing it does reaches this process; what it prints goes to stderr, marked.
  const isolate = { onOutput: (line: string) => io.err(`[adapter] ${printableLine(line)}\n`) };
  const runner = await openRunner(values, timeoutMs, isolate);
  const startedAt = new Date().toISOString();
  const progress = reporter === "pretty" ? (result: CaseResult) => io.out(renderProgress(judge(selection.verdict(result), known))) : undefined;
  const results = await runner.runCases(cases, { timeoutMs, onResult: progress }).finally(() => runner.dispose());
  // The fuzzer's modules load only when exploring.
  const levels = selectedLevels(values.level);
  const explored = exploring && (await (await import("./generated-cases.ts")).explore(values, { ...exploring, timeoutMs, ...(levels && { levels: [...levels] }) }, isolate));
  const generated = explored && explored.result ? [explored.result] : [];
  for (const result of generated) progress?.(result);
  const report = buildReport(runner, [...results, ...generated].map(selection.verdict), loaded.errors, known, startedAt, explored ? explored.exploration : undefined);
  io.out(render(report));
  if (reporter !== "pretty") for (const notice of notices(report)) io.err(`${notice}\n`);
  // The report is written first: a broken exploration loses none of the cases' verdicts.
  if (explored && explored.broke !== undefined) {
    io.err(`effective-args: exploration stopped: ${explored.broke}\n`);
    return 2;
  }
  const record = values["write-expectations"];
  if (record !== undefined) writeExpectations(record, report, known, io);
  return exitCode(report, { recordingExpectations: record !== undefined });
}

/** --explore and --seed: how many generated cases to run after the cases, from which seed; undefined for none. */
function exploreOptions(values: { explore?: string | undefined; seed?: string | undefined }): { runs: number; seed: number } | undefined {
  const runs = values.explore === undefined || values.explore === "0" ? 0 : positiveInteger(values.explore, "--explore", 0, RUNS_BOUND);
  const seed = positiveInteger(values.seed, "--seed", DEFAULT_FUZZ_SEED);
  if (runs === 0 && values.seed !== undefined) throw new UsageError("--seed applies to --explore only");
  return runs > 0 ? { runs, seed } : undefined;
}

function expectOption(path: string): KnownFailures {
  const known = loadKnownFailures(path);
  if ("errors" in known) throw new UsageError(known.errors.join("\n"));
  return known;
}

/** Before the run rather than after it: a FIFO there would hang the write, and a folder or a device cannot keep the list. */
function checkExpectationsTarget(path: string): void {
  try {
    checkPath(path, "file");
  } catch (error) {
    throw cannotWriteExpectations(path, error);
  }
}

const cannotWriteExpectations = (path: string, error: unknown) => new UsageError(`cannot write the expectations file ${path} (${fileErrorCode(error)})`);

function writeExpectations(path: string, report: RunReport, known: KnownFailures | undefined, io: Output): void {
  const { name, version } = report.implementation;
  try {
    writeOutputFile(path, knownFailuresYaml(`${name} ${version}`, report.results, known));
  } catch (error) {
    throw cannotWriteExpectations(path, error);
  }
  const listed = report.results.filter((result) => result.status === "failed" || result.status === "errored").length;
  io.err(`effective-args: wrote ${listed} known ${listed === 1 ? "failure" : "failures"} to ${path}\n`);
}
