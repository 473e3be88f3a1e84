// The version of an SDK as installed, read from its own package.json: a run on another version
// is labelled with that version, never with the one an adapter was written against.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);

/** The version in the package.json of the package `name` resolves to from here (found from its entry point up). */
export function installedVersion(name: string): string {
  // From the entry point: a package need not export its package.json.
  let folder = dirname(require.resolve(name));
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
