// Loading on worker threads (loading/parallel-loading.ts) gives exactly what loading on one thread
// gives: the same cases in the same order, each with the same data, the same errors, and a source
// that locates as the loader's does.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { caseFilesIn, collectCases, DEFAULT_CASES_DIR, listCaseFiles, loadCases } from "../../harness/loading/loader.ts";
import { loadCasesInParallel, loadInThreads } from "../../harness/loading/parallel-loading.ts";
import { locate } from "../../harness/loading/source-location.ts";

const folder = mkdtempSync(join(tmpdir(), "parallel-loading-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

// The suite's cases under new ids; a file with an unknown word; a file that is not
// YAML; and, in a second folder, a case whose id the first folder's files use too.
const suite = listCaseFiles(DEFAULT_CASES_DIR);
for (const file of suite) {
  const family = basename(dirname(file));
  const name = `${basename(file, ".yaml")}-1`;
  mkdirSync(join(folder, "a", family), { recursive: true });
  writeFileSync(join(folder, "a", family, `${name}.yaml`), readFileSync(file, "utf8").replace(/^id: .*$/m, `id: ${family}/${name}`));
}
const [firstFile] = suite;
const firstFamily = basename(dirname(firstFile!));
writeFileSync(join(folder, "a", firstFamily, "unknown-word.yaml"), readFileSync(firstFile!, "utf8").replace(/^id: .*$/m, `id: ${firstFamily}/unknown-word\nsurprise: 1`));
writeFileSync(join(folder, "a", firstFamily, "not-yaml.yaml"), "id: [unclosed\n");
mkdirSync(join(folder, "b", firstFamily), { recursive: true });
const twin = `${basename(firstFile!, ".yaml")}-1`;
writeFileSync(join(folder, "b", firstFamily, `${twin}.yaml`), readFileSync(join(folder, "a", firstFamily, `${twin}.yaml`), "utf8"));
const paths = [join(folder, "a"), join(folder, "b")];

/** A load result as data: every case's enumerable members, every error, and where the duplicate id's source puts it. */
const shape = (result: ReturnType<typeof loadCases>) => ({ cases: result.cases.map((loaded) => ({ ...loaded })), errors: result.errors, idAt: result.cases.map((loaded) => locate(loaded.source, ["id"])) });

describe("loading case files on worker threads", () => {
  const onOneThread = loadCases(paths);

  it("loads the files the workers took exactly as one thread does, workers and all", async () => {
    const files = caseFilesIn(paths);
    // This thread takes none: every file is a worker's, so a worker that fails to start fails here.
    const { loaded, byWorkers } = await loadInThreads(files, 2, false);
    expect(byWorkers).toBe(files.length);
    const inThreads = collectCases(loaded.map((result) => result!));
    expect(isDeepStrictEqual(shape(inThreads), shape(onOneThread))).toBe(true);
    expect(inThreads.errors.map((error) => error.message)).toEqual(onOneThread.errors.map((error) => error.message));
    expect(onOneThread.errors.some((error) => error.message.includes("is also used by"))).toBe(true);
  });

  it("gives loadCases's result from loadCasesInParallel, on one thread or on several", async () => {
    for (const threads of [1, 2]) expect(isDeepStrictEqual(shape(await loadCasesInParallel(paths, { threads, from: 1 })), shape(onOneThread))).toBe(true);
  });
});
