// `report-issue`: from a JSON report (run --reporter json), a ready-to-file bug report for the
// runtime's maintainers about one failed case (reporting/upstream-issue.ts renders it): to standard
// output, or to a file. The case file shown is the one the run used: the file the report names,
// the suite's own case when the run used the built-in ones, or the file a generated case carries.
// A report that cannot be read, a case it does not hold, or one that did not fail: one line, exit 2.
import { basename, resolve } from "node:path";
import { z } from "zod";
import { checkPath, fileErrorCode, readNamedFile } from "../loading/named-paths.ts";
import { packagePath, SUITE } from "../loading/package-root.ts";
import { implementationArgs, upstreamIssue, type IssueCase, type Reproduction } from "../reporting/upstream-issue.ts";
import { parseOptionsAndPaths, REFERENCE_MODULE, UsageError } from "./common.ts";
import type { Output } from "./io.ts";
import { printableLine } from "../reporting/printable.ts";
import { writeOutputFile } from "./output-folder.ts";
import { ReportedImplementationSchema } from "../reporting/implementation-schema.ts";

export const REPORT_ISSUE_USAGE = `npx effective-args report-issue <report.json> --case <id> [--repro <script>] [--out <file>]

  Writes a bug report (Markdown) for the runtime's maintainers about one failed case of a JSON
  report (run --reporter json): the requirements it breaks, in the suite's words with their
  RFC-0015 section, what the runtime did (each failure and its diff), the case file, the
  runtime's and the suite's versions, and the command that reproduces it.

  --case <id>          the failed (or errored) case to report
  --repro <script>     a script that shows the failure with the runtime alone, without
                       effective-args (its opening comment saying how to install and run it):
                       the report shows it first, so a maintainer needs nothing else
  --out <file>         write the report to <file> instead of standard output

  Exit codes: 0 written, 2 usage errors, a report that cannot be read, or a case that is not in
  it or did not fail.
`;

/** What the issue needs of a report; a report carries more, which is ignored. */
const IssueReport = z.object({
  suite: z.object({ name: z.string(), version: z.string() }),
  implementation: ReportedImplementationSchema,
  results: z.array(
    z.object({
      id: z.string(),
      file: z.string(),
      title: z.string(),
      requirements: z.array(z.string()),
      status: z.string(),
      reason: z.string().optional(),
      generated: z.string().optional(),
      failures: z.array(z.object({ requirement: z.string(), message: z.string(), diff: z.string().optional(), step: z.number().optional(), callId: z.string().optional() })),
    }),
  ),
  exploration: z.object({ asked: z.number(), tried: z.number(), seed: z.number() }).optional(),
});
type IssueReport = z.infer<typeof IssueReport>;
type ReportedCase = IssueReport["results"][number];

/** A case id as the loader allows it: only such an id names a file under the suite's cases/. */
const CASE_ID = /^[a-z][a-z0-9-]*\/[a-z0-9][a-z0-9-]*$/;

/** A problem with the input: one line on standard error, exit 2. */
class InputProblem extends Error {}

export async function reportIssueCommand(args: string[], io: Output): Promise<number> {
  const { values, paths } = parseOptionsAndPaths(args, { case: { type: "string" }, repro: { type: "string" }, out: { type: "string" } });
  if (paths.length !== 1) throw new UsageError(`report-issue takes one report (a file written by run --reporter json), not ${paths.length}`);
  if (values.case === undefined) throw new UsageError("report-issue needs --case <id>, the failed case to report");
  const [file] = paths as [string];
  const out = values.out;
  if (out !== undefined) {
    try {
      checkPath(out, "file");
    } catch (error) {
      throw new UsageError(`--out ${out}: ${fileErrorCode(error)}`);
    }
  }
  let text: string;
  try {
    text = issueText(file, values.case, values.repro === undefined ? undefined : reproduction(values.repro));
  } catch (error) {
    if (!(error instanceof InputProblem)) throw error;
    io.err(`effective-args: ${printableLine(error.message)}\n`);
    return 2;
  }
  if (out === undefined) {
    io.out(text);
    return 0;
  }
  try {
    writeOutputFile(out, text);
  } catch (error) {
    throw new UsageError(`--out ${out}: cannot write it (${fileErrorCode(error)})`);
  }
  io.out(`wrote ${out}: the issue for ${values.case}\n`);
  return 0;
}

/** The script of --repro, named by its file name; throws an InputProblem when it cannot be read. */
function reproduction(path: string): Reproduction {
  try {
    return { name: basename(path), text: readNamedFile(path).toString("utf8") };
  } catch (error) {
    throw new InputProblem(`--repro ${path}: cannot read it (${fileErrorCode(error)})`);
  }
}

/** The issue for case `id` of the report in `file`; throws an InputProblem naming what is wrong. */
function issueText(file: string, id: string, repro?: Reproduction): string {
  const report = readReport(file);
  const result = report.results.find((candidate) => candidate.id === id);
  const failing = report.results.filter((candidate) => candidate.status === "failed" || candidate.status === "errored").map((candidate) => candidate.id);
  const which = failing.length === 0 ? "no case failed or errored in it" : `its failed or errored cases: ${failing.join(", ")}`;
  if (!result) throw new InputProblem(`${file}: no case "${id}" in this report; ${which}`);
  if (result.status !== "failed" && result.status !== "errored") throw new InputProblem(`${file}: case "${id}" ${result.status} in this report, so there is nothing to report; ${which}`);
  return upstreamIssue({
    suite: report.suite,
    implementation: report.implementation,
    result: { ...result, status: result.status },
    testCase: caseFile(file, result),
    exploration: report.exploration,
    implementationArgs: implementationArgs(report.implementation.runBy, REFERENCE_MODULE),
    reproduction: repro,
  });
}

function readReport(file: string): IssueReport {
  let text: string;
  try {
    text = readNamedFile(file).toString("utf8");
  } catch (error) {
    throw new InputProblem(`${file}: cannot read the report (${fileErrorCode(error)})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new InputProblem(`${file}: not JSON (${(error as Error).message}); a report is what \`effective-args run --reporter json\` prints`);
  }
  const suite = (json as { suite?: { name?: unknown; version?: unknown } } | null)?.suite;
  if (typeof suite?.name !== "string" || suite.name !== SUITE.name) {
    throw new InputProblem(`${file}: not a report of ${SUITE.name} (it has no "suite" naming ${SUITE.name}); a report is what \`effective-args run --reporter json\` prints`);
  }
  if (suite.version !== SUITE.version) {
    throw new InputProblem(`${file}: a report of ${SUITE.name} ${String(suite.version)}, and this is ${SUITE.version}: its cases and requirements may differ from this version's; run the implementation again with this version`);
  }
  const parsed = IssueReport.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new InputProblem(`${file}: not a whole report: ${issue.path.join(".") || "(top level)"}: ${issue.message}`);
  }
  return parsed.data;
}

/**
 * The case file the run used: a generated case's, from the report; the file the report names
 * (relative to where the run was made), when it is the suite's own case or can be read here;
 * otherwise the suite's own case of that id when the report's path is one of the built-in ones.
 * Whatever is read must be a case file of that id, so a report cannot show any other file.
 */
function caseFile(report: string, result: ReportedCase): IssueCase {
  if (result.generated !== undefined) return { origin: "generated", path: result.file, text: result.generated };
  const builtIn = CASE_ID.test(result.id) ? packagePath(`cases/${result.id}.yaml`) : undefined;
  const named = resolve(result.file);
  if (builtIn !== undefined && named === builtIn) return { origin: "built-in", path: `cases/${result.id}.yaml`, text: caseText(builtIn, result.id, result.file) };
  let text: string | undefined;
  let problem = "";
  try {
    text = readNamedFile(named).toString("utf8");
  } catch (error) {
    problem = fileErrorCode(error);
  }
  if (text !== undefined) return { origin: "file", path: result.file, text: checkedCase(text, result.id, result.file) };
  // A built-in case named from another folder (or another machine): cases/<id>.yaml of an installed package, say.
  if (builtIn !== undefined && result.file.replaceAll("\\", "/").endsWith(`cases/${result.id}.yaml`)) {
    try {
      return { origin: "built-in", path: `cases/${result.id}.yaml`, text: caseText(builtIn, result.id, result.file) };
    } catch (error) {
      if (!(error instanceof InputProblem)) throw error;
    }
  }
  throw new InputProblem(`${report}: cannot read the case file ${result.file} of "${result.id}" (${problem}); run report-issue in the folder the run was made in`);
}

function caseText(path: string, id: string, shown: string): string {
  let text: string;
  try {
    text = readNamedFile(path).toString("utf8");
  } catch (error) {
    throw new InputProblem(`cannot read the case file ${shown} of "${id}" (${fileErrorCode(error)})`);
  }
  return checkedCase(text, id, shown);
}

/** The text, if it is a case file of case `id` (its `id:` line says so). */
function checkedCase(text: string, id: string, shown: string): string {
  const found = /^id:[ \t]*(["']?)([^"'\s#]+)\1[ \t]*(?:#.*)?$/m.exec(text)?.[2];
  if (found !== id) throw new InputProblem(`the file ${shown}, which the report names for case "${id}", ${found === undefined ? "is not a case file" : `holds case "${found}"`}; it changed since the run, or the report is not of the cases here`);
  return text;
}
