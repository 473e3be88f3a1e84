// The version of an SDK as installed, read from its own package.json: a run on another version
// is labelled with that version, never with the one an adapter was written against.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/**
 * The version in the package.json of the package `name` resolves to from the module at `from`
 * (a file URL; this folder by default), found from its entry point up. An adapter in a folder
 * with its own node_modules (adapters/vercel-ai-7/) passes its own import.meta.url, so that the
 * version is the one its imports load, not the root's.
 */
export function installedVersion(name: string, from: string = import.meta.url): string {
  // From the entry point: a package need not export its package.json.
  let folder = dirname(createRequire(from).resolve(name));
  for (;;) {
    try {
      const manifest = JSON.parse(readFileSync(join(folder, "package.json"), "utf8")) as { name?: string; version?: string };
      if (manifest.name === name && typeof manifest.version === "string") return manifest.version;
    } catch {
      // no package.json in this folder: look further up
    }
    const parent = dirname(folder);
    if (parent === folder) throw new Error(`cannot find the installed version of ${name}`);
    folder = parent;
  }
}
