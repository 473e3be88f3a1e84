// A fuzz process (parallel.ts): opens its own copy of the implementation under test (an adapter
// module, its own adapter process, or the reference) and searches the shards the harness hands
// it, telling each generated case before it runs it.
import { afterTimersDueNow } from "../running/deadline.ts";
import { identityOf } from "../running/isolated.ts";
import { loadAdapterModule } from "../commands/adapter-module.ts";
import { openImplementation } from "../commands/common.ts";
import { describeThrown } from "../running/implementation.ts";
import { inProcess } from "../running/in-process.ts";
import { parentChannel } from "../running/isolate-channel.ts";
import { recordBuiltIns } from "../running/built-ins.ts";
import { fuzzShard, type Skeleton } from "./differential.ts";
import type { FromShardProcess, ShardSetup, ToShardProcess } from "./parallel.ts";

/** Ends a shard's search: nothing found in a process the adapter spoiled (changed built-ins, an exception nothing caught) means anything. */
class Spoiled extends Error {}

// An exception the adapter throws outside any call (from a timer, say) spoils the process; it is
// told as the divergence of the case last tried (the cases of a shard run back to back, so a
// timer set in one case may fire in a later one, or once the shard has ended).
let stray: string | undefined;
const strayed = (error: unknown) => {
  stray ??= `the adapter threw outside any call the harness made: ${describeThrown(error)}`;
};
process.on("uncaughtException", strayed);
process.on("unhandledRejection", strayed);

const channel = parentChannel<ToShardProcess, FromShardProcess>();
const { source, runs, seed, timeoutMs, levels } = (await channel.setup) as ShardSetup;

// Before any of the adapter's code runs: the reference beside it relies on them too.
const builtIns = recordBuiltIns();
try {
  const implementation = source.adapter === undefined ? await openImplementation(source) : inProcess(await loadAdapterModule(source.adapter));
  const changedAtLoad = builtIns.changed();
  if (changedAtLoad) throw new Error(`the adapter module ${changedAtLoad} as it loaded: nothing can be fuzzed in its process`);
  channel.onMessage(({ shard }) => {
    // At a glance after each case, and in full when the shard ends: nothing found under changed built-ins is given.
    const onCase = (skeleton: Skeleton) => channel.send({ trying: skeleton });
    // The case just run is the divergence; the harness stops this process on hearing it.
    const spoiled = (why: string) => {
      channel.send({ spoiled: why });
      throw new Spoiled();
    };
    const afterCase = () => {
      if (stray !== undefined) spoiled(stray);
      if (builtIns.changedAtAGlance()) spoiled(`the adapter ${builtIns.changed() ?? "changed JavaScript built-ins"} during the case`);
    };
    fuzzShard(implementation, shard, { runs, seed, timeoutMs, ...(levels ? { levels } : {}), onCase, afterCase })
      // Timers the adapter set for "at once" fire before the shard's outcome is given.
      .then(afterTimersDueNow)
      .then((outcome) => {
        const changed = builtIns.changed();
        if (stray !== undefined) spoiled(stray);
        channel.send(changed ? { failed: `the adapter ${changed} while shard ${shard.index} was fuzzed` } : { outcome });
      })
      .catch((error: unknown) => {
        if (!(error instanceof Spoiled)) channel.send({ failed: `fuzzing a shard failed: ${describeThrown(error)}` });
      });
  });
  channel.send({ loaded: identityOf(implementation) });
} catch (error) {
  channel.send({ failed: error instanceof Error ? error.message : describeThrown(error) });
}
