// A fuzz run is cut into shards of fixed size, each a fast-check search of its own with a seed
// derived from the run's seed. The cut depends on --runs and --seed alone, never on how many
// workers run the shards, so a run finds the same divergence on one thread or on many.
import { mix } from "./arbitraries.ts";

/** Generated cases per shard: enough that a shard outlasts a worker's start-up. */
export const SHARD_RUNS = 1000;

export interface Shard {
  index: number;
  /** The fast-check seed of this shard: the run's own seed for the first. */
  seed: number;
  runs: number;
}

export function shardsOf(runs: number, seed: number, size = SHARD_RUNS): Shard[] {
  const count = Math.ceil(runs / size);
  return Array.from({ length: count }, (_, index) => ({
    index,
    seed: shardSeed(seed, index),
    runs: Math.min(size, runs - index * size),
  }));
}

/** The first shard keeps the seed (so a short run is the search it always was); the others get well-spread 32-bit seeds. */
function shardSeed(seed: number, index: number): number {
  return index === 0 ? seed : mix(seed, index) | 0;
}
