// Loading an adapter module named on the command line, in whatever format the user's project
// writes: TypeScript (.ts, .mts, .cts, through tsx's loader, scoped to this import) or
// JavaScript (.js, .mjs, .cjs), from an ES module or a CommonJS project. A module that does not
// load is a usage error that says why in the user's terms.
import { existsSync } from "node:fs";
import { extname, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { Adapter } from "../adapter.ts";
import { describeThrown } from "../running/implementation.ts";
import { UsageError } from "./usage-error.ts";

const TYPESCRIPT = new Set([".ts", ".mts", ".cts"]);

/** The module's exports; `shown` is the path as the user wrote it. */
export async function importAdapterModule(absolute: string, shown: string): Promise<Record<string, unknown>> {
  const url = pathToFileURL(absolute).href;
  try {
    // tsx is loaded only for TypeScript: a JavaScript adapter's run does not pay for it.
    const typescript = TYPESCRIPT.has(extname(absolute));
    return (typescript ? await (await import("tsx/esm/api")).tsImport(url, import.meta.url) : await import(url)) as Record<string, unknown>;
  } catch (error) {
    throw new UsageError(`cannot load adapter module ${shown}: ${explain(error, absolute)}`);
  }
}

/**
 * The adapter the module at `path` exports (default, or "adapter"). Run only where adapter code
 * may run: in an isolated child process (harness/running/isolated-child.ts), never in the
 * harness's own. A module that does not load, or exports no adapter, is a UsageError.
 */
export async function loadAdapterModule(path: string): Promise<Adapter> {
  const absolute = resolve(path);
  if (!existsSync(absolute)) throw new UsageError(`adapter module not found: ${path}`);
  const module = await importAdapterModule(absolute, path);
  let candidate: unknown;
  try {
    // A CommonJS module's exports come as the default: its own default or "adapter" may be inside.
    const inner = module.default as Record<string, unknown> | undefined;
    candidate = [module.default, module.adapter, inner?.default, inner?.adapter].find(isAdapterLike) ?? module.default;
  } catch (error) {
    // An export getter, or a Proxy, that throws.
    throw new UsageError(`cannot read the exports of adapter module ${path}: ${describeThrown(error)}`);
  }
  if (!isAdapterLike(candidate)) {
    throw new UsageError(`${path} does not export an adapter: expected a default export (or "adapter") with name, version, capabilities and createSession`);
  }
  return candidate;
}

function isAdapterLike(value: unknown): value is Adapter {
  const candidate = value as Partial<Adapter> | null | undefined;
  return (
    typeof candidate === "object" &&
    candidate !== null &&
    typeof candidate.name === "string" &&
    typeof candidate.version === "string" &&
    Array.isArray(candidate.capabilities) &&
    typeof candidate.createSession === "function"
  );
}

/** The error, and what it means for the user's project. */
function explain(error: unknown, absolute: string): string {
  const lines = error instanceof Error ? error.message.split("\n") : [String(error)];
  // tsx (esbuild) says "Transform failed with 1 error:", then "file:line:column: ERROR: what".
  if (/^Transform failed/.test(lines[0]!) && lines[1]) return `syntax error at ${lines[1].replace(": ERROR:", ":")}`;
  const message = lines[0]!;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (/Cannot use import statement outside a module|Unexpected token 'export'/.test(message)) {
    return `${message} (the file is read as CommonJS: a .cjs file, or a .js file without "type": "module" in the nearest package.json; rename it .mjs, or write it with require and module.exports)`;
  }
  if (code === "ERR_REQUIRE_ESM" || /require\(\) of ES Module/.test(message)) return `${message} (it requires an ES module: use import, or rename it .mjs)`;
  if (error instanceof SyntaxError) return `syntax error: ${message}${location(error, absolute)}`;
  return message;
}

/** " at file:line:column" when the error's stack names a place in the module. */
function location(error: Error, absolute: string): string {
  const url = pathToFileURL(absolute).href;
  const found = error.stack?.split("\n").find((line) => line.includes(absolute) || line.includes(url));
  const place = found?.match(/:(\d+)(?::(\d+))?\)?\s*$/);
  return place ? ` at ${absolute}:${place.slice(1).filter(Boolean).join(":")}` : "";
}
