// The worker thread of an isolated run (isolated.ts): opens the adapter module and runs each case
// it is handed, checks included, answering with the case's result.
import { parentPort, workerData } from "node:worker_threads";
import { openImplementation } from "../commands/common.ts";
import type { LoadedCase } from "../loading/loader.ts";
import { describeThrown } from "./implementation.ts";
import { erroredResult, type FromCaseWorker, type ToCaseWorker } from "./isolated.ts";
import { runCase } from "./runner.ts";

const port = parentPort!;
const send = (message: FromCaseWorker) => port.postMessage(message);

// An exception thrown outside any call the runner makes (from a timer, say) errors the case
// running when it is thrown; one thrown after a case's result was sent, the next case, naming
// the case before (which had already passed or failed).
let stray: string | undefined;
let previous: string | undefined;
process.on("uncaughtException", (error) => {
  stray ??= `the adapter threw outside any call the harness made${previous ? `, after case ${previous} had finished` : ""}: ${describeThrown(error)}`;
});

try {
  const implementation = await openImplementation({ adapter: (workerData as { module: string }).module });
  port.on("message", ({ testCase, timeoutMs }: ToCaseWorker) => {
    const started = performance.now();
    previous = undefined;
    runCase(implementation, testCase as LoadedCase, timeoutMs).then(
      // Timers the adapter set for "at once" during the case fire before its result is sent.
      (result) => new Promise<typeof result>((resolve) => setTimeout(() => resolve(result), 0))).then(
      (result) => {
        send({ result: stray === undefined ? result : erroredResult(testCase, stray, started) });
        stray = undefined;
        previous = testCase.id;
      },
      (error: unknown) => send({ broke: `the harness could not run the case: ${describeThrown(error)}` }),
    );
  });
  send({ ready: true });
} catch (error) {
  send({ broke: `the adapter module did not load in its worker thread: ${describeThrown(error)}` });
}
