// Fuzzing in shards, on one thread or in processes: the cut depends on the runs and the seed alone,
// the first shard keeps the seed, the outcome is decided by the first shard that did not agree,
// and workers (each with its own copy of the adapter) reach the very outcome one thread does.
import { describe, expect, it } from "vitest";
import { decidedOutcome, fuzz, type FuzzOutcome } from "../../harness/fuzz/differential.ts";
import { fuzzInParallel, WorkerBroke } from "../../harness/fuzz/parallel.ts";
import { AdapterModuleFailed } from "../../harness/running/isolated.ts";
import { SHARD_RUNS, shardsOf } from "../../harness/fuzz/shards.ts";
import { MUTANTS } from "../mutants/catalogue.ts";
import referenceAdapter from "../../reference/adapter.ts";

/** An outcome apart from how long its case took to run. */
const timeless = (outcome: FuzzOutcome) => JSON.parse(JSON.stringify(outcome, (key, value: unknown) => (key === "durationMs" ? undefined : value))) as unknown;
const mutant = (defect: string) => MUTANTS.find((candidate) => candidate.defect === defect)!;

describe("shards", () => {
  it("cut a run into shards of a fixed size, the last one shorter, the first with the run's own seed", () => {
    const shards = shardsOf(2_500, 7);
    expect(shards.map((shard) => [shard.index, shard.runs])).toEqual([[0, SHARD_RUNS], [1, SHARD_RUNS], [2, 500]]);
    expect(shards[0]!.seed).toBe(7);
    expect(new Set(shards.map((shard) => shard.seed)).size).toBe(3);
    expect(shardsOf(2_500, 7)).toEqual(shards);
    expect(shardsOf(2_500, 8).slice(1).map((shard) => shard.seed)).not.toEqual(shards.slice(1).map((shard) => shard.seed));
    expect(shardsOf(SHARD_RUNS, 7)).toEqual([{ index: 0, seed: 7, runs: SHARD_RUNS }]);
  });

  it("decide by the first shard in order that did not agree, once all before it agreed, counting every run up to it", () => {
    const shards = shardsOf(30, 1, 10);
    const agreed: FuzzOutcome = { kind: "agreed", runs: 10, seed: 1 };
    const broke: FuzzOutcome = { kind: "reference-broke", runs: 4, seed: 1, skeleton: { tools: {}, policy: { rules: [], otherwise: "allow" }, steps: [] }, problems: ["INV-1: x"] };
    expect(decidedOutcome([undefined, broke], shards, 1)).toBeUndefined();
    expect(decidedOutcome([agreed, broke], shards, 1)).toEqual({ ...broke, runs: 14 });
    expect(decidedOutcome([agreed, broke, { ...broke, runs: 1 }], shards, 1)).toEqual({ ...broke, runs: 14 });
    expect(decidedOutcome([agreed, agreed], shards, 1)).toBeUndefined();
    expect(decidedOutcome([agreed, agreed, agreed], shards, 1)).toEqual({ kind: "agreed", runs: 30, seed: 1 });
  });
});

describe("fuzzing on workers", () => {
  const options = { seed: 1, timeoutMs: 10_000, shardRuns: 20 };

  it.each([
    // Found in the third shard (the first two agreed, one of them while the third ran): runs count all three.
    ["latin1-hash", 50],
    // Found in the first shard while a worker searches the second, which is then not waited for.
    ["top-level-sorted-canonical-form", 4],
  ])("finds what one thread finds, the same case: %s after %i runs", async (defect, runs) => {
    const alone = await fuzz(mutant(defect), { ...options, runs: 60 });
    const together = await fuzzInParallel({ adapter: `test/mutants/${defect}.ts` }, { ...options, runs: 60 }, 2);
    expect(alone.runs).toBe(runs);
    expect(timeless(together.outcome)).toEqual(timeless(alone));
    expect(together.against.name).toBe(mutant(defect).name);
  });

  it("agrees over every shard when nothing diverges, the reference from no adapter", async () => {
    expect((await fuzzInParallel({}, { ...options, runs: 50 }, 2)).outcome).toEqual(await fuzz(referenceAdapter, { ...options, runs: 50 }));
  });

  it("stops with the process's reason when a process cannot open the adapter module", async () => {
    const outcome = fuzzInParallel({ adapter: "test/fixtures/no-such-adapter.ts" }, { ...options, runs: 60 }, 2);
    await expect(outcome).rejects.toBeInstanceOf(AdapterModuleFailed);
    await expect(outcome).rejects.toThrow("adapter module not found: test/fixtures/no-such-adapter.ts");
  });

  it("stops with the process's reason when a process cannot start the adapter command", async () => {
    const outcome = fuzzInParallel({ "adapter-cmd": "exit 3" }, { ...options, runs: 60 }, 2);
    await expect(outcome).rejects.toBeInstanceOf(WorkerBroke);
    await expect(outcome).rejects.toThrow("exited with code 3");
  });
});
