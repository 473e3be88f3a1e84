// What the commands share: usage errors, option parsing, loading an adapter module.
import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { parseArgs, type ParseArgsConfig } from "node:util";
import { checkPath, fileErrorCode } from "../loading/named-paths.ts";
import { inProcess } from "../running/in-process.ts";
import type { Implementation } from "../running/implementation.ts";
import { DEFAULT_LIMITS } from "../running/stdio/adapter-process.ts";
import { AdapterModuleFailed, ISOLATION_GRACE_MS, openIsolated } from "../running/isolated.ts";
import { MAX_TIMER_MS } from "../running/deadline.ts";
import { constants as bufferConstants } from "node:buffer";
import type { IsolateOptions } from "../running/isolate.ts";
import { DEFAULT_TIMEOUT_MS, directRunner, type CaseRunner } from "../running/runner.ts";
import referenceAdapter from "../../reference/adapter.ts";
import { InputError, UsageError } from "./usage-error.ts";

export { InputError, UsageError } from "./usage-error.ts";

/** The values of the options given (named through parseArgs, so that a declaration file can name the type). */
type OptionValues<T extends NonNullable<ParseArgsConfig["options"]>> = ReturnType<typeof parseArgs<{ args: string[]; strict: true; allowPositionals: false; options: T }>>["values"];

export function parseOptions<T extends NonNullable<ParseArgsConfig["options"]>>(args: string[], options: T): OptionValues<T> {
  return asUsageError(() => parseArgs({ args, strict: true, allowPositionals: false, options }).values);
}

/** Arguments that are all paths, with no options. */
export function parsePaths(args: string[]): string[] {
  return parseOptionsAndPaths(args, {}).paths;
}

/** Options, and paths among them. */
export function parseOptionsAndPaths<T extends NonNullable<ParseArgsConfig["options"]>>(args: string[], options: T): { values: OptionValues<T>; paths: string[] } {
  return asUsageError(() => {
    const { values, positionals } = parseArgs({ args, strict: true, allowPositionals: true, options });
    return { values: values as OptionValues<T>, paths: positionals };
  });
}

function asUsageError<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** The largest value an option takes, and why, for numbers that become timers or sizes. */
export interface Bound {
  max: number;
  why: string;
}

export function positiveInteger(value: string | undefined, flag: string, fallback: number, bound?: Bound): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isSafeInteger(number) || number <= 0) throw new UsageError(`${flag} takes a positive whole number, not "${value}"`);
  if (bound && number > bound.max) throw new UsageError(`${flag} is at most ${bound.max} (${bound.why}), not "${value}"`);
  return number;
}

/** A case's timer, and an adapter module's grace on top of it, must fit in a timer: Node.js sets a longer one to 1 ms. */
const TIMEOUT_BOUND: Bound = { max: MAX_TIMER_MS - ISOLATION_GRACE_MS, why: `the longest timer Node.js keeps, less the ${ISOLATION_GRACE_MS} ms an adapter module is given on top` };

/** Runs are cut into shards, listed up front: 100 million runs (some days' work) make 100,000 of them, where 2^53 made an array too long to exist. */
export const RUNS_BOUND: Bound = { max: 100_000_000, why: "the most generated cases one run tries" };

/** The seed of generated cases (fuzz, run --explore) unless one is given. */
export const DEFAULT_FUZZ_SEED = 1;

export const timeoutOption = (value: string | undefined) => positiveInteger(value, "--timeout", DEFAULT_TIMEOUT_MS, TIMEOUT_BOUND);

/** A line is decoded into one string: a longer one than Node.js can make would crash the harness, not error the case. */
const LINE_BOUND: Bound = { max: bufferConstants.MAX_STRING_LENGTH, why: "the longest string Node.js can make of a line" };

/** The oldest Node.js the harness's own code runs on (package.json's engines); the adapter module's process runs it too. */
export const MIN_NODE = [20, 19] as const;

export const ADAPTER_OPTIONS = {
  adapter: { type: "string" },
  "adapter-cmd": { type: "string" },
  "max-line-bytes": { type: "string" },
  node: { type: "string" },
} as const;

export const ADAPTER_USAGE = `  --adapter <path>     a module whose default export (or export "adapter") is an Adapter
  --adapter-cmd <cmd>  a command that speaks the stdio adapter protocol (spec/adapter-protocol.md)
  --max-line-bytes <n> with --adapter-cmd: the longest line (so the largest reply) the adapter may
                       write, in bytes (default ${DEFAULT_LIMITS.maxLineBytes}); a longer one errors the case
  --node <path>        with --adapter: the Node.js binary (${MIN_NODE.join(".")} or newer) the adapter module's
                       process runs on, for an SDK that needs a newer Node.js than the one running
                       effective-args (default: that one)`;

/** The options that name the implementation under test. */
export interface ImplementationOptions {
  adapter?: string | undefined;
  "adapter-cmd"?: string | undefined;
  "max-line-bytes"?: string | undefined;
  node?: string | undefined;
}

/**
 * The implementation the options name, in this process: an adapter command's connection, or the
 * reference when no adapter is given. An adapter module's code never runs in the harness's
 * process: openRunner isolates it. Dispose of it when done (it may hold a child process).
 */
export async function openImplementation(options: Omit<ImplementationOptions, "adapter">): Promise<Implementation> {
  const maxLineBytes = positiveInteger(options["max-line-bytes"], "--max-line-bytes", DEFAULT_LIMITS.maxLineBytes, LINE_BOUND);
  const command = options["adapter-cmd"];
  if (command === undefined && options["max-line-bytes"] !== undefined) throw new UsageError("--max-line-bytes applies to --adapter-cmd only");
  if (command === undefined) return { ...inProcess(referenceAdapter), runBy: { how: "in-process", module: REFERENCE_MODULE } };
  // Loaded only for an adapter command: a run against the reference does not build the protocol's schemas.
  const { stdioImplementation } = await import("../running/stdio/implementation.ts");
  try {
    return { ...(await stdioImplementation(command, { maxLineBytes })), runBy: { how: "stdio", command } };
  } catch (error) {
    throw new InputError(`the adapter command "${command}" did not start: ${(error as Error).message}`);
  }
}

/** Refuses, before any process imports it, an adapter module path that is no regular file (a FIFO would hang the import). */
export function checkAdapterPath(path: string): void {
  try {
    checkPath(resolve(path), "file");
  } catch (error) {
    throw new UsageError(`cannot load adapter module ${path}: ${fileErrorCode(error)}`);
  }
}

/** Refuses options that name two implementations, or a limit that does not apply. */
export function checkImplementationOptions(options: ImplementationOptions): void {
  if (options.adapter !== undefined && options["adapter-cmd"] !== undefined) throw new UsageError("give --adapter or --adapter-cmd, not both");
  if (options.adapter !== undefined && options["max-line-bytes"] !== undefined) throw new UsageError("--max-line-bytes applies to --adapter-cmd only");
  // The reference runs in this process, and an adapter command is whatever the user's command starts.
  if (options.node !== undefined && options.adapter === undefined) throw new UsageError("--node applies to --adapter only");
}

/** How long the binary --node names may take to say what it is. */
const NODE_CHECK_MS = 10_000;

/**
 * --node as the isolate's execPath: the absolute path of the binary, once it has said it is
 * Node.js, MIN_NODE or newer (asked to print its release name and version). Anything else (no
 * such file, a folder, a program that is not Node.js, an older Node.js) is a usage error here,
 * before any case runs, rather than a child that dies as it starts.
 */
export function nodeOption(options: ImplementationOptions): { execPath?: string } {
  checkImplementationOptions(options);
  const path = options.node;
  if (path === undefined) return {};
  const absolute = resolve(path);
  try {
    checkPath(absolute, "file");
  } catch (error) {
    throw new UsageError(`--node ${path}: ${fileErrorCode(error)}`);
  }
  const asked = spawnSync(absolute, ["-p", `process.release.name + " " + process.versions.node`], { encoding: "utf8", timeout: NODE_CHECK_MS, stdio: ["ignore", "pipe", "pipe"] });
  if (asked.error) throw new UsageError(`--node ${path} ${fileErrorCode(asked.error) === "ETIMEDOUT" ? `did not say what it is within ${NODE_CHECK_MS} ms` : `cannot be run: ${fileErrorCode(asked.error)}`}`);
  const version = /^node (\d+)\.(\d+)\.(\d+)$/.exec(asked.stdout.trim());
  if (asked.status !== 0 || !version) throw new UsageError(`--node ${path} is not a Node.js binary: asked for its version, it ${asked.status === 0 ? `printed ${JSON.stringify(asked.stdout.trim().slice(0, 80))}` : asked.signal ? `was ended by ${asked.signal}` : `exited with code ${asked.status}`}`);
  const [major, minor] = [Number(version[1]), Number(version[2])];
  if (major < MIN_NODE[0] || (major === MIN_NODE[0] && minor < MIN_NODE[1])) throw new UsageError(`--node ${path} is Node.js ${version.slice(1).join(".")}; effective-args runs on ${MIN_NODE.join(".")} or newer`);
  return { execPath: absolute };
}

/**
 * What a run drives: an adapter module in a child process of its own (isolated.ts), where the
 * harness can bound it, kill it and still report; otherwise openImplementation's implementation.
 */
export async function openRunner(options: ImplementationOptions, timeoutMs: number, isolate: IsolateOptions = {}): Promise<CaseRunner> {
  checkImplementationOptions(options);
  if (options.adapter === undefined) return directRunner(await openImplementation(options));
  checkAdapterPath(options.adapter);
  try {
    return await openIsolated(options.adapter, timeoutMs, isolate);
  } catch (error) {
    // The module did not load, exports no adapter or declares an unknown capability: the input's mistake, not the command line's.
    if (error instanceof AdapterModuleFailed) throw new InputError(error.message);
    throw error;
  }
}

/** How a report names the reference, run when no adapter is given. */
export const REFERENCE_MODULE = "effective-args/reference (built in)";
