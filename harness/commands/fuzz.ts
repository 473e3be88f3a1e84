// `fuzz`: differential fuzzing of an adapter against the reference. A divergence is printed,
// with the minimal case that shows it, and written under --out as a YAML case file.
import { availableParallelism } from "node:os";
import { dirname, join, relative } from "node:path";
import type { FuzzOutcome } from "../fuzz/differential.ts";
import { WorkerBroke, type ParallelOutcome } from "../fuzz/parallel.ts";
import { fuzzImplementation } from "./generated-cases.ts";
import { SHARD_RUNS } from "../fuzz/shards.ts";
import { renderProgress } from "../reporting/pretty.ts";
import { printableLine } from "../reporting/printable.ts";
import type { Output } from "./io.ts";
import { selectedLevels } from "./selection.ts";
import { fileErrorCode } from "../loading/yaml-file.ts";
import { checkOutputFolder, makeFolder, writeOutputFile } from "./output-folder.ts";
import { ADAPTER_OPTIONS, ADAPTER_USAGE, checkImplementationOptions, DEFAULT_FUZZ_SEED, nodeOption, parseOptions, positiveInteger, RUNS_BOUND, timeoutOption, type Bound } from "./common.ts";

export const DEFAULT_FUZZ_RUNS = 200;
/** Each worker thread holds its own copy of the adapter: more than this only fills memory. */
const WORKERS_BOUND: Bound = { max: 256, why: "each worker holds a copy of the adapter" };

export const FUZZ_USAGE = `npx effective-args fuzz [--adapter <path> | --adapter-cmd <cmd>] [options]

  Generates random cases, runs each on the reference and on the adapter, and reports the first
  divergence, shrunk to a minimal case, as a YAML file to drop into cases/. Without an adapter
  it fuzzes the reference against itself (a check of the suite).

${ADAPTER_USAGE}
  --runs <n>           how many generated cases to try (default ${DEFAULT_FUZZ_RUNS})
  --seed <n>           the fast-check seed (default ${DEFAULT_FUZZ_SEED}); the same seed finds the same case
  --out <dir>          where to write the case (default: fuzz-cases/), as <dir>/<family>/<name>.yaml
  --timeout <ms>       how long one case may take, in ms
  --level <level>      must or should (repeatable; default: both): only failures of requirements at
                       these levels count as a divergence, as with run --level; RFC-0015's latitude
                       (another canonical text, a validation failure ending the turn) fails SHOULD only
  --workers <n>        processes, each with its own copy of the adapter (default: one per core);
                       runs are cut into shards of ${SHARD_RUNS}, so the outcome is the same for any
                       number of workers; an --adapter module always runs in a process of its own

  Exit codes: 0 no divergence, 1 a divergence (or the reference itself broke), 2 usage errors.
`;

export async function fuzzCommand(args: string[], io: Output): Promise<number> {
  const values = parseOptions(args, {
    ...ADAPTER_OPTIONS,
    runs: { type: "string" },
    seed: { type: "string" },
    out: { type: "string", default: "fuzz-cases" },
    timeout: { type: "string" },
    workers: { type: "string" },
    level: { type: "string", multiple: true },
  });
  const levels = selectedLevels(values.level);
  const runs = positiveInteger(values.runs, "--runs", DEFAULT_FUZZ_RUNS, RUNS_BOUND);
  const seed = positiveInteger(values.seed, "--seed", DEFAULT_FUZZ_SEED);
  const timeoutMs = timeoutOption(values.timeout);
  checkOutputFolder(values.out, "--out");
  const workers = positiveInteger(values.workers, "--workers", availableParallelism(), WORKERS_BOUND);
  checkImplementationOptions(values);
  // Every process of an --adapter module runs on --node's binary when given.
  const isolate = { onOutput: (line: string) => io.err(`[adapter] ${printableLine(line)}\n`), ...nodeOption(values) };
  let found: ParallelOutcome;
  try {
    found = await fuzzImplementation(values, { runs, seed, timeoutMs, ...(levels ? { levels: [...levels] } : {}) }, workers, isolate);
  } catch (error) {
    if (!(error instanceof WorkerBroke)) throw error;
    io.err(`effective-args: fuzzing stopped: ${error.message}\n`);
    return 2;
  }
  const { outcome, against } = found;
  return reportFuzzOutcome(outcome, printableLine(`${against.name} ${against.version}`), values.out, io);
}

/** Prints what fuzzing found, writes a divergence's case under `out`, and returns the exit code. */
export function reportFuzzOutcome(outcome: FuzzOutcome, against: string, out: string, io: Output): number {
  const { seed } = outcome;
  if (outcome.kind === "agreed") {
    io.out(`No divergence: ${against} agreed with the reference on ${outcome.runs} generated cases (seed ${seed}).\n`);
    return 0;
  }
  if (outcome.kind === "reference-broke") {
    io.out(
      `The reference itself broke a universal check on a generated case (seed ${seed}); this is a bug in effective-args:\n` +
        outcome.problems.map((problem) => `  ${problem}\n`).join("") +
        JSON.stringify(outcome.skeleton, null, 2) + "\n",
    );
    return 1;
  }
  const { divergence } = outcome;
  const file = join(out, divergence.path);
  let written: string;
  try {
    makeFolder(dirname(file));
    writeOutputFile(file, divergence.yaml);
    written = `written to ${relative(process.cwd(), file)} (move it under cases/ to keep it)`;
  } catch (error) {
    // The divergence is what the run was for: printed whole even when it cannot be saved.
    const problem = `cannot write ${file} (${fileErrorCode(error)})`;
    written = `not written (${problem}); save it from here`;
    io.err(`effective-args: ${problem}; the case is printed below\n`);
  }
  io.out(
    `Divergence after ${outcome.runs} generated cases (seed ${seed}): ${against} differs from the reference.\n\n` +
      renderProgress(divergence.result) +
      `\nThe minimal case, ${written}:\n\n` +
      divergence.yaml,
  );
  return 1;
}
