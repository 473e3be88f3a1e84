// Every process the harness starts for an adapter (an adapter command, an isolated adapter
// module, a fuzz process) ends when the harness ends, however it ends: its own exit, an exit
// some code forced, or a signal the CLI turns into an exit (harness/cli.ts).
const running = new Set<() => void>();

/** Registers a way to kill one child (and what it started) at once; the returned function forgets it, and says whether it had not already. */
export function trackChild(killNow: () => void): () => boolean {
  running.add(killNow);
  return () => running.delete(killNow);
}

/** Kills every child still running, synchronously: it is called from the process's "exit" event. */
export function killChildren(): void {
  for (const killNow of running) killNow();
}

process.once("exit", killChildren);
