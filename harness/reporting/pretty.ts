// The pretty reporter: a line per case as it finishes, details for what went wrong, and a
// summary by level, family and requirement.
import type { RunBy } from "../running/implementation.ts";
import type { Failure } from "../running/results.ts";
import { REQUIREMENTS } from "../loading/requirements.ts";
import { printableLine } from "./printable.ts";
import type { Counts } from "./summary.ts";
import { gateStatus, type GateStatus, type ReportedResult, type RunReport } from "./report.ts";

const MARK: Record<GateStatus, string> = {
  passed: "PASS ",
  failed: "FAIL ",
  errored: "ERROR",
  skipped: "SKIP ",
  "expected-failure": "XFAIL",
  "unexpected-pass": "XPASS",
};

export function renderProgress(result: ReportedResult): string {
  const lines = [`${MARK[gateStatus(result)]} ${printableLine(result.id)} [${result.level}] ${printableLine(result.title)}`];
  if (result.expectation === "unexpected-pass") lines.push("      listed as a known failure, but passed: remove it from the expectations file");
  // An adapter's reason may run over several lines (its stderr): each is indented under the case.
  if (result.reason) lines.push(...result.reason.split("\n").map((line) => `      ${line}`));
  for (const failure of result.failures) lines.push(...failureLines(failure).map((line) => `      ${line}`));
  return lines.join("\n") + "\n";
}

/** "REQ-ID (step N, call X): message", then the diff, if any, indented by two. */
export function failureLines(failure: Failure): string[] {
  const where = [failure.step !== undefined ? `step ${failure.step + 1}` : "", failure.callId ? `call ${failure.callId}` : ""].filter(Boolean).join(", ");
  const [first, ...more] = failure.message.split("\n");
  const lines = [`${failure.requirement}${where ? ` (${where})` : ""}: ${first}`, ...more.map((line) => `  ${line}`)];
  if (failure.diff) lines.push(...failure.diff.split("\n").map((line) => `  ${line}`));
  return lines;
}

const countsLine = (counts: Counts) =>
  `${counts.passed}/${counts.total} passed` +
  (counts.failed ? `, ${counts.failed} failed` : "") +
  (counts.errored ? `, ${counts.errored} errored` : "") +
  (counts.skipped ? `, ${counts.skipped} skipped` : "");

export function renderSummary(report: RunReport): string {
  const lines: string[] = [""];
  for (const error of report.caseFileErrors) lines.push(`CASE FILE ERROR ${printableLine(error.message)}`);
  for (const stale of report.expectations?.stale ?? []) lines.push(`WARNING ${printableLine(stale.message)}`);
  if (report.caseFileErrors.length || report.expectations?.stale.length) lines.push("");
  const { implementation, summary } = report;
  lines.push(`${printableLine(`${implementation.name} ${implementation.version}`)}: ${summary.badge}`);
  if (implementation.runBy) lines.push(`run as ${printableLine(describeRunBy(implementation.runBy))}`);
  lines.push("", "By level:");
  for (const [level, counts] of Object.entries(summary.byLevel)) lines.push(`  ${level.toUpperCase().padEnd(16)} ${countsLine(counts)}`);
  lines.push("", "By family:");
  for (const [family, counts] of Object.entries(summary.byFamily)) lines.push(`  ${family.padEnd(16)} ${countsLine(counts)}`);
  const notApplicable = report.requirements.filter((verdict) => verdict.status === "not_applicable").map((verdict) => verdict.id);
  const exercised = report.requirements.filter((verdict) => verdict.status !== "untested" && verdict.status !== "not_applicable");
  const notHolding = exercised.filter((verdict) => verdict.status !== "holds");
  const untested = report.requirements.length - exercised.length - notApplicable.length;
  lines.push("", `Requirements: ${exercised.length - notHolding.length}/${exercised.length} hold` + (untested ? ` (${untested} not exercised by the selected cases)` : ""));
  for (const [why, ids] of notApplicableByWhy(notApplicable, implementation.capabilities)) lines.push(`  not applicable (${why}): ${ids.join(", ")}`);
  for (const verdict of notHolding) {
    const detail = verdict.brokenIn.length ? ` in ${verdict.brokenIn.join(", ")}` : "";
    lines.push(`  ${verdict.id.padEnd(11)} ${verdict.level.padEnd(6)} ${verdict.status}${detail}: ${verdict.title}`);
  }
  const known = report.expectations ? `; expected failures: ${summary.expectedFailures}, unexpected passes: ${summary.unexpectedPasses} (${report.expectations.file})` : "";
  lines.push("", `${summary.total} ${summary.total === 1 ? "case" : "cases"}: ${summary.passed} passed, ${summary.failed} failed, ${summary.errored} errored, ${summary.skipped} skipped${known}`);
  return lines.join("\n") + "\n";
}

/** Why a requirement can be not applicable: a capability the runtime lacks (spec/requirements.yaml, `needs`). */
const LACKING: Record<string, string> = { "proposal-hash": "the runtime computes no proposal hash", handoffs: "the runtime has no handoff calls" };

/** The not-applicable requirements grouped by the first capability each needs that the runtime lacks. */
function notApplicableByWhy(ids: readonly string[], capabilities: readonly string[]): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const id of ids) {
    const need = REQUIREMENTS.get(id)?.needs?.find((capability) => !capabilities.includes(capability)) ?? "proposal-hash";
    groups.set(LACKING[need]!, [...(groups.get(LACKING[need]!) ?? []), id]);
  }
  return groups;
}

/** "in-process module ./my-adapter.ts" or "stdio command node adapter.mjs". */
export function describeRunBy(runBy: RunBy): string {
  return runBy.how === "in-process" ? `in-process module ${runBy.module}` : `stdio command ${runBy.command}`;
}
