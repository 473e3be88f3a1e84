// The command line: which command, its usage, and the exit code, with every error a user or an
// adapter can cause turned into one line and exit code 2. harness/cli.ts, through process.ts, is
// the process around it.
// Exit codes: 0 success, 1 failures or divergences, 2 usage, case-file or internal errors.
import type { Output } from "./io.ts";
import { InputError, UsageError } from "./usage-error.ts";
import { printable } from "../reporting/printable.ts";

interface Command {
  usage: string;
  main: (args: string[], io: Output) => Promise<number>;
}

/** Each command's module, loaded when the command runs: `run` does not pay for the fuzzer's. */
const COMMANDS: Record<string, () => Promise<Command>> = {
  run: async () => {
    const { RUN_USAGE, runCommand } = await import("./run.ts");
    return { usage: RUN_USAGE, main: runCommand };
  },
  fuzz: async () => {
    const { FUZZ_USAGE, fuzzCommand } = await import("./fuzz.ts");
    return { usage: FUZZ_USAGE, main: fuzzCommand };
  },
  validate: async () => {
    const { VALIDATE_USAGE, validateCommand } = await import("./validate.ts");
    return { usage: VALIDATE_USAGE, main: validateCommand };
  },
  matrix: async () => {
    const { MATRIX_USAGE, matrixCommand } = await import("./matrix.ts");
    return { usage: MATRIX_USAGE, main: matrixCommand };
  },
  "report-issue": async () => {
    const { REPORT_ISSUE_USAGE, reportIssueCommand } = await import("./report-issue.ts");
    return { usage: REPORT_ISSUE_USAGE, main: reportIssueCommand };
  },
  init: async () => {
    const { INIT_USAGE, initCommand } = await import("./init.ts");
    return { usage: INIT_USAGE, main: initCommand };
  },
};

async function usage(): Promise<string> {
  const commands = await Promise.all(Object.values(COMMANDS).map((load) => load()));
  return `effective-args: conformance suite for effective tool argument authorization (RFC-0015)

Usage:
  ${commands.map((command) => command.usage).join("\n  ")}`;
}

export async function main([name, ...args]: string[], output: Output): Promise<number> {
  // Whatever a command prints may carry an adapter's or a case file's text.
  const io: Output = { out: (text) => output.out(printable(text)), err: (text) => output.err(printable(text)) };
  try {
    return await dispatch(name, args, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`effective-args: ${error.message}\n${error instanceof InputError ? "" : 'Run "npx effective-args --help" for usage.\n'}`);
    } else {
      io.err(`effective-args: internal error: ${(error as Error)?.stack ?? String(error)}\n`);
    }
    return 2;
  }
}

async function dispatch(name: string | undefined, args: string[], io: Output): Promise<number> {
  if (name === undefined) {
    io.err(await usage());
    return 2;
  }
  if (name === "-h" || name === "--help" || name === "help") {
    io.out(await usage());
    return 0;
  }
  const load = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!load) throw new UsageError(`unknown command "${name}"; the commands are ${Object.keys(COMMANDS).join(", ")}`);
  const command = await load();
  if (args.includes("-h") || args.includes("--help")) {
    io.out(`Usage: ${command.usage}`);
    return 0;
  }
  return command.main(args, io);
}
