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

/**
 * The environment of a child marked with `marker`, keeping the markers this process inherited
 * (":"-separated): a child started by an isolated child of the harness is found by either's.
 */
export function markedEnvironment(marker: string): NodeJS.ProcessEnv {
  const inherited = process.env[MARKER_VARIABLE];
  return { ...process.env, [MARKER_VARIABLE]: inherited ? `${inherited}:${marker}` : marker };
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
  const entry = Buffer.from(`${MARKER_VARIABLE}=`);
  const found: number[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (markersIn(readFileSync(`/proc/${name}/environ`), entry).includes(marker)) found.push(Number(name));
    } catch {
      // Gone meanwhile, or another user's.
    }
  }
  return found;
}

/** The markers a NUL-separated environment carries in the variable `entry` ("NAME=") names. */
function markersIn(environment: Buffer, entry: Buffer): string[] {
  for (let at = environment.indexOf(entry); at !== -1; at = environment.indexOf(entry, at + 1)) {
    if (at !== 0 && environment[at - 1] !== 0) continue; // the end of a longer name
    const end = environment.indexOf(0, at);
    return environment.subarray(at + entry.length, end === -1 ? undefined : end).toString().split(":");
  }
  return [];
}
