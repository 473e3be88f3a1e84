// The real CLI as a child process, the way a user runs it (`npx effective-args ...`: the compiled CLI), in
// a process group of its own that is killed when it ends or times out (test/support/run-cli.mjs).
import { spawn, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const RUNNER = fileURLToPath(new URL("./run-cli.mjs", import.meta.url));

/** How long one CLI run may take before its process group is killed. */
export const CLI_TIMEOUT_MS = 60_000;

export function cli(...args: string[]): { code: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [RUNNER, String(CLI_TIMEOUT_MS), ...args], { cwd: ROOT, encoding: "utf8", timeout: CLI_TIMEOUT_MS + 10_000 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The same, without blocking the test's thread (so that one file's runs overlap), with variables added to the environment. */
export function cliAsync(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [RUNNER, String(CLI_TIMEOUT_MS), ...args], { cwd: ROOT, env: { ...process.env, ...env }, timeout: CLI_TIMEOUT_MS + 10_000 });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => void (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => void (stderr += chunk));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}
