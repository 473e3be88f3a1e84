// Where the suite's own files (cases/, spec/) are: the folder of effective-args's package.json,
// found from this module, whether it runs from the TypeScript sources or from the compiled
// JavaScript under dist/, in a clone or installed in node_modules.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

interface Manifest {
  name?: string;
  version?: string;
}

/** The package's folder and its package.json, read once. */
function packageRoot(): { folder: string; manifest: Manifest } {
  for (let folder = dirname(fileURLToPath(import.meta.url)); ; folder = dirname(folder)) {
    const path = join(folder, "package.json");
    const manifest = existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as Manifest) : undefined;
    if (manifest?.name === "effective-args") return { folder, manifest };
    if (dirname(folder) === folder) throw new Error(`effective-args: no package.json of effective-args above ${fileURLToPath(import.meta.url)}`);
  }
}

const root = packageRoot();
export const PACKAGE_ROOT = root.folder;

/** The suite's name and version, as its package.json gives them: reports say which suite made them. */
export const SUITE = { name: root.manifest.name!, version: root.manifest.version! };

/** A path inside the package: "cases", "spec/requirements.yaml". */
export const packagePath = (relative: string) => join(PACKAGE_ROOT, relative);

/** The requirements catalogue (requirements.ts reads it). */
export const CATALOGUE_PATH = packagePath("spec/requirements.yaml");
