// `npm run build` runs this, compiled, after tsc: it checks the requirements catalogue and every
// built-in case file as the loader does and writes what it read to dist/built-in.json
// (built-in-bundle.ts). A case file that does not load is left out, for the CLI to report as it
// would without a bundle.
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { makeBundle, writeBundle } from "./built-in-bundle.ts";
import { checkCaseText, DEFAULT_CASES_DIR, listCaseFiles } from "./loader.ts";
import { CATALOGUE_PATH } from "./package-root.ts";
import { parseCatalogue } from "./requirements.ts";
import { readTextFile } from "./yaml-file.ts";

const catalogueText = readFileSync(CATALOGUE_PATH, "utf8");
const cases = listCaseFiles(DEFAULT_CASES_DIR).flatMap((file) => {
  const read = readTextFile(file, "the file");
  if ("errors" in read) return [];
  const checked = checkCaseText(file, read.text);
  return "errors" in checked ? [] : [{ path: relative(DEFAULT_CASES_DIR, file), text: read.text, data: checked.data }];
});
writeBundle(makeBundle({ text: catalogueText, requirements: [...parseCatalogue(catalogueText, CATALOGUE_PATH).values()] }, cases));
