// A fuzz worker thread: opens its own copy of the implementation under test (an adapter
// module, or its own adapter process) and searches the shards the main thread hands it.
import { parentPort, workerData } from "node:worker_threads";
import { openImplementation } from "../commands/common.ts";
import { fuzzShard } from "./differential.ts";
import type { FromWorker, ToWorker, WorkerSetup } from "./parallel.ts";

const { source, runs, seed, timeoutMs } = workerData as WorkerSetup;
const port = parentPort!;
const send = (message: FromWorker) => port.postMessage(message);

try {
  const implementation = await openImplementation(source);
  port.on("message", ({ shard }: ToWorker) => {
    fuzzShard(implementation, shard, { runs, seed, timeoutMs }).then(
      (outcome) => send({ index: shard.index, outcome }),
      (error: unknown) => send({ index: shard.index, failed: error instanceof Error ? error.message : String(error) }),
    );
  });
  send({ ready: true });
} catch (error) {
  send({ failed: error instanceof Error ? error.message : String(error) });
}
