// The command line. Commands: run (the cases), fuzz (differential fuzzing against the
// reference), validate (case files, for their authors).
// Exit codes: 0 success, 1 failures or divergences, 2 usage or case-file errors.
import { UsageError } from "./commands/common.ts";
import { FUZZ_USAGE, fuzzCommand } from "./commands/fuzz.ts";
import { RUN_USAGE, runCommand } from "./commands/run.ts";
import { VALIDATE_USAGE, validateCommand } from "./commands/validate.ts";

const COMMANDS: Record<string, { usage: string; main: (args: string[]) => Promise<number> }> = {
  run: { usage: RUN_USAGE, main: runCommand },
  fuzz: { usage: FUZZ_USAGE, main: fuzzCommand },
  validate: { usage: VALIDATE_USAGE, main: validateCommand },
};

const USAGE = `effective-args: conformance suite for effective tool argument authorization (RFC-0015)

Usage:
  ${Object.values(COMMANDS).map((command) => command.usage).join("\n  ")}`;

async function main([name, ...args]: string[]): Promise<number> {
  if (name === undefined) {
    process.stderr.write(USAGE);
    return 2;
  }
  if (name === "-h" || name === "--help" || name === "help") {
    process.stdout.write(USAGE);
    return 0;
  }
  const command = COMMANDS[name];
  if (!command) throw new UsageError(`unknown command "${name}"; the commands are ${Object.keys(COMMANDS).join(", ")}`);
  if (args.includes("-h") || args.includes("--help")) {
    process.stdout.write(`Usage: ${command.usage}`);
    return 0;
  }
  return command.main(args);
}

// A reader that stops early (`| head`) is not an error worth a stack trace; the run still
// finishes so that the exit code tells the verdict.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code !== "EPIPE" && error.code !== "ERR_STREAM_DESTROYED") throw error;
});

// Until a command decides, the exit code says "did not finish": a run whose event loop empties
// before it ends (an adapter promise that never settles) must not look like a pass.
process.exitCode = 2;

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof UsageError) {
      process.stderr.write(`effective-args: ${error.message}\nRun "npx tsx harness/cli.ts --help" for usage.\n`);
    } else {
      process.stderr.write(`effective-args: internal error: ${(error as Error)?.stack ?? String(error)}\n`);
    }
    process.exitCode = 2;
  },
);
