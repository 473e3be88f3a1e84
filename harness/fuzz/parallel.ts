// Fuzzing on worker threads: the shards of a run (shards.ts) are handed out in order to a pool
// of workers, each with its own copy of the implementation. The outcome is decided as on one
// thread: by the first shard, in shard order, that did not agree; shards after it are not
// started, and the workers still searching them are stopped.
import type { Worker } from "node:worker_threads";
import { startWorker } from "../running/worker-thread.ts";
import { decidedOutcome, type FuzzOptions, type FuzzOutcome } from "./differential.ts";
import { shardsOf, type Shard } from "./shards.ts";

/** Where a worker gets its implementation: the command line's --adapter or --adapter-cmd (neither: the reference). */
export interface ImplementationSource {
  adapter?: string | undefined;
  "adapter-cmd"?: string | undefined;
}

export interface WorkerSetup extends Omit<FuzzOptions, "oracle"> {
  source: ImplementationSource;
}

export interface ToWorker {
  shard: Shard;
}

export type FromWorker = { ready: true } | { failed: string; index?: number } | { index: number; outcome: FuzzOutcome };

/** A worker broke (could not open the implementation, threw, exited): the run cannot go on. */
export class WorkerBroke extends Error {}

export async function fuzzInParallel(source: ImplementationSource, options: Omit<FuzzOptions, "oracle">, workers: number): Promise<FuzzOutcome> {
  const shards = shardsOf(options.runs, options.seed, options.shardRuns);
  const outcomes: (FuzzOutcome | undefined)[] = [];
  const pool = Array.from({ length: Math.min(workers, shards.length) }, () => new ShardWorker({ source, ...options }));
  let next = 0;
  const decided = () => decidedOutcome(outcomes, shards, options.seed);
  // Nothing after a shard that did not agree is worth starting.
  const worthStarting = () => next < shards.length && !outcomes.slice(0, next).some((outcome) => outcome !== undefined && outcome.kind !== "agreed");
  try {
    return await new Promise<FuzzOutcome>((resolve, reject) => {
      const lanes = pool.map(async (worker) => {
        await worker.ready;
        while (worthStarting()) {
          const shard = shards[next++]!;
          outcomes[shard.index] = await worker.search(shard);
          // Decided: the lanes still searching later shards are not waited for.
          const outcome = decided();
          if (outcome) return resolve(outcome);
        }
      });
      Promise.all(lanes).then(() => resolve(decided()!), reject);
    });
  } finally {
    await Promise.all(pool.map((worker) => worker.stop()));
  }
}

class ShardWorker {
  private readonly worker: Worker;
  readonly ready: Promise<void>;
  private pending: { resolve: (outcome: FuzzOutcome) => void; reject: (error: Error) => void } | undefined;
  private broke: ((error: Error) => void) | undefined;
  private stopped = false;

  constructor(setup: WorkerSetup) {
    this.worker = startWorker(import.meta.url, "worker", setup);
    this.ready = new Promise((resolve, reject) => {
      this.broke = reject;
      this.worker.on("message", (message: FromWorker) => {
        if ("ready" in message) return resolve();
        if ("failed" in message) return this.fail(new WorkerBroke(message.failed));
        const pending = this.pending;
        this.pending = undefined;
        pending?.resolve(message.outcome);
      });
    });
    this.worker.on("error", (error) => this.fail(new WorkerBroke(`a fuzz worker threw: ${error.message}`)));
    this.worker.on("exit", (code) => this.fail(new WorkerBroke(`a fuzz worker exited (code ${code})`)));
  }

  search(shard: Shard): Promise<FuzzOutcome> {
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      this.worker.postMessage({ shard } satisfies ToWorker);
    });
  }

  private fail(error: Error): void {
    if (this.stopped) return;
    this.stopped = true;
    this.broke?.(error);
    this.pending?.reject(error);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.worker.terminate();
  }
}
