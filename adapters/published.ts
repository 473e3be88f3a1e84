// The real runtimes this repository puts under test, and their published verdicts: a run of
// every case, each failure explained by the adapter's findings file, rendered as the adapter's
// known-failures file (what `--expect` reads), as the table in adapters/README.md, and as one
// upstream report per finding (adapters/<stem>/reports/<finding id>.md, what `report-issue` writes).
// `npm run adapters` writes them; test/adapters/published.test.ts checks they are current.
import { readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { main } from "../harness/commands/main.ts";
import type { LoadedCase } from "../harness/loading/loader.ts";
import { REQUIREMENTS } from "../harness/loading/requirements.ts";
import { inCatalogueOrder, knownFailuresYaml } from "../harness/reporting/known-failures.ts";
import { columnName } from "../harness/reporting/matrix/columns.ts";
import type { RunReport } from "../harness/reporting/report.ts";
import { upstreamIssue } from "../harness/reporting/upstream-issue.ts";
import type { RequirementStatus } from "../harness/reporting/summary.ts";
import type { CaseResult } from "../harness/running/results.ts";
import { installFolder as installOwnFolder } from "./own-folder.ts";
import { explain, findingsFor, loadFindings, reasonOf, type Explanation, type Finding, type FindingsFile } from "./findings.ts";

export interface PublishedAdapter {
  /** Its folder, adapters/<stem>/: the adapter, its findings and known-failures files, its upstream reports and its reproductions. */
  stem: string;
  /** The adapter module, from the repository's root. */
  module: string;
  /**
   * A folder of its own (package.json and lock file) that the SDK is installed in, when it is too
   * heavy or needs another Node than this repository's devDependencies: installed on first use.
   */
  folder?: string;
  /** The Node binary its child process runs on (`run --node`), from the repository's root, when not this one. */
  node?: string;
  /** How long one case may take (`run --timeout`), when the SDK needs more than the default: one that starts a process per case. */
  timeoutMs?: number;
}

// Each with a 30 s case timeout: on a busy machine the child that loads an SDK (@mastra/core, ai 7,
// @openai/agents) took more than the default 10 s, and a run allows loading at least as long as a
// case; the Claude Agent SDK starts a CLI per case (about 0.4 s idle, seconds on a busy machine).
export const PUBLISHED: readonly PublishedAdapter[] = [
  { stem: "vercel-ai", module: "adapters/vercel-ai/adapter.ts", timeoutMs: 30_000 },
  { stem: "openai-agents", module: "adapters/openai-agents/adapter.ts", timeoutMs: 30_000 },
  { stem: "openai-agents-default-handoffs", module: "adapters/openai-agents-default-handoffs/adapter.ts", timeoutMs: 30_000 },
  { stem: "openai-agents-input-guardrails", module: "adapters/openai-agents-input-guardrails/adapter.ts", timeoutMs: 30_000 },
  { stem: "langchain", module: "adapters/langchain/adapter.ts", timeoutMs: 30_000 },
  { stem: "langchain-streamed", module: "adapters/langchain-streamed/adapter.ts", timeoutMs: 30_000 },
  { stem: "vercel-ai-7", module: "adapters/vercel-ai-7/adapter.ts", folder: "adapters/vercel-ai-7", node: "adapters/vercel-ai-7/node_modules/node22/bin/node", timeoutMs: 30_000 },
  { stem: "mastra", module: "adapters/mastra/adapter.ts", folder: "adapters/mastra", node: "adapters/mastra/node_modules/node22/bin/node", timeoutMs: 30_000 },
  { stem: "claude-agent-sdk", module: "adapters/claude-agent-sdk/adapter.ts", folder: "adapters/claude-agent-sdk", timeoutMs: 30_000 },
];

const here = (name: string) => fileURLToPath(new URL(name, import.meta.url));
export const README_PATH = here("README.md");
export const ROOT_README_PATH = here("../README.md");
export const pathsOf = (stem: string) => ({
  knownFailures: here(`${stem}/known-failures.yaml`),
  findings: here(`${stem}/findings.yaml`),
  /** One upstream report per finding, <finding id>.md (upstreamReports). */
  reports: here(`${stem}/reports`),
});

/** The command-line options that run a published adapter: its module, the Node it needs, its case timeout. */
export const adapterArgs = (published: PublishedAdapter): string[] => [
  "--adapter",
  published.module,
  ...(published.node ? ["--node", published.node] : []),
  ...(published.timeoutMs ? ["--timeout", String(published.timeoutMs)] : []),
];

/** Installs the adapter's own folder (adapters/own-folder.ts) when it has one, with the Node binary it runs on. */
export function installFolder(published: PublishedAdapter): void {
  if (published.folder !== undefined) installOwnFolder(published.folder, published.node ? [published.node] : []);
}

export interface Verdict {
  published: PublishedAdapter;
  results: CaseResult[];
  report: RunReport;
  findings: FindingsFile;
  explanation: Explanation;
}

/** What one run of the CLI printed: its exit code, its JSON report and what it said on stderr. */
export interface PublishedRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs every case against the adapter through the CLI's own entry point (its module in a child process), with the JSON reporter. */
export async function runPublished(published: PublishedAdapter, ...extra: string[]): Promise<PublishedRun> {
  installFolder(published);
  let stdout = "";
  let stderr = "";
  const code = await main(["run", ...adapterArgs(published), "--reporter", "json", ...extra], { out: (text) => void (stdout += text), err: (text) => void (stderr += text) });
  return { code, stdout, stderr };
}

/** The verdict of a run's JSON report: its results, explained by the adapter's findings. */
export function verdictOf(published: PublishedAdapter, run: PublishedRun): Verdict {
  if (run.code === 2) throw new Error(`the run of adapters/${published.stem} could not be made:\n${run.stderr}`);
  const report = JSON.parse(run.stdout) as RunReport;
  const findings = loadFindings(pathsOf(published.stem).findings, `adapters/${published.stem}/findings.yaml`);
  return { published, results: report.results, report, findings, explanation: explain(report.results, findings.findings) };
}

export const judgeAdapter = async (published: PublishedAdapter): Promise<Verdict> => verdictOf(published, await runPublished(published));

const label = ({ report: { implementation } }: Verdict) => `${implementation.name} ${implementation.version}`;

/** The known-failures file: every failed or errored case, with the findings behind it as its reason and their upstream links. */
export function knownFailuresText(verdict: Verdict): string {
  const entries = new Map(
    [...verdict.explanation.byCase].map(([id, findings]) => {
      const links = [...new Set(findings.flatMap((finding) => (finding.links ?? []).map((link) => link.ref)))];
      return [id, { requirements: [], reason: reasonOf(findings), ...(links.length > 0 && { links }), at: "" }];
    }),
  );
  return knownFailuresYaml(label(verdict), verdict.results, { file: pathsOf(verdict.published.stem).knownFailures, entries });
}

export const VERDICTS_START = "<!-- verdicts: written by `npm run adapters` from the runs; do not edit by hand -->";
export const VERDICTS_END = "<!-- end of verdicts -->";

const CELL: Record<RequirementStatus, string> = {
  holds: "holds",
  broken: "**broken**",
  errored: "errored",
  inconclusive: "inconclusive",
  skipped: "skipped",
  untested: "untested",
  not_applicable: "not applicable",
};

/**
 * A runtime's column of the table in adapters/README.md, top to bottom: its label, its verdict on
 * each requirement of the catalogue, its badge and its case counts.
 */
export function verdictColumn(verdict: Verdict): string[] {
  const { summary, requirements } = verdict.report;
  const cells = TABLE_REQUIREMENTS().map((requirement) => CELL[requirements.find((entry) => entry.id === requirement.id)!.status]);
  return [label(verdict), ...cells, summary.badge, `${summary.passed} passed, ${summary.failed} failed, ${summary.errored} errored, ${summary.skipped} skipped`];
}

const TABLE_REQUIREMENTS = () => [...REQUIREMENTS.values()].filter((candidate) => !candidate.retired);

/** The generated part of adapters/README.md: the table (a column per runtime), then each runtime's broken requirements. */
export function verdictsMarkdown(verdicts: readonly Verdict[], cases: readonly LoadedCase[]): string {
  const columns = verdicts.map(verdictColumn);
  const row = (index: number) => columns.map((column) => column[index]).join(" | ");
  const lines = [VERDICTS_START, ""];
  lines.push(`| Requirement | Level | ${row(0)} |`);
  lines.push(`|---|---|${verdicts.map(() => "---|").join("")}`);
  TABLE_REQUIREMENTS().forEach((requirement, index) => lines.push(`| ${requirement.id} ${requirement.title} | ${requirement.level.toUpperCase()} | ${row(index + 1)} |`));
  const last = TABLE_REQUIREMENTS().length;
  lines.push(`| **Badge** | | ${row(last + 1)} |`);
  lines.push(`| Cases | | ${row(last + 2)} |`);
  for (const verdict of verdicts) lines.push("", ...runtimeSection(verdict, cases));
  lines.push("", VERDICTS_END);
  return lines.join("\n");
}

/** A runtime's section under the table: how to run it, and each requirement it breaks with the findings behind it. */
export function runtimeSection(verdict: Verdict, cases: readonly LoadedCase[]): string[] {
  const { stem } = verdict.published;
  const lines = [
    `### ${label(verdict)}`,
    "",
    `Run it: \`npx tsx harness/cli.ts run ${adapterArgs(verdict.published).join(" ")}\`. Findings, with where each comes from in the runtime's code: [${stem}/findings.yaml](${stem}/findings.yaml); known failures: [${stem}/known-failures.yaml](${stem}/known-failures.yaml).`,
    "",
  ];
  const size = new Map(cases.map((testCase) => [testCase.id, readFileSync(testCase.file, "utf8").length]));
  for (const requirement of verdict.report.requirements.filter((entry) => entry.status === "broken")) {
    // The shortest case file that shows it, and the findings behind its failures there.
    const shortest = [...requirement.brokenIn].sort((a, b) => size.get(a)! - size.get(b)! || (a < b ? -1 : 1))[0]!;
    const result = verdict.results.find((candidate) => candidate.id === shortest)!;
    const behind = new Set<Finding>(result.failures.filter((failure) => failure.requirement === requirement.id).flatMap((failure) => findingsFor(verdict.findings.findings, shortest, failure)));
    const level = requirement.level.toUpperCase();
    lines.push(`- **${requirement.id}** (${level}, ${requirement.title}): broken in ${requirement.brokenIn.length} case(s); shortest: [\`${shortest}\`](../cases/${shortest}.yaml).`);
    for (const finding of behind) lines.push(findingLine(finding));
  }
  for (const result of verdict.results.filter((candidate) => candidate.status === "errored")) {
    const crash = verdict.explanation.byCase.get(result.id) ?? [];
    lines.push(`- errored: [\`${result.id}\`](../cases/${result.id}.yaml): ${result.reason}`);
    for (const finding of crash) lines.push(findingLine(finding));
  }
  return lines;
}

export const RUNTIMES_START = "<!-- runtimes: written by `npm run adapters` from the runs and the findings; do not edit by hand -->";
export const RUNTIMES_END = "<!-- end of runtimes -->";

/**
 * A configuration as README.md's table names it: the product, its package and version, the
 * packages beside it that do the work, what sets the configuration apart, and the Node.js an
 * adapter given `--node` ran on.
 */
export function runtimeLabel(verdict: Verdict): string {
  const { implementation } = verdict.report;
  const { product, package: name, variant, version } = columnName(implementation);
  const components = Object.entries(implementation.components ?? {}).map(([component, componentVersion]) => `\`${component}\` ${componentVersion}`);
  const node = verdict.published.node && implementation.runBy?.how === "in-process" ? implementation.runBy.node : undefined;
  const parts = [
    name === undefined ? `\`${implementation.name}\` ${version}` : `\`${name}\` ${version}`,
    ...(components.length > 0 ? [`with ${components.join(", ")}`] : []),
    ...(variant ? [variant] : []),
    ...(node ? [`on Node.js ${node.replace(/^v/, "")}`] : []),
  ];
  return `${product}, ${parts.join(", ")}`;
}

/**
 * What breaks at MUST level, in words a reader can check: each finding that explains a failure of
 * a MUST requirement in this run, with the MUST requirements of the failures it explains (catalogue
 * order), in the findings file's order. Nothing here is written by hand.
 */
export function whatBreaks(verdict: Verdict): string {
  const shown = new Map<Finding, Set<string>>();
  for (const result of verdict.results) {
    for (const failure of result.failures) {
      if (REQUIREMENTS.get(failure.requirement)?.level !== "must") continue;
      for (const finding of findingsFor(verdict.findings.findings, result.id, failure)) shown.set(finding, (shown.get(finding) ?? new Set()).add(failure.requirement));
    }
  }
  const lines = verdict.findings.findings.filter((finding) => shown.has(finding)).map((finding) => `${finding.title.trim()} (${inCatalogueOrder(shown.get(finding)!).join(", ")})`);
  return lines.length > 0 ? lines.join("; ") : "nothing";
}

/** A configuration's row of README.md's table of tested runtimes: its label, its badge, what breaks. */
export const runtimeRow = (verdict: Verdict) => `| ${runtimeLabel(verdict)} | ${verdict.report.summary.badge} | ${whatBreaks(verdict)} |`;

/** The generated table of README.md's "Tested runtimes", a row per published configuration. */
export function runtimesMarkdown(verdicts: readonly Verdict[]): string {
  return [RUNTIMES_START, "", "| Runtime | Badge | What breaks (MUST), by finding |", "|---|---|---|", ...verdicts.map(runtimeRow), "", RUNTIMES_END].join("\n");
}

/** README.md with its generated table of tested runtimes replaced. */
export function rootReadmeWith(readme: string, table: string): string {
  const start = readme.indexOf(RUNTIMES_START);
  const end = readme.indexOf(RUNTIMES_END);
  if (start < 0 || end < start) throw new Error(`README.md has no "${RUNTIMES_START}" ... "${RUNTIMES_END}" section`);
  return readme.slice(0, start) + table + readme.slice(end + RUNTIMES_END.length);
}

/** A finding under a broken requirement or an errored case: what the runtime does, where, and what to do. */
const findingLine = (finding: Finding) => `  - ${finding.title} (${finding.where}): ${finding.behaviour.trim()} **What to do:** ${finding.advice.trim()}`;

/** Column `index` (0 for the first runtime) of the verdicts table in adapters/README.md, top to bottom. */
export function readmeColumn(readme: string, index: number): string[] {
  const table = readme.slice(readme.indexOf(VERDICTS_START)).split("\n").filter((line) => line.startsWith("| ") && !line.startsWith("|---"));
  const rows = table.slice(0, TABLE_REQUIREMENTS().length + 3);
  return rows.map((line) => line.split("|").slice(1, -1).map((cell) => cell.trim())[index + 2] ?? "");
}

/** adapters/README.md with its generated part replaced. */
export function readmeWith(readme: string, verdicts: string): string {
  const start = readme.indexOf(VERDICTS_START);
  const end = readme.indexOf(VERDICTS_END);
  if (start < 0 || end < start) throw new Error(`adapters/README.md has no "${VERDICTS_START}" ... "${VERDICTS_END}" section`);
  return readme.slice(0, start) + verdicts + readme.slice(end + VERDICTS_END.length);
}

/** Where the reproducing command of a published adapter's report runs: the adapters are not in the npm package. */
const FROM_A_CLONE = "In a clone of effective-args's repository, after `npm ci` (the adapter is in its `adapters/` folder, which the npm package does not ship):";

/**
 * The upstream report of each finding (file name "<finding id>.md" under pathsOf(stem).reports):
 * rendered as `effective-args report-issue` renders one, from the finding's shortest failing case
 * (by the size of its file, as the README's "shortest"), showing the failures the finding
 * explains, with the finding's where, behaviour and advice.
 */
export function upstreamReports(verdict: Verdict, cases: readonly LoadedCase[]): Map<string, string> {
  const { stem } = verdict.published;
  const file = new Map(cases.map((testCase) => [testCase.id, testCase.file]));
  const size = (id: string) => readFileSync(file.get(id)!, "utf8").length;
  const reports = new Map<string, string>();
  for (const finding of verdict.findings.findings) {
    const shown = [...verdict.explanation.byCase].filter(([, findings]) => findings.includes(finding)).map(([id]) => id);
    const shortest = shown.sort((a, b) => size(a) - size(b) || (a < b ? -1 : 1))[0];
    const result = verdict.report.results.find((candidate) => candidate.id === shortest);
    if (shortest === undefined || !result || (result.status !== "failed" && result.status !== "errored")) continue;
    const explained = new Set<object>(result.failures.filter((failure) => findingsFor(verdict.findings.findings, shortest, failure).includes(finding)));
    const text = upstreamIssue({
      suite: verdict.report.suite,
      implementation: verdict.report.implementation,
      result: { ...result, status: result.status },
      testCase: { origin: "built-in", path: `cases/${shortest}.yaml`, text: readFileSync(file.get(shortest)!, "utf8") },
      shows: (failure) => explained.has(failure),
      findings: [finding],
      // The command that runs it here, --node included where the adapter needs another Node.
      implementationArgs: adapterArgs(verdict.published),
      reproduceFrom: FROM_A_CLONE,
      reproduction: finding.repro === undefined ? undefined : { name: basename(finding.repro), text: readFileSync(join(here(stem), finding.repro), "utf8") },
    });
    reports.set(`${finding.id}.md`, text);
  }
  return reports;
}
