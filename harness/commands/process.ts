// The command line as a process (harness/cli.ts loads it): runs main.ts with the process's
// streams and sets the exit code it returns. However the process ends, its adapter processes end
// with it, and it never ends 0 without a command having decided.
import { main } from "./main.ts";
import { processOutput } from "./io.ts";
import { killChildren } from "../running/children.ts";

// A reader that stops early (`| head`) is not an error worth a stack trace; the run still
// finishes so that the exit code tells the verdict.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code !== "EPIPE" && error.code !== "ERR_STREAM_DESTROYED") throw error;
});

// Until a command decides, the exit code says "did not finish": a run whose event loop empties
// before it ends (an adapter promise that never settles) must not look like a pass.
process.exitCode = 2;
let decided = false;

// Code that ends the process before the command has decided and written its report (a
// process.exit anywhere) cannot make it look like a pass.
process.on("exit", (code) => {
  if (decided || code !== 0) return;
  process.exitCode = 2;
  process.stderr.write("effective-args: the process was ended before the command finished; nothing was judged\n");
});

// Interrupted: every adapter process goes too (they run in process groups of their own, which
// a terminal's Ctrl-C does not reach), and the exit code is the shell's for the signal.
for (const [signal, code] of [["SIGINT", 130], ["SIGTERM", 143], ["SIGHUP", 129]] as const) {
  process.once(signal, () => {
    killChildren();
    process.exit(code);
  });
}

void main(process.argv.slice(2), processOutput).then((code) => {
  decided = true;
  process.exitCode = code;
});
