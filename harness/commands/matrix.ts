// `matrix`: the compatibility matrix page (reporting/matrix/) from the JSON reports of any number
// of runs, one per implementation, written as <out>/index.html. Reports that are not reports of
// this suite version, or that name one implementation twice, are refused (exit 2), and no page is written.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { packagePath } from "../loading/package-root.ts";
import { LIVE_REQUIREMENTS } from "../loading/requirements.ts";
import { matrixPage } from "../reporting/matrix/page.ts";
import { readReports } from "../reporting/matrix/reports.ts";
import { parseOptionsAndPaths, UsageError } from "./common.ts";
import type { Output } from "./io.ts";
import { checkOutputFolder, makeFolder, writeOutputFile } from "./output-folder.ts";
import { fileErrorCode } from "../loading/yaml-file.ts";

export const MATRIX_USAGE = `npx effective-args matrix <report.json>... --out <folder>

  Builds the compatibility matrix, one self-contained HTML page (<folder>/index.html), from JSON
  reports (run --reporter json), one per implementation: implementations across, requirements
  down, a cell per verdict that opens the cases behind it.

  Exit codes: 0 page written, 2 usage errors or reports that cannot be compared (not a report,
  another suite version, one implementation twice).
`;

/** A case id as the loader allows it, so that a report cannot make the page read any other file. */
const CASE_ID = /^[a-z][a-z0-9-]*\/[a-z0-9][a-z0-9-]*$/;

export async function matrixCommand(args: string[], io: Output): Promise<number> {
  const { values, paths: files } = parseOptionsAndPaths(args, { out: { type: "string" } });
  if (values.out === undefined) throw new UsageError("matrix needs --out <folder>, where it writes index.html");
  if (files.length === 0) throw new UsageError("matrix needs at least one report (a file written by run --reporter json)");
  checkOutputFolder(values.out, "--out");
  const read = readReports(files);
  if ("errors" in read) {
    io.err(read.errors.map((error) => `effective-args: ${error}\n`).join(""));
    io.err("effective-args: no page was written\n");
    return 2;
  }
  const requirements = LIVE_REQUIREMENTS;
  const ids = new Set(read.reports.flatMap(({ report }) => report.results.map((result) => result.id)));
  const sources: Record<string, string> = {};
  for (const id of [...ids].sort()) {
    const file = packagePath(`cases/${id}.yaml`);
    if (CASE_ID.test(id) && existsSync(file)) sources[id] = readFileSync(file, "utf8");
  }
  // A generated case (run --explore) has no file of the suite's: its source is the one its report carries.
  for (const { report } of read.reports) for (const result of report.results) if (result.generated !== undefined && CASE_ID.test(result.id)) sources[result.id] ??= result.generated;
  const page = join(values.out, "index.html");
  try {
    makeFolder(values.out);
    writeOutputFile(page, matrixPage({ reports: read.reports, requirements, sources }));
  } catch (error) {
    throw new UsageError(`--out ${values.out}: cannot write ${page} (${fileErrorCode(error)})`);
  }
  io.out(`wrote ${page}: ${read.reports.length} implementation${read.reports.length === 1 ? "" : "s"} x ${requirements.length} requirements\n`);
  return 0;
}
