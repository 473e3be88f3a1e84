// A bug report for a runtime's maintainers, from one failed case of a run: the requirements it
// breaks in the suite's words with their RFC-0015 section, what the runtime did (each failure and
// its diff, as the run reported them), what was found in the runtime's source when someone read
// it, the case file, the versions, and the command that shows it again. Plain Markdown to paste
// into an issue. The same input always gives the same text, byte for byte: nothing of the moment
// (time, durations, the machine) goes in.
//
// `report-issue` (harness/commands/report-issue.ts) renders it from a JSON report; `npm run
// adapters` (adapters/published.ts) from its own runs, one per finding of a real SDK.
import { REQUIREMENTS } from "../loading/requirements.ts";
import type { RunBy } from "../running/implementation.ts";
import { numberedFailureLines } from "./pretty.ts";
import { printable, printableLine } from "./printable.ts";
import type { Exploration } from "./report.ts";
import { upstreamUrl } from "./upstream-links.ts";

/** A failure as a JSON report holds it. */
export interface IssueFailure {
  requirement: string;
  message: string;
  diff?: string | undefined;
  /** Counted from 1. */
  step?: number | undefined;
  callId?: string | undefined;
}

/** The case's result as a report holds it: only a failed or an errored one makes an issue. */
export interface IssueResult {
  id: string;
  title: string;
  /** The requirements the case lists, its primary one first. */
  requirements: readonly string[];
  status: "failed" | "errored";
  failures: readonly IssueFailure[];
  reason?: string | undefined;
}

/** Where the case file shown comes from, and its text. */
export interface IssueCase {
  text: string;
  /**
   * built-in: one of the suite's own cases, `path` under the package (cases/<id>.yaml);
   * file: a case file of the run's, `path` as the report names it (relative to where it ran);
   * generated: a case `run --explore` generated, `path` where the report says to keep it.
   */
  origin: "built-in" | "file" | "generated";
  path: string;
}

/** What someone found in the runtime's source behind the failures (adapters/<runtime>/findings.yaml). */
export interface SourceFinding {
  title: string;
  /** Module and function in the runtime's published code. */
  where: string;
  behaviour: string;
  advice: string;
  /** Upstream issues and changes that concern it ("owner/repository#number"), with what each is. */
  links?: readonly { ref: string; says: string }[] | undefined;
}

/** A script that shows the failure with the runtime alone, without effective-args. */
export interface Reproduction {
  /** Its file name, as its own opening comment runs it. */
  name: string;
  text: string;
}

export interface UpstreamIssue {
  /** The suite that judged (its package name and version). */
  suite: { name: string; version: string };
  implementation: { name: string; version: string; capabilities: readonly string[]; transportLimits?: readonly string[] | undefined; components?: Readonly<Record<string, string>> | undefined; runBy?: RunBy | undefined };
  result: IssueResult;
  testCase: IssueCase;
  /** With run --explore: how the generated case was found, to make it again from its seed. */
  exploration?: Exploration | undefined;
  /** Only the failures this report is about (one finding's, say); the others are named as left out. Every failure when absent. */
  shows?: (failure: IssueFailure) => boolean;
  findings?: readonly SourceFinding[];
  /**
   * The options of `run` that name the implementation (["--adapter", "x.ts"], [] for the built-in
   * reference), from the report's runBy (implementationArgs); undefined when the report does not say.
   */
  implementationArgs: readonly string[] | undefined;
  /** Where the reproducing command runs; by default, the folder the report was made in. */
  reproduceFrom?: string;
  /** A standalone reproduction (report-issue --repro, or a published finding's repro/ script): shown first under "Reproduce". */
  reproduction?: Reproduction | undefined;
}

/** The options of `run` that select the implementation the report was made with; undefined when it does not say. */
export function implementationArgs(runBy: RunBy | undefined, referenceModule: string): string[] | undefined {
  if (runBy === undefined) return undefined;
  if (runBy.how === "stdio") return ["--adapter-cmd", runBy.command];
  return runBy.module === referenceModule ? [] : ["--adapter", runBy.module];
}

/** The report, as Markdown. */
export function upstreamIssue(issue: UpstreamIssue): string {
  const { result, implementation, suite } = issue;
  const shown = result.failures.filter(issue.shows ?? (() => true));
  const leftOut = result.failures.filter((failure) => !shown.includes(failure));
  const broken = inCatalogueOrder(shown.map((failure) => failure.requirement));
  const runtime = code(`${implementation.name} ${implementation.version}`);
  const lines: string[] = [];

  const what = result.status === "failed" ? `breaks ${broken.join(", ")} in` : "errors on";
  // An issue about one finding is titled by it; otherwise, by what the case shows.
  const [only, ...more] = issue.findings ?? [];
  const title =
    only && more.length === 0
      ? `${prose(`${implementation.name} ${implementation.version}`)}: ${noMentions(only.title.trim())} (${result.status === "failed" ? `RFC-0015 ${broken.join(", ")}` : `RFC-0015 conformance case ${prose(result.id)} errors`})`
      : `${prose(`${implementation.name} ${implementation.version}`)} ${what} RFC-0015 conformance case ${prose(result.id)}`;
  lines.push(`# ${title}`, "");
  lines.push(
    `${code(`${suite.name} ${suite.version}`)}, a conformance suite for RFC-0015 (effective tool argument authorization), ran the case ${code(result.id)}, "${prose(result.title)}", against ${runtime}. ` +
      (result.status === "failed"
        ? `The runtime failed it: ${count(shown.length, "failure")} naming ${broken.join(", ")}.`
        : "The case errored: the run broke off before any check could judge it (below)."),
    "",
  );

  lines.push("## Versions", "");
  lines.push(`- Runtime: ${runtime} (name and version as the adapter gives them)`);
  for (const [name, version] of Object.entries(implementation.components ?? {})) lines.push(`- Beside it: ${code(`${name} ${version}`)}`);
  lines.push(`- Capabilities the adapter declares: ${implementation.capabilities.length > 0 ? implementation.capabilities.map(code).join(", ") : "none"}`);
  if (implementation.transportLimits?.length) lines.push(`- What the adapter's transport cannot carry: ${implementation.transportLimits.map(code).join(", ")} (cases that send it are not applicable)`);
  lines.push(`- Run as: ${implementation.runBy ? runByText(implementation.runBy) : "not recorded in the report"}`);
  lines.push(`- Suite: ${code(`${suite.name} ${suite.version}`)}`, "");

  lines.push(result.status === "failed" ? "## What RFC-0015 requires" : "## What the case tests", "");
  if (result.status === "errored") lines.push("The requirements the case lists; none was judged, since the case errored.", "");
  for (const id of result.status === "failed" ? broken : inCatalogueOrder(result.requirements)) lines.push(...requirementLines(id));

  lines.push("## What the runtime did", "");
  if (result.status === "failed") {
    lines.push(
      "Each failure names the requirement it shows broken, the step of the case (counted from 1) and the call. A diff's first two lines name its sides; " +
        "lines starting with `-` belong only to the first, lines starting with `+` only to the second (values as canonical JSON, members sorted).",
      "",
    );
    lines.push(...fenced("text", shown.flatMap((failure) => numberedFailureLines(failure))), "");
    if (leftOut.length > 0) {
      lines.push(`The case also fails on ${inCatalogueOrder(leftOut.map((failure) => failure.requirement)).join(", ")} (${count(leftOut.length, "failure")}) for other reasons; those failures are left out of this report.`, "");
    }
  } else {
    lines.push("The case errored (the runtime, or the adapter driving it, threw, timed out or reported something malformed), with this reason:", "");
    lines.push(...fenced("text", (result.reason ?? "(no reason recorded)").split("\n")), "");
  }

  if (issue.findings && issue.findings.length > 0) {
    lines.push("## What we found in the source", "");
    for (const finding of issue.findings) {
      lines.push(`### ${noMentions(finding.title.trim())}`, "");
      lines.push(`Where: ${code(finding.where.trim())}`, "");
      lines.push(noMentions(finding.behaviour.trim()), "");
      lines.push(`What a user can do meanwhile: ${noMentions(finding.advice.trim())}`, "");
      // Written as links, not as "owner/repo#n", which GitHub would turn into a mention of the other issue.
      for (const link of finding.links ?? []) lines.push(`- Upstream: [${prose(link.ref)}](${upstreamUrl(link.ref)}): ${noMentions(link.says.trim())}`);
      if (finding.links?.length) lines.push("");
    }
  }

  lines.push("## The case", "");
  lines.push(
    "The harness plays each `turn` as the model's tool calls and, through the adapter, stands in for the tools' schemas (`tools`), the policy (`policy`) and the tools themselves; " +
      "`expect` is what each call must come to. The format: `spec/case-format.md` in effective-args.",
    "",
  );
  lines.push(caseIntro(issue), "");
  lines.push(...fenced("yaml", issue.testCase.text.replace(/\n$/, "").split("\n")), "");

  lines.push("## Reproduce", "");
  if (issue.reproduction) {
    const { name, text } = issue.reproduction;
    lines.push(
      `Without effective-args: save this script as ${code(name)} in an empty folder and run the commands of its opening comment (it installs the runtime alone). ` +
        "It prints what the runtime's policy point was handed and what the tool ran, and exits 1 while the requirement does not hold.",
      "",
    );
    lines.push(...fenced("js", text.replace(/\n$/, "").split("\n")), "", "With effective-args, which runs the whole case:", "");
  }
  lines.push(...reproduceLines(issue));
  return printable(lines.join("\n").replace(/\n+$/, "\n"));
}

/** A requirement in the suite's words: id, level, title, its RFC-0015 source, its text. */
function requirementLines(id: string): string[] {
  const requirement = REQUIREMENTS.get(id);
  // `id` is prose already (inCatalogueOrder).
  if (!requirement) return [`### ${id}`, "", `Not in the requirement catalogue of this suite version.`, ""];
  const lines = [`### ${requirement.id} (${requirement.level.toUpperCase()}): ${requirement.title}`, "", `Source: ${requirement.source}.`, "", `> ${requirement.text.trim()}`, ""];
  if (requirement.level === "should") lines.push("SHOULD: hardening a careful runtime does; RFC-0015 does not demand it.", "");
  return lines;
}

function caseIntro(issue: UpstreamIssue): string {
  const { testCase, suite, exploration } = issue;
  const path = code(testCase.path);
  if (testCase.origin === "built-in") return `The suite's case file ${path}, as it comes with ${code(`${suite.name} ${suite.version}`)}:`;
  if (testCase.origin === "file") return `The case file ${path}, as the report names it (a case of the run's own, not one of the suite's):`;
  const seed = exploration ? ` (seed ${exploration.seed})` : "";
  return `A case that ${code("run --explore")} generated${seed} and shrunk, its expectations being what the suite's reference runtime does; the report carries its file:`;
}

function reproduceLines(issue: UpstreamIssue): string[] {
  const { result, testCase, exploration, suite } = issue;
  const args = issue.implementationArgs;
  const implementation = args ?? ["--adapter", "<your adapter>"];
  const from = issue.reproduceFrom ?? `From the folder the report was made in (paths are relative to it), with ${code(`${suite.name} ${suite.version}`)} installed:`;
  const lines: string[] = [];
  if (args === undefined) lines.push("The report does not say how the runtime was run (it has no `implementation.runBy`); name its adapter in place of `<your adapter>`.", "");
  const exits = result.status === "failed" ? "It exits 1 and prints the case's failures." : "It exits 1 and prints the case as errored, with the reason.";
  if (testCase.origin === "generated") {
    lines.push(`${from} save the case above as ${code(testCase.path)} (the folder is named after the case's family), then run`, "");
    lines.push(...fenced("sh", [command(["run", ...implementation, "--cases", testCase.path])]), "", exits, "");
    if (exploration) {
      lines.push("Or generate it again from its seed: the same seed gives the same cases, judged at the same `--level` as the original run, if it had one.", "");
      lines.push(...fenced("sh", [command(["run", ...implementation, "--explore", String(exploration.asked), "--seed", String(exploration.seed)])]), "");
    }
    return lines;
  }
  const cases = testCase.origin === "file" ? ["--cases", testCase.path] : [];
  lines.push(from, "", ...fenced("sh", [command(["run", ...implementation, ...cases, "--filter", result.id])]), "", exits, "");
  return lines;
}

function runByText(runBy: RunBy): string {
  return runBy.how === "in-process" ? `the in-process adapter module ${code(runBy.module)}${runBy.node ? ` on Node.js ${code(runBy.node)}` : ""}` : `the stdio adapter command ${code(runBy.command)}`;
}

/** Requirement ids, each once, in catalogue order (ids the catalogue does not have last, in the order given), as prose. */
function inCatalogueOrder(ids: readonly string[]): string[] {
  const given = [...new Set(ids)];
  const order = [...REQUIREMENTS.keys()];
  const rank = (id: string) => (order.includes(id) ? order.indexOf(id) : order.length + given.indexOf(id));
  return [...given].sort((a, b) => rank(a) - rank(b)).map(prose);
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;

/** A shell command line: `npx effective-args` and the arguments, each quoted when the shell would read it otherwise. */
const command = (args: readonly string[]) => ["npx", "effective-args", ...args].map(shellWord).join(" ");

function shellWord(word: string): string {
  if (/^[A-Za-z0-9_\/.:=@%+,-]+$/.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** Lines in a fenced code block whose fence no line of them can close. */
function fenced(language: string, lines: readonly string[]): string[] {
  const longest = Math.max(0, ...lines.flatMap((line) => (line.match(/`+/g) ?? []).map((run) => run.length)));
  const fence = "`".repeat(Math.max(3, longest + 1));
  return [`${fence}${language}`, ...lines, fence];
}

/** One line of text as inline code: a span no backtick in it can close, and no @name in it a mention. */
function code(text: string): string {
  const line = printableLine(text);
  const longest = Math.max(0, ...(line.match(/`+/g) ?? []).map((run) => run.length));
  const ticks = "`".repeat(longest + 1);
  const pad = line.startsWith("`") || line.endsWith("`") || (line.startsWith(" ") && line.endsWith(" ") && line.trim() !== "") ? " " : "";
  return `${ticks}${pad}${line}${pad}${ticks}`;
}

/** An @name or @scope/name: GitHub would notify a user or a team. */
const MENTION = /@[A-Za-z0-9_.-]+(?:\/[A-Za-z0-9_.-]+)?/g;

/**
 * Text from a report (a case's title) as Markdown prose: one line, with every character Markdown
 * or HTML would read as markup escaped, and @names as code.
 */
function prose(text: string): string {
  const line = printableLine(text);
  let out = "";
  let at = 0;
  for (const match of line.matchAll(MENTION)) {
    out += escapeMarkdown(line.slice(at, match.index)) + code(match[0]);
    at = match.index + match[0].length;
  }
  return out + escapeMarkdown(line.slice(at));
}

function escapeMarkdown(text: string): string {
  // An underscore inside a word never emphasizes (GitHub Flavored Markdown), so policy_mutated_arguments stays as it is.
  return text.replace(/[\\`*<>\[\]|~&#!]|_(?![A-Za-z0-9])|(?<![A-Za-z0-9])_/g, (char) => `\\${char}`);
}

/** The suite's own Markdown (a finding's text): its code spans kept, @names outside them made code. */
function noMentions(markdown: string): string {
  return markdown
    .split(/(`[^`]*`)/)
    .map((part, index) => (index % 2 === 1 ? part : part.replace(MENTION, (mention) => code(mention))))
    .join("");
}
