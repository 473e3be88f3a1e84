// Fuzzing in child processes: the shards of a run (shards.ts) are handed out in order to a pool
// of processes (isolate.ts), each with its own copy of the implementation. The outcome is decided
// as on one thread: by the first shard, in shard order, that did not agree; shards after it are
// not started, and the processes still searching them are stopped. An adapter module is fuzzed
// only this way, even on one process, so that its code never runs in the harness's own: a
// process tells each generated case before it runs it, and one that then keeps its process busy
// past the case's time, or whose process dies, has that case written out as the divergence.
import type { Capability } from "../adapter.ts";
import { AdapterModuleFailed, ISOLATION_GRACE_MS, loadBound, loadFailure, loadLate, type AdapterIdentity } from "../running/isolated.ts";
import { Isolate, type IsolateOptions } from "../running/isolate.ts";
import { decidedOutcome, unfinishedDivergence, type FuzzOptions, type FuzzOutcome, type Skeleton } from "./differential.ts";
import { shardsOf, type Shard } from "./shards.ts";

/** Where a process gets its implementation: the command line's --adapter or --adapter-cmd (neither: the reference). */
export interface ImplementationSource {
  adapter?: string | undefined;
  "adapter-cmd"?: string | undefined;
  "max-line-bytes"?: string | undefined;
}

export interface ShardSetup extends Omit<FuzzOptions, "oracle" | "onCase" | "afterCase"> {
  source: ImplementationSource;
}

export type ToShardProcess = { shard: Shard };
/** `spoiled`: the case last tried left the process unfit to go on (the adapter changed JavaScript's built-ins, or threw where nothing caught it): that case is the divergence. */
export type FromShardProcess = { loaded: AdapterIdentity } | { failed: string } | { trying: Skeleton } | { spoiled: string } | { outcome: FuzzOutcome };

/** A process broke (could not open the implementation, threw outside any case): the run cannot go on. */
export class WorkerBroke extends Error {}

export interface ParallelOutcome {
  outcome: FuzzOutcome;
  /** What the implementation said it is, from the first process that opened it. */
  against: { name: string; version: string; capabilities: readonly Capability[] };
}

export async function fuzzInParallel(source: ImplementationSource, options: Omit<FuzzOptions, "oracle" | "onCase" | "afterCase">, workers: number, isolate: IsolateOptions = {}): Promise<ParallelOutcome> {
  const shards = shardsOf(options.runs, options.seed, options.shardRuns);
  const outcomes: (FuzzOutcome | undefined)[] = [];
  const pool = Array.from({ length: Math.min(workers, shards.length) }, () => new ShardProcess({ source, ...options }, isolate));
  let next = 0;
  const decided = () => decidedOutcome(outcomes, shards, options.seed);
  // Nothing after a shard that did not agree is worth starting.
  const worthStarting = () => next < shards.length && !outcomes.slice(0, next).some((outcome) => outcome !== undefined && outcome.kind !== "agreed");
  try {
    const against = await Promise.race(pool.map((worker) => worker.ready));
    const outcome = await new Promise<FuzzOutcome>((resolve, reject) => {
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
    return { outcome, against };
  } finally {
    await Promise.all(pool.map((worker) => worker.stop()));
  }
}

class ShardProcess {
  private readonly child: Isolate<ToShardProcess, FromShardProcess>;
  readonly ready: Promise<AdapterIdentity>;

  constructor(private readonly setup: ShardSetup, isolate: IsolateOptions) {
    this.child = new Isolate(import.meta.url, "shard-process", setup, isolate);
    this.ready = this.opened();
    this.ready.catch(() => undefined); // awaited by every lane; one rejection is reported
  }

  private async opened(): Promise<AdapterIdentity> {
    const answer = await this.child.receive(loadBound(this.setup.timeoutMs), loadLate(this.setup.timeoutMs));
    if ("message" in answer && "loaded" in answer.message) return answer.message.loaded;
    const { adapter } = this.setup.source;
    // An adapter module that does not load is the command line's mistake, as it is for `run`.
    if (adapter !== undefined) throw new AdapterModuleFailed(loadFailure(adapter, this.child, answer));
    throw new WorkerBroke("ended" in answer ? this.child.explain(`a fuzz process ${answer.ended} while opening the implementation`) : "failed" in answer.message ? answer.message.failed : "a fuzz process answered out of turn");
  }

  /** One shard's outcome; a case the process never finished is that shard's divergence. */
  async search(shard: Shard): Promise<FuzzOutcome> {
    this.child.send({ shard });
    // Each case runs the reference, then the implementation, each within the case's timeout.
    const windowMs = 2 * this.setup.timeoutMs + ISOLATION_GRACE_MS;
    let trying: Skeleton | undefined;
    let tried = 0;
    for (;;) {
      const answer = await this.child.receive(windowMs, `did not give control back within ${this.setup.timeoutMs} ms (it kept its process busy), so it was stopped`);
      if ("message" in answer && "trying" in answer.message) {
        trying = answer.message.trying;
        tried += 1;
        continue;
      }
      if ("message" in answer && "outcome" in answer.message) return answer.message.outcome;
      let reason: string;
      if ("ended" in answer) reason = this.child.explain(`the implementation's process ${answer.ended}`);
      else if ("spoiled" in answer.message) reason = answer.message.spoiled;
      else throw new WorkerBroke("failed" in answer.message ? answer.message.failed : "a fuzz process answered out of turn");
      if (!trying) throw new WorkerBroke(reason);
      await this.child.kill();
      try {
        const divergence = await unfinishedDivergence(trying, reason, this.setup);
        return { kind: "diverged", runs: Math.min(tried, shard.runs), seed: this.setup.seed, divergence };
      } catch (error) {
        throw new WorkerBroke(`${reason}, and its case could not be written out: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }

  async stop(): Promise<void> {
    await this.child.kill();
  }
}
