// What the commands share: usage errors, option parsing, loading an adapter module.
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs, type ParseArgsConfig } from "node:util";
import type { Adapter } from "../adapter.ts";
import { DEFAULT_TIMEOUT_MS } from "../runner.ts";
import referenceAdapter from "../../reference/adapter.ts";

/** A mistake in the command line: reported in one line, exit code 2. */
export class UsageError extends Error {}

export function parseOptions<T extends NonNullable<ParseArgsConfig["options"]>>(args: string[], options: T) {
  try {
    return parseArgs({ args, strict: true, allowPositionals: false, options }).values;
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

/** The adapter a module exports, or the reference when no path is given. */
export async function loadAdapter(path: string | undefined): Promise<Adapter> {
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
