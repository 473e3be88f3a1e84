// The real CLI as a child process, the way a user runs it (`npx effective-args ...`: the compiled CLI), in
// a process group of its own that is killed when it ends or times out (test/support/run-cli.mjs).
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const RUNNER = fileURLToPath(new URL("./run-cli.mjs", import.meta.url));

/** How long one CLI run may take before its process group is killed. */
export const CLI_TIMEOUT_MS = 60_000;

export function cli(...args: string[]): { code: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [RUNNER, String(CLI_TIMEOUT_MS), ...args], { cwd: ROOT, encoding: "utf8", timeout: CLI_TIMEOUT_MS + 10_000 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}
