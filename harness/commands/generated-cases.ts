// Running generated cases against the implementation the options name, for `fuzz` and for
// `run --explore` (which loads this module only when it explores): the reference or an adapter command on this thread when one is enough, child
// processes otherwise, and always for an adapter module, whose code never runs in the harness's
// process.
import { availableParallelism } from "node:os";
import { fuzz, type FuzzOptions, type FuzzOutcome } from "../fuzz/differential.ts";
import { fuzzInParallel, WorkerBroke, type ParallelOutcome } from "../fuzz/parallel.ts";
import type { Exploration } from "../reporting/report.ts";
import type { CaseResult } from "../running/results.ts";
import { SHARD_RUNS } from "../fuzz/shards.ts";
import { AdapterModuleFailed } from "../running/isolated.ts";
import type { IsolateOptions } from "../running/isolate.ts";
import { checkAdapterPath, openImplementation, UsageError, type ImplementationOptions } from "./common.ts";

/** The outcome of fuzzing `runs` generated cases; an adapter module that does not load is a UsageError; a process that broke throws WorkerBroke. */
export async function fuzzImplementation(values: ImplementationOptions, options: FuzzOptions, workers: number, isolate: IsolateOptions): Promise<ParallelOutcome> {
  try {
    return await fuzzWith(values, options, workers, isolate);
  } catch (error) {
    if (error instanceof AdapterModuleFailed) throw new UsageError(error.message);
    throw error;
  }
}

async function fuzzWith(values: ImplementationOptions, options: FuzzOptions, workers: number, isolate: IsolateOptions): Promise<ParallelOutcome> {
  if (values.adapter !== undefined) {
    checkAdapterPath(values.adapter);
    return fuzzInParallel(values, options, workers, isolate);
  }
  // Opened here even for workers: a command that does not start is a usage error, said once.
  const implementation = await openImplementation(values);
  if (workers === 1 || options.runs <= SHARD_RUNS) {
    const outcome = await fuzz(implementation, options).finally(() => implementation.dispose?.());
    return { outcome, against: implementation };
  }
  await implementation.dispose?.();
  return fuzzInParallel(values, options, workers, isolate);
}

/** What exploring gave: how much was explored, and the divergence as a case's result, or why the exploration broke off. */
export interface Explored {
  exploration: Exploration;
  result?: CaseResult;
  broke?: string;
}

/**
 * Runs the generated cases as `fuzz` does. Its first divergence is a case of the report: shrunk,
 * judged as any case, its case file carried along. A process that broke, or a reference that
 * broke a universal check (a bug of effective-args), ends the exploration with why.
 */
export async function explore(values: ImplementationOptions, options: FuzzOptions, isolate: IsolateOptions): Promise<Explored> {
  let outcome: FuzzOutcome;
  try {
    ({ outcome } = await fuzzImplementation(values, options, availableParallelism(), isolate));
  } catch (error) {
    if (!(error instanceof WorkerBroke)) throw error;
    return { exploration: { asked: options.runs, tried: 0, seed: options.seed }, broke: error.message };
  }
  const exploration = { asked: options.runs, tried: outcome.runs, seed: options.seed };
  if (outcome.kind === "agreed") return { exploration };
  if (outcome.kind === "reference-broke") return { exploration, broke: `the reference itself broke a universal check on a generated case, a bug in effective-args: ${outcome.problems.join("; ")}` };
  return { exploration, result: { ...outcome.divergence.result, generated: outcome.divergence.yaml } };
}
