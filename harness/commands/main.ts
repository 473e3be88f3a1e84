// The command line: which command, its usage, and the exit code, with every error a user or an
// adapter can cause turned into one line and exit code 2. harness/cli.ts is the process around it.
// Exit codes: 0 success, 1 failures or divergences, 2 usage, case-file or internal errors.
import { UsageError } from "./common.ts";
import { FUZZ_USAGE, fuzzCommand } from "./fuzz.ts";
import { INIT_USAGE, initCommand } from "./init.ts";
import type { Output } from "./io.ts";
import { printable } from "../reporting/printable.ts";
import { RUN_USAGE, runCommand } from "./run.ts";
import { VALIDATE_USAGE, validateCommand } from "./validate.ts";

const COMMANDS: Record<string, { usage: string; main: (args: string[], io: Output) => Promise<number> }> = {
  run: { usage: RUN_USAGE, main: runCommand },
  fuzz: { usage: FUZZ_USAGE, main: fuzzCommand },
  validate: { usage: VALIDATE_USAGE, main: validateCommand },
  init: { usage: INIT_USAGE, main: initCommand },
};

export const USAGE = `effective-args: conformance suite for effective tool argument authorization (RFC-0015)

Usage:
  ${Object.values(COMMANDS).map((command) => command.usage).join("\n  ")}`;

export async function main([name, ...args]: string[], output: Output): Promise<number> {
  // Whatever a command prints may carry an adapter's or a case file's text.
  const io: Output = { out: (text) => output.out(printable(text)), err: (text) => output.err(printable(text)) };
  try {
    return await dispatch(name, args, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`effective-args: ${error.message}\nRun "npx effective-args --help" for usage.\n`);
    } else {
      io.err(`effective-args: internal error: ${(error as Error)?.stack ?? String(error)}\n`);
    }
    return 2;
  }
}

async function dispatch(name: string | undefined, args: string[], io: Output): Promise<number> {
  if (name === undefined) {
    io.err(USAGE);
    return 2;
  }
  if (name === "-h" || name === "--help" || name === "help") {
    io.out(USAGE);
    return 0;
  }
  const command = COMMANDS[name];
  if (!command) throw new UsageError(`unknown command "${name}"; the commands are ${Object.keys(COMMANDS).join(", ")}`);
  if (args.includes("-h") || args.includes("--help")) {
    io.out(`Usage: ${command.usage}`);
    return 0;
  }
  return command.main(args, io);
}
