// What the commands share: usage errors, option parsing, loading an adapter module.
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs, type ParseArgsConfig } from "node:util";
import type { Adapter } from "../adapter.ts";
import { inProcess } from "../running/in-process.ts";
import type { Implementation } from "../running/implementation.ts";
import { DEFAULT_TIMEOUT_MS } from "../running/runner.ts";
import { DEFAULT_LIMITS } from "../running/stdio/adapter-process.ts";
import { stdioImplementation } from "../running/stdio/implementation.ts";
import referenceAdapter from "../../reference/adapter.ts";

/** A mistake in the command line: reported in one line, exit code 2. */
export class UsageError extends Error {}

export function parseOptions<T extends NonNullable<ParseArgsConfig["options"]>>(args: string[], options: T) {
  return asUsageError(() => parseArgs({ args, strict: true, allowPositionals: false, options }).values);
}

/** Arguments that are all paths, with no options. */
export function parsePaths(args: string[]): string[] {
  return asUsageError(() => parseArgs({ args, strict: true, allowPositionals: true, options: {} }).positionals);
}

function asUsageError<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

export function positiveInteger(value: string | undefined, flag: string, fallback: number): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isSafeInteger(number) || number <= 0) throw new UsageError(`${flag} takes a positive whole number, not "${value}"`);
  return number;
}

export const timeoutOption = (value: string | undefined) => positiveInteger(value, "--timeout", DEFAULT_TIMEOUT_MS);

export const ADAPTER_OPTIONS = {
  adapter: { type: "string" },
  "adapter-cmd": { type: "string" },
  "max-line-bytes": { type: "string" },
} as const;

export const ADAPTER_USAGE = `  --adapter <path>     a module whose default export (or export "adapter") is an Adapter
  --adapter-cmd <cmd>  a command that speaks the stdio adapter protocol (spec/adapter-protocol.md)
  --max-line-bytes <n> with --adapter-cmd: the longest line (so the largest reply) the adapter may
                       write, in bytes (default ${DEFAULT_LIMITS.maxLineBytes}); a longer one errors the case`;

/**
 * The implementation the options name: an adapter module, an adapter command, or the
 * reference when neither is given. Dispose of it when done (it may hold a child process).
 */
export async function openImplementation(options: { adapter?: string | undefined; "adapter-cmd"?: string | undefined; "max-line-bytes"?: string | undefined }): Promise<Implementation> {
  if (options.adapter !== undefined && options["adapter-cmd"] !== undefined) throw new UsageError("give --adapter or --adapter-cmd, not both");
  const maxLineBytes = positiveInteger(options["max-line-bytes"], "--max-line-bytes", DEFAULT_LIMITS.maxLineBytes);
  const command = options["adapter-cmd"];
  if (command === undefined && options["max-line-bytes"] !== undefined) throw new UsageError("--max-line-bytes applies to --adapter-cmd only");
  if (command === undefined) return { ...inProcess(await loadAdapter(options.adapter)), runBy: { how: "in-process", module: options.adapter ?? REFERENCE_MODULE } };
  try {
    return { ...(await stdioImplementation(command, { maxLineBytes })), runBy: { how: "stdio", command } };
  } catch (error) {
    throw new UsageError(`the adapter command "${command}" did not start: ${(error as Error).message}`);
  }
}

/** How a report names the reference, run when no adapter is given. */
export const REFERENCE_MODULE = "effective-args/reference (built in)";

/** The adapter a module exports, or the reference when no path is given. */
async function loadAdapter(path: string | undefined): Promise<Adapter> {
  if (path === undefined) return referenceAdapter;
  const absolute = resolve(path);
  if (!existsSync(absolute)) throw new UsageError(`adapter module not found: ${path}`);
  let module: Record<string, unknown>;
  try {
    module = (await import(pathToFileURL(absolute).href)) as Record<string, unknown>;
  } catch (error) {
    throw new UsageError(`cannot load adapter module ${path}: ${(error as Error).message}`);
  }
  const candidate = (module.default ?? module.adapter) as Partial<Adapter> | undefined;
  if (
    typeof candidate !== "object" ||
    candidate === null ||
    typeof candidate.name !== "string" ||
    typeof candidate.version !== "string" ||
    !Array.isArray(candidate.capabilities) ||
    typeof candidate.createSession !== "function"
  ) {
    throw new UsageError(`${path} does not export an adapter: expected a default export (or "adapter") with name, version, capabilities and createSession`);
  }
  return candidate as Adapter;
}
