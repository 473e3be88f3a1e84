// Running an in-process adapter module in a worker thread, so that --timeout holds for it too:
// an adapter that never yields (a synchronous endless loop, say) cannot be interrupted by a
// timer in its own thread, but its thread can be stopped from another. The main thread hands
// the worker one case at a time and waits for its result, at most the case's timeout and a
// grace; past that, it stops the thread, reports the case errored, and starts a fresh thread
// for the next case. The reference, which the harness trusts, runs without this.
import type { Worker } from "node:worker_threads";
import type { LoadedCase } from "../loading/loader.ts";
import { settleWithin } from "./deadline.ts";
import { describeThrown } from "./implementation.ts";
import { caseResult, DEFAULT_TIMEOUT_MS, type RunOptions } from "./runner.ts";
import type { CaseResult } from "./results.ts";
import { startWorker } from "./worker-thread.ts";

/** How long past the case's own timeout the worker may take to answer: the case's checks run there too. */
export const ISOLATION_GRACE_MS = 2_000;
/** How long a worker may take to start and load the adapter module. */
const STARTUP_MS = 30_000;

/** A case as the worker gets it: without its parsed YAML source, which only the loader reads. */
export interface ToCaseWorker {
  testCase: Omit<LoadedCase, "source">;
  timeoutMs: number;
}

export type FromCaseWorker = { ready: true } | { result: CaseResult } | { broke: string };

export async function runCasesIsolated(module: string, cases: readonly LoadedCase[], options: RunOptions = {}): Promise<CaseResult[]> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const results: CaseResult[] = [];
  let worker: CaseWorker | undefined;
  try {
    for (const testCase of cases) {
      worker ??= new CaseWorker(module);
      const started = performance.now();
      const answer = await worker.run(testCase, timeoutMs);
      let result: CaseResult;
      if ("result" in answer) result = answer.result;
      else {
        // Its state is unknown after this: the next case gets a fresh thread.
        await worker.stop();
        worker = undefined;
        result = erroredResult(testCase, answer.broke, started);
      }
      options.onResult?.(result);
      results.push(result);
    }
  } finally {
    await worker?.stop();
  }
  return results;
}

/** The result of a case the adapter broke outside any call the runner could catch. */
export function erroredResult(testCase: Omit<LoadedCase, "source">, reason: string, started: number): CaseResult {
  return caseResult(testCase, started, { status: "errored", failures: [], reason });
}

class CaseWorker {
  private readonly worker: Worker;
  private readonly ready: Promise<FromCaseWorker>;
  private answer: ((message: FromCaseWorker) => void) | undefined;
  private ended: string | undefined;

  constructor(module: string) {
    this.worker = startWorker(import.meta.url, "isolated-worker", { module });
    this.ready = this.next();
    this.worker.on("message", (message: FromCaseWorker) => this.answer?.(message));
    // An exception no call of the harness's caught (thrown from a timer, say) ends the thread.
    this.worker.on("error", (error) => this.end(`the adapter threw outside any call it was making, which ended its thread: ${describeThrown(error)}`));
    this.worker.on("exit", (code) => this.end(`the adapter's worker thread exited (code ${code})`));
  }

  async run(testCase: LoadedCase, timeoutMs: number): Promise<{ result: CaseResult } | { broke: string }> {
    const ready = await this.within(this.ready, STARTUP_MS, `the adapter module did not load within ${STARTUP_MS} ms`);
    if (!("ready" in ready)) return ready;
    const answer = this.next();
    // The copy leaves the parsed source behind (loadedCase makes it not enumerable).
    this.worker.postMessage({ testCase: { ...testCase }, timeoutMs } satisfies ToCaseWorker);
    const reply = await this.within(answer, timeoutMs + ISOLATION_GRACE_MS, `the adapter did not give control back within ${timeoutMs} ms (it kept its thread busy), so its thread was stopped`);
    return "ready" in reply ? { broke: "the adapter's worker thread answered out of turn" } : reply;
  }

  async stop(): Promise<void> {
    this.ended ??= "stopped";
    await this.worker.terminate();
  }

  /** The worker's next message, or why it ended. */
  private next(): Promise<FromCaseWorker> {
    if (this.ended !== undefined) return Promise.resolve({ broke: this.ended });
    return new Promise((resolve) => {
      this.answer = (message) => {
        this.answer = undefined;
        resolve(message);
      };
    });
  }

  private end(reason: string): void {
    if (this.ended !== undefined) return;
    this.ended = reason;
    this.answer?.({ broke: reason });
  }

  private within(answer: Promise<FromCaseWorker>, ms: number, late: string): Promise<FromCaseWorker> {
    return settleWithin(answer, ms, () => ({ broke: late }));
  }
}
