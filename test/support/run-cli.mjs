// Runs the compiled CLI (`node dist/harness/cli.js ...`, as the installed package runs it; npm test
// builds it first) in a process group of its own, passing
// its output through, and kills the whole group (the CLI and anything it started) when the CLI
// ends or outlives the timeout, so that no test leaves a process behind or hangs a worker.
//   node test/support/run-cli.mjs <timeout ms> <cli arguments...>
import { spawn } from "node:child_process";

const [timeoutMs, ...args] = process.argv.slice(2);
const child = spawn(process.execPath, ["dist/harness/cli.js", ...args], { detached: true, stdio: "inherit" });
const killGroup = () => {
  try {
    process.kill(-child.pid, "SIGKILL");
  } catch {
    // Already gone.
  }
};
const timer = setTimeout(() => {
  killGroup();
  process.stderr.write(`run-cli: the CLI did not finish within ${timeoutMs} ms and was killed\n`);
  process.exit(124);
}, Number(timeoutMs));
child.on("exit", (code, signal) => {
  clearTimeout(timer);
  killGroup();
  process.exit(code ?? (signal ? 128 : 1));
});
