// The real CLI as a child process, the way a user runs it (`npx tsx harness/cli.ts ...`).
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));

export function cli(...args: string[]): { code: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, ["--import", "tsx", "harness/cli.ts", ...args], { cwd: ROOT, encoding: "utf8" });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}
