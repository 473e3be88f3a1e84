// An adapter's folder of its own (package.json and package-lock.json: an SDK too heavy for this
// repository's devDependencies, or one that needs another Node.js), installed with npm ci on first
// use by what needs it. Several processes (vitest runs test files in parallel) may want it at
// once: one installs while the others wait, and a folder counts as installed only once npm has
// finished (it writes node_modules/.package-lock.json last), never while an install is half done.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** How long to wait for another process's install, and when its lock is taken to be left behind by one that died. */
const WAIT_MS = 10 * 60_000;
const STALE_MS = 15 * 60_000;

const installed = (folder: string, needs: readonly string[]) => existsSync(join(folder, "node_modules/.package-lock.json")) && needs.every((path) => existsSync(path));

/** Installs `folder` (npm ci) unless it is installed with every file of `needs`; returns how long the install took, in ms (0 when there was none). */
export function installFolder(folder: string, needs: readonly string[] = []): number {
  if (installed(folder, needs)) return 0;
  const lock = join(tmpdir(), `effective-args-install-${createHash("sha256").update(folder).digest("hex").slice(0, 16)}.lock`);
  for (const until = Date.now() + WAIT_MS; ; ) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    if (installed(folder, needs)) return 0;
    if (Date.now() - lockTakenAt(lock) > STALE_MS) rmSync(lock, { recursive: true, force: true });
    if (Date.now() > until) throw new Error(`another process has been installing ${folder} for ${WAIT_MS} ms (its lock: ${lock})`);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250);
  }
  try {
    if (installed(folder, needs)) return 0;
    const started = Date.now();
    execFileSync("npm", ["ci", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: folder, stdio: ["ignore", "ignore", "inherit"] });
    return Date.now() - started;
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** When the lock was taken (its modification time); now when it is already gone. */
function lockTakenAt(lock: string): number {
  try {
    return statSync(lock).mtimeMs;
  } catch {
    return Date.now();
  }
}
