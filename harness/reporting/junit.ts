// The JUnit XML reporter, for CI systems that show test reports (GitHub Actions, GitLab): one
// <testsuite> per family, one <testcase> per case. A known failure (--expect) is a skipped
// testcase, so that it keeps the job green; a listed case that passed, or that broke a
// requirement its entry does not list, is a failure.
import { relative } from "node:path";
import { XMLBuilder } from "fast-xml-parser";
import { failureLines } from "./pretty.ts";
import { gateStatus, implementationLabel, type GateStatus, type ReportedResult, type RunReport } from "./report.ts";

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  format: true,
  suppressEmptyNode: true,
  // Otherwise an attribute whose value is "true" would be written without a value.
  suppressBooleanAttributes: false,
});

export function renderJunit(report: RunReport): string {
  const families = [...new Set(report.results.map((result) => result.family))].sort();
  const suites = families.map((family) => {
    const results = report.results.filter((result) => result.family === family);
    return { "@_name": family, ...totals(results), testcase: results.map((result) => testcase(result, report)) };
  });
  const name = `effective-args: ${implementationLabel(report.implementation)}`;
  return builder.build({
    "?xml": { "@_version": "1.0", "@_encoding": "UTF-8" },
    testsuites: { "@_name": attribute(name), ...totals(report.results), testsuite: suites },
  }) as string;
}

function totals(results: readonly ReportedResult[]) {
  const counted = (...statuses: GateStatus[]) => results.filter((result) => statuses.includes(gateStatus(result))).length;
  return {
    "@_tests": results.length,
    "@_failures": counted("failed", "unexpected-failure", "unexpected-pass"),
    "@_errors": counted("errored"),
    "@_skipped": counted("skipped", "expected-failure"),
    "@_time": seconds(results.reduce((sum, result) => sum + result.durationMs, 0)),
  };
}

function testcase(result: ReportedResult, report: RunReport) {
  const element = verdictElement(result, report);
  // A generated case's file, to keep under cases/, after its verdict as JUnit orders them.
  return result.generated === undefined ? element : { ...element, "system-out": xmlText(result.generated) };
}

function verdictElement(result: ReportedResult, report: RunReport) {
  const element = {
    "@_classname": result.family,
    "@_name": attribute(`${result.id}: ${result.title}`),
    "@_time": seconds(result.durationMs),
    "@_file": relative(process.cwd(), result.file),
  };
  const details = result.status === "errored" ? (result.reason ?? "") : result.failures.flatMap(failureLines).join("\n");
  const first = result.failures[0];
  const summary = first ? `${first.requirement}: ${first.message}` : (result.reason ?? "");
  switch (gateStatus(result)) {
    case "passed":
      return element;
    case "failed":
      return { ...element, failure: { "@_message": attribute(summary), "@_type": first?.requirement, "#text": xmlText(details) } };
    case "unexpected-failure": {
      const message = `new break: listed as a known failure in ${report.expectations?.file}, but now also breaks ${result.newlyBroken?.join(", ")}, which its entry does not list`;
      return { ...element, failure: { "@_message": attribute(message), "@_type": result.newlyBroken?.[0], "#text": xmlText(details) } };
    }
    case "errored":
      return { ...element, error: { "@_message": attribute(summary), "#text": xmlText(details) } };
    case "skipped":
      return { ...element, skipped: { "@_message": attribute(summary) } };
    case "expected-failure":
      return { ...element, skipped: { "@_message": attribute(`known failure: ${summary}`), "#text": xmlText(details) } };
    case "unexpected-pass":
      return {
        ...element,
        failure: { "@_message": attribute(`unexpected pass: listed as a known failure in ${report.expectations?.file}; remove it from the list`), "@_type": "unexpected-pass" },
      };
  }
}

const seconds = (ms: number) => (ms / 1000).toFixed(3);

/** Characters XML 1.0 cannot carry at all, written as \uXXXX instead. */
const xmlText = (text: string) =>
  text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);

/** An attribute keeps one line: a parser would turn line breaks inside it into spaces. */
const attribute = (text: string) => xmlText(text.split("\n")[0]!);
