// The TAP version 14 reporter: a test point per case, with a YAML diagnostic block under each
// "not ok". A known failure (--expect) is "not ok ... # TODO", which does not fail a TAP run;
// a listed case that passed, or that broke a requirement its entry does not list, is "not ok".
import { stringify } from "yaml";
import type { Failure } from "../running/results.ts";
import { describeRunBy, numbered } from "./pretty.ts";
import { printableLine } from "./printable.ts";
import { gateStatus, implementationLabel, type ReportedResult, type RunReport } from "./report.ts";

export function renderTap(report: RunReport): string {
  const lines = ["TAP version 14", `1..${report.results.length}`];
  report.results.forEach((result, index) => {
    const point = `${index + 1} - ${escape(result.id)}`;
    switch (gateStatus(result)) {
      case "passed":
        lines.push(`ok ${point}`);
        break;
      case "skipped":
        lines.push(`ok ${point} # SKIP ${oneLine(result.reason ?? "")}`);
        break;
      case "expected-failure":
        lines.push(`not ok ${point} # TODO known failure`, ...diagnostics(whatWentWrong(result)));
        break;
      case "unexpected-failure":
        lines.push(`not ok ${point}`, ...diagnostics({ ...whatWentWrong(result), message: `listed as a known failure in ${report.expectations?.file}, but now also breaks ${result.newlyBroken?.join(", ")}, which its entry does not list` }));
        break;
      case "unexpected-pass":
        lines.push(`not ok ${point}`, ...diagnostics({ status: "passed", message: `listed as a known failure in ${report.expectations?.file}, but passed: remove it from the list` }));
        break;
      default:
        lines.push(`not ok ${point}`, ...diagnostics(whatWentWrong(result)));
    }
  });
  const { implementation, summary } = report;
  if (implementation.runBy) lines.push(`# run as ${printableLine(describeRunBy(implementation.runBy))}`);
  lines.push(`# ${printableLine(implementationLabel(implementation))}: ${summary.badge}`);
  return lines.join("\n") + "\n";
}

/** A YAML block, indented under its test point. */
function diagnostics(block: object): string[] {
  const yaml = stringify(block, { lineWidth: 0 }).replace(/\n$/, "");
  return ["  ---", ...yaml.split("\n").map((line) => `  ${line}`), "  ..."];
}

/** Why a case failed or errored. */
const whatWentWrong = (result: ReportedResult) => ({
  ...(result.status === "errored" ? { status: "errored", reason: result.reason } : { status: result.status, failures: result.failures.map(failureDiagnostic) }),
  // A generated case's file, to keep under cases/.
  ...(result.generated !== undefined && { case: result.generated }),
});

/** A failure as every report shows it: the step counted from 1, the call by its id (YAML leaves out what is undefined). */
function failureDiagnostic(failure: Failure) {
  return {
    requirement: failure.requirement,
    step: numbered(failure).step,
    call: failure.callId,
    message: failure.message,
    diff: failure.diff,
  };
}

/** A test point's description: "#" would start a directive, "\" escapes. */
const escape = (text: string) => oneLine(text).replace(/[\\#]/g, (char) => `\\${char}`);

const oneLine = (text: string) => text.replace(/\s*\n\s*/g, " ");
