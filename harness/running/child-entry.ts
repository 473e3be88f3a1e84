// Where a child process of the harness's own starts: the module `name` beside the one at
// `besideUrl`. The compiled harness starts the compiled module. From the TypeScript sources (in a
// clone: the tests, npm run conformance) it starts the compiled copy under dist/ when the build
// is newer than every source of harness/ and reference/ (npm test builds first), which spares the
// child tsx's loader: about 0.3 s of CPU a child, and the tests start some hundred. Otherwise, or
// for a module the build does not compile (a test's own), the source under tsx's loader.
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { PACKAGE_ROOT } from "../loading/package-root.ts";

export interface ChildEntry {
  path: string;
  /** Whether the child needs tsx's loader. */
  typescript: boolean;
}

/** What npm run build compiles, and the last file it writes. */
const SOURCES = ["harness", "reference"];
const BUILT = "dist/built-in.json";

/** By package folder: whether its build is fresh, looked at once a process (a build does not happen during a run). */
const fresh = new Map<string, boolean>();

/** `root`: the package's folder (a test's scratch package; this package's own unless given). */
export function childEntry(besideUrl: string, name: string, root = PACKAGE_ROOT): ChildEntry {
  const source = fileURLToPath(new URL(`./${name}${besideUrl.endsWith(".ts") ? ".ts" : ".js"}`, besideUrl));
  if (!source.endsWith(".ts")) return { path: source, typescript: false };
  const compiled = join(root, "dist", relative(root, source)).replace(/\.ts$/, ".js");
  if (!existsSync(compiled)) return { path: source, typescript: true };
  if (!fresh.has(root)) fresh.set(root, freshBuild(root));
  return fresh.get(root)! ? { path: compiled, typescript: false } : { path: source, typescript: true };
}

/** Whether dist/ was built after the last change to any source it is built from. */
function freshBuild(root: string): boolean {
  const built = join(root, BUILT);
  if (!existsSync(built)) return false;
  const builtAt = statSync(built).mtimeMs;
  return SOURCES.every((folder) => !existsSync(join(root, folder)) || newestChange(join(root, folder)) < builtAt);
}

function newestChange(folder: string): number {
  let newest = statSync(folder).mtimeMs; // a source deleted or renamed changes its folder
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(path) : statSync(path).mtimeMs);
  }
  return newest;
}
