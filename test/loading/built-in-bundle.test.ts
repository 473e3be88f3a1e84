// The bundle of built-in cases (loading/built-in-bundle.ts) that lets the installed CLI start without
// parsing YAML: it must give exactly what the loader makes of each file, and nothing for a file
// whose text is not the text it was made from.
import { existsSync, readFileSync } from "node:fs";
import { relative } from "node:path";
import { describe, expect, it } from "vitest";
import { caseInBundle, digest, makeBundle } from "../../harness/loading/built-in-bundle.ts";
import { checkCaseText, DEFAULT_CASES_DIR, listCaseFiles, loadCases } from "../../harness/loading/loader.ts";
import { CATALOGUE_PATH } from "../../harness/loading/package-root.ts";
import { REQUIREMENTS } from "../../harness/loading/requirements.ts";

const catalogue = readFileSync(CATALOGUE_PATH, "utf8");
const builtIn = listCaseFiles(DEFAULT_CASES_DIR).map((file) => {
  const text = readFileSync(file, "utf8");
  const checked = checkCaseText(file, text);
  if ("errors" in checked) throw new Error(checked.errors[0]!.message);
  return { file, path: relative(DEFAULT_CASES_DIR, file), text, data: checked.data };
});
const bundle = makeBundle({ text: catalogue, requirements: [...REQUIREMENTS.values()] }, builtIn);

describe("the bundle of the catalogue and the built-in cases", () => {
  it("holds every built-in case, each exactly as the loader checks it", () => {
    expect(Object.keys(bundle.files)).toEqual(builtIn.map(({ path }) => path));
    for (const { path, text, data } of builtIn) expect(caseInBundle(bundle, path, text)).toStrictEqual(data);
    expect(bundle.catalogue).toStrictEqual({ text: digest(catalogue), requirements: [...REQUIREMENTS.values()] });
  });

  it("gives nothing for a file whose text changed, a file it does not hold, or an inherited name", () => {
    const [first] = builtIn;
    expect(caseInBundle(bundle, first!.path, first!.text.replace(/^title: .*$/m, "title: edited"))).toBeUndefined();
    expect(caseInBundle(bundle, "invariant/not-a-case.yaml", first!.text)).toBeUndefined();
    expect(caseInBundle(bundle, "__proto__", first!.text)).toBeUndefined();
  });

  it("leaves out data JSON cannot carry exactly (a -0 default), to be parsed at run time", () => {
    const [first] = builtIn;
    const withNegativeZero = { ...first!.data, tools: { t: { schema: { type: "number" as const, default: -0 } } } };
    expect(makeBundle(bundle.catalogue, [{ ...first!, data: withNegativeZero }]).files).toEqual({});
  });

  it("is what npm run build wrote to dist/built-in.json for the catalogue and cases as they are now", () => {
    if (!existsSync("dist/built-in.json")) throw new Error("dist/ is not built: run npm run build (npm test does)");
    expect(JSON.parse(readFileSync("dist/built-in.json", "utf8"))).toEqual(bundle);
  });

  it("gives loaded cases whose parsed source is made when first asked for, and not copied", () => {
    const [loaded] = loadCases([builtIn[0]!.file]).cases;
    expect(Object.keys({ ...loaded })).not.toContain("source");
    expect(loaded!.source.document.get("id")).toBe(loaded!.id);
  });
});
