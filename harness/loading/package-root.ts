// Where the suite's own files (cases/, spec/) are: the folder of effective-args's package.json,
// found from this module, whether it runs from the TypeScript sources or from the compiled
// JavaScript under dist/, in a clone or installed in node_modules.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

function packageRoot(): string {
  for (let folder = dirname(fileURLToPath(import.meta.url)); ; folder = dirname(folder)) {
    const manifest = join(folder, "package.json");
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, "utf8")) as { name?: string }).name === "effective-args") return folder;
    if (dirname(folder) === folder) throw new Error(`effective-args: no package.json of effective-args above ${fileURLToPath(import.meta.url)}`);
  }
}

export const PACKAGE_ROOT = packageRoot();

/** The suite's name and version, as its package.json gives them: reports say which suite made them. */
const manifest = JSON.parse(readFileSync(join(PACKAGE_ROOT, "package.json"), "utf8")) as { name: string; version: string };
export const SUITE = { name: manifest.name, version: manifest.version };

/** A path inside the package: "cases", "spec/requirements.yaml". */
export const packagePath = (relative: string) => join(PACKAGE_ROOT, relative);

/** The requirements catalogue (requirements.ts reads it). */
export const CATALOGUE_PATH = packagePath("spec/requirements.yaml");
