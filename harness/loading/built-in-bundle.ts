// What the suite's own YAML says, read once when the package is built (npm run build) and kept as
// JSON in dist/built-in.json: the requirements catalogue and every built-in case, checked. With it
// the installed CLI starts without parsing YAML. The bundle is used only when the catalogue's text,
// and a case file's text, are exactly those it was made from, and only by the compiled code that
// made it: the TypeScript sources never look for one, so an edited case, catalogue or loader is
// always read afresh.
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import { isDeepStrictEqual } from "node:util";
import type { CaseFile } from "./case-schema.ts";
import { CATALOGUE_PATH, packagePath } from "./package-root.ts";

export interface BuiltInBundle {
  /** The digest of the requirements catalogue's text, and the catalogue as parseCatalogue checked it. */
  catalogue: { text: string; requirements: unknown[] };
  /** By path under cases/ ("decoy-field/x.yaml"): the digest of the file's text and its checked data. */
  files: Record<string, { text: string; data: CaseFile }>;
}

const CASES_DIR = packagePath("cases");
/** dist/built-in.json, beside the compiled harness/ (this module is dist/harness/loading/built-in-bundle.js). */
const BUNDLE_URL = new URL("../../built-in.json", import.meta.url);
const COMPILED = import.meta.url.endsWith(".js");

export const digest = (text: string) => createHash("sha256").update(text).digest("base64");

let bundle: BuiltInBundle | null | undefined;

/** The bundle, if this is compiled code, one was built, and the catalogue is the one it was built from. */
function currentBundle(): BuiltInBundle | null {
  if (bundle !== undefined) return bundle;
  bundle = null; // from the sources, not built, or unreadable: everything is parsed
  if (!COMPILED) return bundle;
  try {
    const read = JSON.parse(readFileSync(BUNDLE_URL, "utf8")) as BuiltInBundle;
    if (read.catalogue.text === digest(readFileSync(CATALOGUE_PATH, "utf8"))) bundle = read;
  } catch {
    // as above
  }
  return bundle;
}

/** The checked requirements of the catalogue, when the bundle was made from this very text. */
export function bundledCatalogue(text: string): unknown[] | undefined {
  const found = currentBundle();
  return found && found.catalogue.text === digest(text) ? found.catalogue.requirements : undefined;
}

/** The checked data of a built-in case file with this text, when the bundle holds exactly it. */
export function bundledCase(file: string, text: string): CaseFile | undefined {
  const found = currentBundle();
  return found ? caseInBundle(found, relative(CASES_DIR, file), text) : undefined;
}

/** The bundle's data for the file at `path` under cases/, if the bundle was made from this very text. */
export function caseInBundle(found: BuiltInBundle, path: string, text: string): CaseFile | undefined {
  const entry = Object.hasOwn(found.files, path) ? found.files[path] : undefined;
  return entry && entry.text === digest(text) ? entry.data : undefined;
}

/**
 * The bundle of the catalogue and the given checked cases (path under cases/, text, data). A case
 * whose data JSON cannot carry exactly (a -0, say) is left out, to be parsed at run time.
 */
export function makeBundle(catalogue: { text: string; requirements: unknown[] }, cases: readonly { path: string; text: string; data: CaseFile }[]): BuiltInBundle {
  if (!isDeepStrictEqual(JSON.parse(JSON.stringify(catalogue.requirements)), catalogue.requirements)) throw new Error("the requirements catalogue does not survive JSON");
  const files: BuiltInBundle["files"] = {};
  for (const { path, text, data } of cases) {
    if (isDeepStrictEqual(JSON.parse(JSON.stringify(data)), data)) files[path] = { text: digest(text), data };
  }
  return { catalogue: { text: digest(catalogue.text), requirements: catalogue.requirements }, files };
}

/** Writes dist/built-in.json (npm run build runs this, from the compiled code). */
export function writeBundle(made: BuiltInBundle): string {
  const path = fileURLToPath(BUNDLE_URL);
  writeFileSync(path, JSON.stringify(made));
  return path;
}
