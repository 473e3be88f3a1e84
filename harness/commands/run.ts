// `run`: the cases against the reference or an adapter, with a pretty, JSON, JUnit or TAP report.
import { knownFailuresYaml, loadKnownFailures, type KnownFailures } from "../reporting/known-failures.ts";
import { DEFAULT_CASES_DIR } from "../loading/loader.ts";
import { loadCasesInParallel } from "../loading/parallel-loading.ts";
import { checkPath, fileErrorCode } from "../loading/named-paths.ts";
import { buildReport, exitCode, judge, notices, type RunReport } from "../reporting/report.ts";
import { renderProgressLine, renderRecorded } from "../reporting/pretty.ts";
import { printableLine } from "../reporting/printable.ts";
import { DEFAULT_TIMEOUT_MS } from "../running/runner.ts";
import { ADAPTER_OPTIONS, ADAPTER_USAGE, DEFAULT_FUZZ_SEED, nodeOption, openRunner, parseOptions, positiveInteger, RUNS_BOUND, timeoutOption, UsageError } from "./common.ts";
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
  --expect <file>      known failures (YAML): a listed case may fail on the requirements its
                       entry lists, or error; one that breaks another, or passes, fails the run
  --write-expectations <file>
                       write this run's failed and errored cases to <file> as known failures, exit 0;
                       the pretty reporter then prints only what it wrote and the totals
  --timeout <ms>       how long one case may take, in ms (default ${DEFAULT_TIMEOUT_MS})
  --explore <n>        after the cases, run n generated cases judged as fuzz judges them (default 0);
                       the first divergence, shrunk, is a failed case of the report, its case file in it
  --seed <n>           the seed of the generated cases (default ${DEFAULT_FUZZ_SEED}): the same seed, the same cases

  Exit codes: 0 all selected cases passed (or failed as listed in --expect), 1 other failures or
  errors, a listed case that broke a requirement its entry does not list, or a listed case that
  passed, 2 usage, case-file or expectations-file errors, or an adapter that declares an unknown
  capability.
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
  // Checked before the cases load: a binary that is not Node.js is a usage error, not a child that dies.
  const node = nodeOption(values);
  const selection = caseSelection(values);
  // A mistake in the expectations file is the file's, not the command line's: its lines, and no usage hint.
  const known = values.expect === undefined ? undefined : loadKnownFailures(values.expect);
  if (known && "errors" in known) return fileProblem(io, known.errors.join("\n"));
  const record = values["write-expectations"];
  const unwritable = record === undefined ? undefined : expectationsTargetProblem(record);
  if (unwritable !== undefined) return fileProblem(io, unwritable);
  // Many case files load on every core (a few hundred or fewer, on this thread alone).
  const loaded = await loadCasesInParallel(values.cases ?? [DEFAULT_CASES_DIR]);
  const cases = loaded.cases.filter(selection.selects);
  if (cases.length === 0 && loaded.errors.length === 0) throw new UsageError("no case matches the selection");

  // An adapter module runs in a child process of its own (openRunner), on --node's binary when
  // given, so that --timeout holds for it and nothing it does reaches this process; what it prints
  // goes to stderr, marked. The generated cases of --explore run in processes started the same way.
  const isolate = { onOutput: (line: string) => io.err(`[adapter] ${printableLine(line)}\n`), ...node };
  const runner = await openRunner(values, timeoutMs, isolate);
  const startedAt = new Date().toISOString();
  // Recording, the pretty reporter prints what it wrote instead of the report (renderRecorded).
  const recordingPretty = record !== undefined && reporter === "pretty";
  const progress = reporter === "pretty" && !recordingPretty ? (result: CaseResult) => io.out(renderProgressLine(judge(selection.verdict(result), known))) : undefined;
  const results = await runner.runCases(cases, { timeoutMs, onResult: progress }).finally(() => runner.dispose());
  // The fuzzer's modules load only when exploring.
  const levels = selectedLevels(values.level);
  const explored = exploring && (await (await import("./generated-cases.ts")).explore(values, { ...exploring, timeoutMs, ...(levels && { levels: [...levels] }) }, isolate));
  const generated = explored && explored.result ? [explored.result] : [];
  for (const result of generated) progress?.(result);
  const report = buildReport(runner, [...results, ...generated].map(selection.verdict), loaded.errors, known, startedAt, explored ? explored.exploration : undefined);
  const broke = explored ? explored.broke : undefined;
  if (!recordingPretty || broke !== undefined) io.out(render(report));
  if (reporter !== "pretty") for (const notice of notices(report)) io.err(`${notice}\n`);
  // The report is written first: a broken exploration loses none of the cases' verdicts.
  if (broke !== undefined) {
    io.err(`effective-args: exploration stopped: ${broke}\n`);
    return 2;
  }
  if (record !== undefined) {
    const problem = writeExpectations(record, report, known);
    if (problem !== undefined) return fileProblem(io, problem);
    if (recordingPretty) io.out(renderRecorded(report));
    const listed = report.results.filter((result) => result.status === "failed" || result.status === "errored").length;
    io.err(`effective-args: wrote ${listed} known ${listed === 1 ? "failure" : "failures"} to ${record}\n`);
  }
  return exitCode(report, { recordingExpectations: record !== undefined });
}

/** --explore and --seed: how many generated cases to run after the cases, from which seed; undefined for none. */
function exploreOptions(values: { explore?: string | undefined; seed?: string | undefined }): { runs: number; seed: number } | undefined {
  const runs = values.explore === undefined || values.explore === "0" ? 0 : positiveInteger(values.explore, "--explore", 0, RUNS_BOUND);
  const seed = positiveInteger(values.seed, "--seed", DEFAULT_FUZZ_SEED);
  if (runs === 0 && values.seed !== undefined) throw new UsageError("--seed applies to --explore only");
  return runs > 0 ? { runs, seed } : undefined;
}

/** An expectations file that cannot be read or written: what is wrong, exit 2 (it is no usage error: no usage hint). */
function fileProblem(io: Output, message: string): 2 {
  io.err(`effective-args: ${message}\n`);
  return 2;
}

/** Before the run rather than after it: a FIFO there would hang the write, and a folder or a device cannot keep the list. */
function expectationsTargetProblem(path: string): string | undefined {
  try {
    checkPath(path, "file");
    return undefined;
  } catch (error) {
    return cannotWriteExpectations(path, error);
  }
}

const cannotWriteExpectations = (path: string, error: unknown) => `cannot write the expectations file ${path} (${fileErrorCode(error)})`;

/** Writes the known failures; what went wrong, if it could not. */
function writeExpectations(path: string, report: RunReport, known: KnownFailures | undefined): string | undefined {
  const { name, version } = report.implementation;
  try {
    writeOutputFile(path, knownFailuresYaml(`${name} ${version}`, report.results, known));
    return undefined;
  } catch (error) {
    return cannotWriteExpectations(path, error);
  }
}
