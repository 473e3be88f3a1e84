#!/usr/bin/env node
// The command line as a process: runs harness/commands/main.ts with the process's streams and
// sets the exit code it returns.
import { main } from "./commands/main.ts";
import { processOutput } from "./commands/io.ts";

// A reader that stops early (`| head`) is not an error worth a stack trace; the run still
// finishes so that the exit code tells the verdict.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code !== "EPIPE" && error.code !== "ERR_STREAM_DESTROYED") throw error;
});

// Until a command decides, the exit code says "did not finish": a run whose event loop empties
// before it ends (an adapter promise that never settles) must not look like a pass.
process.exitCode = 2;

void main(process.argv.slice(2), processOutput).then((code) => {
  process.exitCode = code;
});
