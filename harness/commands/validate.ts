// `validate`: for case authors. Every file must load (YAML, the case schema, cross-references),
// and the reference runtime must meet every expectation of every case; an expectation it does
// not meet is reported at the line where it is written, with the diff.
import { DEFAULT_CASES_DIR, loadCases, type LoadedCase } from "../loading/loader.ts";
import type { CaseResult, Failure } from "../running/results.ts";
import { DEFAULT_TIMEOUT_MS, runCase } from "../running/runner.ts";
import { locate } from "../loading/source-location.ts";
import referenceAdapter from "../../reference/adapter.ts";
import { parsePaths, UsageError } from "./common.ts";
import type { Output } from "./io.ts";
import { printableLine } from "../reporting/printable.ts";

export const VALIDATE_USAGE = `npx effective-args validate [paths...]

  Checks case files (folders are searched for *.yaml and *.yml; default: cases/): each must
  follow the case format, and the reference runtime must meet each case's expectations.
  Problems are reported as file:line:column.

  Exit codes: 0 all valid, 1 the reference does not meet some expectation, 2 case-file or usage errors.
`;

export async function validateCommand(args: string[], io: Output): Promise<number> {
  const paths = parsePaths(args);
  const loaded = loadCases(paths.length > 0 ? paths : [DEFAULT_CASES_DIR]);
  const files = new Set([...loaded.cases, ...loaded.errors].map((entry) => entry.file));
  if (files.size === 0) throw new UsageError(`no case files (*.yaml, *.yml) in ${paths.join(", ")}`);

  const problems = new Map<string, string[]>();
  const report = (file: string, lines: string[]) => {
    if (lines.length > 0) problems.set(file, [...(problems.get(file) ?? []), ...lines]);
  };
  for (const error of loaded.errors) report(error.file, [error.message]);
  for (const testCase of loaded.cases) report(testCase.file, unmet(testCase, await runCase(referenceAdapter, testCase, DEFAULT_TIMEOUT_MS)));

  // Each problem is one line, whatever text of the file (a name, a folder's) it shows.
  for (const file of [...problems.keys()].sort()) io.out(problems.get(file)!.map((line) => `${printableLine(line)}\n`).join(""));
  const invalid = problems.size;
  io.out(`${files.size} case file${files.size === 1 ? "" : "s"}: ${files.size - invalid} valid, ${invalid} invalid\n`);
  if (loaded.errors.length > 0) return 2;
  return invalid > 0 ? 1 : 0;
}

/** What the reference does not do as the case says, each at the place in the file it concerns. */
function unmet(testCase: LoadedCase, result: CaseResult): string[] {
  if (result.status === "errored" || result.status === "skipped") {
    // Stryker disable next-line ArrayDeclaration: locate stops at the deepest node that exists, and no case has a member "Stryker was here"
    return [`${locate(testCase.source, [])}: the reference ${result.status === "errored" ? "broke" : "skipped"} on this case: ${result.reason}`];
  }
  return result.failures.flatMap((failure) => {
    const path = pathOf(testCase, failure);
    // Stryker disable next-line ConditionalExpression,EqualityOperator,StringLiteral: every failure the runner reports has a step, so the path is never empty; Failure.step is optional for the type's other uses
    const shown = path.length > 0 ? path.join(".") : "(top level)";
    const where = `${locate(testCase.source, path, { key: true })}: ${shown}${testCase.source.document.hasIn(path) ? "" : " (the default)"}`;
    const what = failure.field ? "the reference does not meet this expectation" : `the reference fails ${failure.requirement} here`;
    return [`${where}: ${what}: ${failure.message}`, ...(failure.diff?.split("\n").map((line) => `    ${line}`) ?? [])];
  });
}

/**
 * Where a failure belongs in the case: the expectation field that failed; for a failure of no
 * field (a universal check, a grant that could not be given), the call in its turn, or the step.
 */
function pathOf(testCase: LoadedCase, failure: Failure): (string | number)[] {
  // Stryker disable next-line ArrayDeclaration: as above, never reached
  if (failure.step === undefined) return [];
  const step = ["steps", failure.step];
  if (failure.callId === undefined) return step;
  if (failure.field) return [...step, "expect", failure.callId, failure.field];
  const call = testCase.steps[failure.step]?.turn?.findIndex((candidate) => candidate.id === failure.callId) ?? -1;
  return call >= 0 ? [...step, "turn", call] : step;
}
