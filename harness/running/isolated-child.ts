// The child process of an isolated run (isolated.ts): loads the adapter module, says what the
// adapter is, then runs each case it is handed and answers with what the case observed. The
// verdict is made in the harness's own process, out of the adapter's reach.
import { loadAdapterModule } from "../commands/adapter-module.ts";
import type { LoadedCase } from "../loading/loader.ts";
import { describeThrown } from "./implementation.ts";
import { inProcess } from "./in-process.ts";
import { parentChannel } from "./isolate-channel.ts";
import { identityOf, type FromIsolatedChild, type IsolatedSetup, type ToIsolatedChild } from "./isolated.ts";
import { afterTimersDueNow } from "./deadline.ts";
import { observeCase } from "./runner.ts";
import { transferable } from "./transferable.ts";
import { recordBuiltIns } from "./built-ins.ts";
import { checkDeclaration } from "./capabilities.ts";

const channel = parentChannel<ToIsolatedChild, FromIsolatedChild>();

// An exception thrown outside any call the runner makes (from a timer, say) errors the case
// running when it is thrown; one thrown after a case's answer was sent, the next case, naming
// the case before (which had already been answered).
let stray: string | undefined;
let previous: string | undefined;
const strayed = (error: unknown) => {
  stray ??= `the adapter threw outside any call the harness made${previous ? `, after case ${previous} had finished` : ""}: ${describeThrown(error)}`;
};
process.on("uncaughtException", strayed);
process.on("unhandledRejection", strayed);

const { module } = (await channel.setup) as IsolatedSetup;
// Before any of the adapter's code runs.
const builtIns = recordBuiltIns();
try {
  const adapter = await loadAdapterModule(module);
  // A mistyped capability stops the run before any case (capabilities.ts): the harness says why, not a skip per case.
  checkDeclaration(adapter, `the adapter of ${module}`);
  const implementation = inProcess(adapter);
  const changedAtLoad = builtIns.changed();
  channel.onMessage(({ testCase, timeoutMs }) => {
    // Nothing recorded in this process could be judged: a fresh process would load the module the same way.
    if (changedAtLoad) return channel.send({ observed: { errored: `the adapter module ${changedAtLoad} as it loaded: no case can be judged in its process` } });
    previous = undefined;
    observeCase(implementation, testCase as LoadedCase, timeoutMs)
      // Timers the adapter set for "at once" during the case fire before its answer is sent.
      .then(afterTimersDueNow)
      .then(
        (observed) => {
          const changed = builtIns.changed();
          if (changed) send({ observed: { errored: `the adapter ${changed} during the case` }, restart: true });
          else send({ observed: stray === undefined ? transferable(observed) : { errored: stray } });
          stray = undefined;
          previous = testCase.id;
        },
        (error: unknown) => send({ observed: { errored: `the case could not be run in the adapter's process: ${describeThrown(error)}` }, restart: true }),
      );
  });
  channel.send({ loaded: identityOf(adapter) });
} catch (error) {
  channel.send({ failed: error instanceof Error ? error.message : describeThrown(error) });
}

/** Sends an answer; one that cannot be copied to the harness (an observation holding what structured cloning refuses) errors the case. */
function send(answer: FromIsolatedChild): void {
  try {
    channel.send(answer);
  } catch (error) {
    channel.send({ observed: { errored: `what the case observed could not be sent to the harness: ${describeThrown(error)}` }, restart: true });
  }
}
