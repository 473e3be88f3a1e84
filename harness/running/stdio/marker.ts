// Finding an adapter's descendants that left its process group (setsid, a detached spawn), which
// killing the group cannot reach: each adapter's environment carries a marker of its own, which
// its descendants inherit unless they clear their environment. Linux only: elsewhere there is
// no /proc to read other processes' environments from, and such descendants are left running.
import { readdirSync, readFileSync } from "node:fs";
import { threadId } from "node:worker_threads";

export const MARKER_VARIABLE = "EFFECTIVE_ARGS_ADAPTER";

let started = 0;

/** A marker no other adapter of any harness has: fuzz workers are threads of one process. */
export function newMarker(): string {
  return `${process.pid}-${threadId}-${++started}`;
}

/** Kills every process whose environment carries the marker, again as long as new ones appear (one may fork meanwhile). */
export function killMarked(marker: string): void {
  if (process.platform !== "linux") return;
  const killed = new Set<number>();
  for (let round = 0; round < 10; round += 1) {
    const found = markedProcesses(marker).filter((pid) => !killed.has(pid));
    if (found.length === 0) return;
    for (const pid of found) {
      killed.add(pid);
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // Gone meanwhile.
      }
    }
  }
}

function markedProcesses(marker: string): number[] {
  const entry = Buffer.from(`${MARKER_VARIABLE}=${marker}\0`);
  const found: number[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (hasEntry(readFileSync(`/proc/${name}/environ`), entry)) found.push(Number(name));
    } catch {
      // Gone meanwhile, or another user's.
    }
  }
  return found;
}

/** Whether a NUL-separated environment holds the entry (whole: not as the end of a longer name). */
function hasEntry(environment: Buffer, entry: Buffer): boolean {
  for (let at = environment.indexOf(entry); at !== -1; at = environment.indexOf(entry, at + 1)) {
    if (at === 0 || environment[at - 1] === 0) return true;
  }
  return false;
}
