// Reading the JSON reports a matrix page is built from (`run --reporter json`, one file per
// implementation): each must be a report of this very suite version, and no implementation may
// appear twice. Anything else is refused with the file and what is wrong, before a page is written.
import type { Expectation } from "../known-failures.ts";
import { z } from "zod";
import { LEVELS } from "../../loading/case-schema.ts";
import { SUITE } from "../../loading/package-root.ts";
import { FAMILIES } from "../../loading/requirements.ts";
import { fileErrorCode, readNamedFile } from "../../loading/named-paths.ts";
import { CASE_STATUSES } from "../../running/results.ts";
import { REQUIREMENT_STATUSES } from "../summary.ts";
import { ReportedImplementationSchema } from "../implementation-schema.ts";
import { UPSTREAM_REF } from "../upstream-links.ts";

/** What the page reads of a report; a report carries more, which is ignored. */
const MatrixReport = z.object({
  suite: z.object({ name: z.string(), version: z.string() }),
  startedAt: z.string().optional(),
  implementation: ReportedImplementationSchema,
  summary: z.object({ total: z.number(), passed: z.number(), failed: z.number(), errored: z.number(), skipped: z.number(), badge: z.string() }),
  requirements: z.array(z.object({ id: z.string(), level: z.enum(LEVELS), title: z.string(), status: z.enum(REQUIREMENT_STATUSES), cases: z.array(z.string()), brokenIn: z.array(z.string()) })),
  results: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      level: z.enum(LEVELS),
      family: z.enum(FAMILIES),
      status: z.enum(CASE_STATUSES),
      reason: z.string().optional(),
      expectation: z.enum(["expected-failure", "unexpected-failure", "unexpected-pass"] satisfies Expectation[]).optional(),
      /** With an unexpected failure: the requirements its known-failures entry does not list. */
      newlyBroken: z.array(z.string()).optional(),
      /** With an expectation: its known-failures entry's reason and upstream links. */
      known: z.object({ reason: z.string().optional(), links: z.array(z.string().regex(UPSTREAM_REF)).optional() }).optional(),
      /** A generated case's file (run --explore): its source on the page. */
      generated: z.string().optional(),
      failures: z.array(z.object({ requirement: z.string(), message: z.string(), diff: z.string().optional(), step: z.number().optional(), callId: z.string().optional() })),
    }),
  ),
});
export type MatrixReport = z.infer<typeof MatrixReport>;

export interface ReportFile {
  /** As the user named it. */
  file: string;
  report: MatrixReport;
}

/** The reports, in the order given, or every problem found in them (file: what is wrong). */
export function readReports(files: readonly string[]): { reports: ReportFile[] } | { errors: string[] } {
  const errors: string[] = [];
  const reports: ReportFile[] = [];
  for (const file of files) {
    const read = readReport(file);
    if ("error" in read) errors.push(`${file}: ${read.error}`);
    else reports.push({ file, report: read.report });
  }
  const seen = new Map<string, string>();
  for (const { file, report } of reports) {
    const { name, version } = report.implementation;
    const key = JSON.stringify([name, version]);
    const earlier = seen.get(key);
    if (earlier !== undefined) errors.push(`${file}: a second report of ${name} ${version} (the first is ${earlier}); give one report per implementation`);
    else seen.set(key, file);
  }
  return errors.length > 0 ? { errors } : { reports };
}

function readReport(file: string): { report: MatrixReport } | { error: string } {
  let text: string;
  try {
    text = readNamedFile(file).toString("utf8");
  } catch (error) {
    return { error: `cannot read the report (${fileErrorCode(error)})` };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { error: `not JSON (${(error as Error).message}); a report is what \`effective-args run --reporter json\` prints` };
  }
  const suite = (json as { suite?: { name?: unknown; version?: unknown } } | null)?.suite;
  if (typeof suite?.name !== "string" || suite.name !== SUITE.name) {
    return { error: `not a report of ${SUITE.name} (it has no "suite" naming ${SUITE.name}); a report is what \`effective-args run --reporter json\` prints` };
  }
  if (suite.version !== SUITE.version) {
    return { error: `a report of ${SUITE.name} ${String(suite.version)}, and this is ${SUITE.version}: verdicts of different suite versions do not compare; run the implementation again with this version` };
  }
  const parsed = MatrixReport.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { error: `not a whole report: ${issue.path.join(".") || "(top level)"}: ${issue.message}` };
  }
  return { report: parsed.data };
}
