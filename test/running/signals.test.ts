// Interrupting the compiled CLI (what `npx effective-args` runs) ends every adapter process it
// started, whatever the adapter ignores (end of input, SIGINT, SIGTERM), and exits with the
// shell's code for the signal: 130 for SIGINT, 143 for SIGTERM.
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/cli.ts";
import { scratchFolder } from "../support/main.ts";

/** Whether a process is still running (a zombie, which has exited, is not). */
function alive(pid: number): boolean {
  try {
    return !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
}

/** Waits (bounded) for `check` to hold. */
async function until(check: () => boolean, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(50)) if (check()) return true;
  return check();
}

/** A stdio adapter that writes its pid, then ignores end of input, SIGINT and SIGTERM, answering nothing. */
const STUBBORN = (pidFile: string) =>
  `exec "${process.execPath}" -e 'process.on("SIGINT", () => {}); process.on("SIGTERM", () => {}); process.stdin.resume(); setInterval(() => {}, 1000); require("fs").writeFileSync(${JSON.stringify(pidFile)}, String(process.pid))'`;

/** Starts the compiled CLI, waits for the adapter's pid, signals the CLI; its exit code and whether the adapter is gone after. */
async function interrupt(args: string[], env: NodeJS.ProcessEnv, pidFile: string, signal: NodeJS.Signals): Promise<{ code: number | null; adapterGone: boolean }> {
  const cli = spawn(process.execPath, ["dist/harness/cli.js", ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: "ignore", detached: true });
  const exited = new Promise<number | null>((resolve) => cli.on("exit", (code) => resolve(code)));
  try {
    expect(await until(() => existsSync(pidFile) && readFileSync(pidFile, "utf8") !== "", 30_000)).toBe(true);
    const adapter = Number(readFileSync(pidFile, "utf8"));
    expect(alive(adapter)).toBe(true);
    cli.kill(signal);
    const code = await Promise.race([exited, sleep(10_000).then(() => "still running" as const)]);
    expect(code).not.toBe("still running");
    return { code: code as number | null, adapterGone: await until(() => !alive(adapter), 5_000) };
  } finally {
    try {
      process.kill(-cli.pid!, "SIGKILL");
    } catch {
      // Gone already.
    }
  }
}

describe.concurrent("the compiled CLI interrupted", () => {
  it.each([
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const)("%s ends an adapter command that ignores it and exits %i", async (signal, expected) => {
    const pidFile = join(scratchFolder("signals-").folder, "pid");
    const { code, adapterGone } = await interrupt(["run", "--adapter-cmd", STUBBORN(pidFile), "--timeout", "60000"], {}, pidFile, signal);
    expect(code).toBe(expected);
    expect(adapterGone).toBe(true);
  });

  it.each([
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const)("%s ends the process of an adapter module busy in a case and exits %i", async (signal, expected) => {
    const pidFile = join(scratchFolder("signals-").folder, "pid");
    const env = { EFFECTIVE_ARGS_HOSTILE: "loop", EFFECTIVE_ARGS_HOSTILE_PIDFILE: pidFile };
    const { code, adapterGone } = await interrupt(["run", "--adapter", "test/fixtures/hostile-adapter.ts", "--filter", "matrix/defaults-visible", "--timeout", "60000"], env, pidFile, signal);
    expect(code).toBe(expected);
    expect(adapterGone).toBe(true);
  });
});

describe("the compiled CLI ended by code of its own process", () => {
  it("never exits 0 before the command decided, says so, and still ends its adapter processes", async () => {
    const { folder, file } = scratchFolder("early-exit-");
    const pidFile = join(folder, "pid");
    // Stands for any code that calls process.exit(0) in the harness's process mid-run.
    const exitEarly = file("exit-early.mjs", `import { readFileSync } from "node:fs";
setInterval(() => {
  try {
    if (readFileSync(${JSON.stringify(pidFile)}, "utf8")) process.exit(0);
  } catch {}
}, 20);
`);
    const cli = spawn(process.execPath, ["--import", exitEarly, "dist/harness/cli.js", "run", "--adapter-cmd", STUBBORN(pidFile), "--reporter", "json"], { cwd: ROOT, detached: true });
    let stdout = "";
    let stderr = "";
    cli.stdout.setEncoding("utf8").on("data", (chunk: string) => void (stdout += chunk));
    cli.stderr.setEncoding("utf8").on("data", (chunk: string) => void (stderr += chunk));
    const code = await Promise.race([new Promise<number | null>((resolve) => cli.on("close", resolve)), sleep(30_000).then(() => "still running" as const)]);
    try {
      expect(code).toBe(2);
      expect(stdout).toBe("");
      expect(stderr).toContain("effective-args: the process was ended before the command finished; nothing was judged");
      expect(await until(() => !alive(Number(readFileSync(pidFile, "utf8"))), 5_000)).toBe(true);
    } finally {
      try {
        process.kill(-cli.pid!, "SIGKILL");
      } catch {
        // Gone already.
      }
    }
  });
});
