// The compatibility matrix: one self-contained HTML page (no network, no external scripts, styles
// or fonts) with an implementation per column and a requirement per row, grouped by family and
// level. Each cell is a button showing the requirement's verdict for that implementation as a
// symbol and a word (never colour alone) and a count of cases; activating it opens the cases
// behind the verdict, with each failure's message and diff and the case's YAML source. A column
// is headed by the product's name, with its package and version beneath (columns.ts); rows of
// totals per level and a row per family and level count, in each column, how many of its
// requirements hold out of those the implementation's badge counts (exercised and applicable),
// not-applicable and untested ones apart. The table is written here; the page's script (page-script.ts) only opens cells, filters
// rows and moves the focus.
import { basename } from "node:path";
import { LEVELS } from "../../loading/case-schema.ts";
import { FAMILIES, type Requirement } from "../../loading/requirements.ts";
import type { RequirementStatus } from "../summary.ts";
import type { ReportFile } from "./reports.ts";
import { columnName, tally, TALLY_ORDER, type ColumnName } from "./columns.ts";
import { PAGE_SCRIPT } from "./page-script.ts";
import { componentList } from "../report.ts";
import { upstreamUrl } from "../upstream-links.ts";
import { PAGE_STYLE } from "./page-style.ts";

export interface MatrixInput {
  reports: readonly ReportFile[];
  /** The requirements catalogue, retired requirements left out (the rows). */
  requirements: readonly Requirement[];
  /** Each case's YAML source, by case id, where it could be read. */
  sources: Readonly<Record<string, string>>;
}

/** The symbol and word of each verdict, as the page and its legend show them. */
export const VERDICT_MARKS: Record<RequirementStatus, { symbol: string; word: string }> = {
  holds: { symbol: "✓", word: "holds" },
  broken: { symbol: "✗", word: "broken" },
  errored: { symbol: "!", word: "errored" },
  inconclusive: { symbol: "?", word: "inconclusive" },
  skipped: { symbol: "↷", word: "skipped" },
  not_applicable: { symbol: "–", word: "not applicable" },
  untested: { symbol: "·", word: "untested" },
};

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** JSON inside a script element: nothing in it can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/** "OpenAI Agents SDK (@openai/agents 0.20.0, input guardrails)", or "effective-args reference 0.1.0". */
const label = ({ product, package: name, variant, version }: ColumnName) =>
  name === undefined ? `${product} ${version}` : `${product} (${[`${name} ${version}`, variant].filter(Boolean).join(", ")})`;

/** The product's name, and beneath it the package, version and variant. */
const nameLines = ({ product, package: name, variant, version }: ColumnName) =>
  `<span class="name">${escape(product)}</span><span class="package">${escape(name === undefined ? version : `${name} ${version}`)}</span>${variant === undefined ? "" : `<span class="variant">${escape(variant)}</span>`}`;

/** Short forms for a tally's narrow cell; the title and the spoken text have the whole words. */
const SHORT_WORDS: Partial<Record<RequirementStatus, string>> = { inconclusive: "inconcl.", not_applicable: "n/a" };

/** A tally cell: "3 of 7 hold", a bar of every verdict's share, and how many have each other verdict. */
function tallyCell(requirements: readonly Requirement[], statusOf: (id: string) => RequirementStatus | undefined): string {
  const { of, counts } = tally(requirements, statusOf);
  const others = TALLY_ORDER.filter((status) => status !== "holds" && counts[status] > 0);
  const words = others.map((status) => `${counts[status]} ${VERDICT_MARKS[status].word}`).join(", ");
  const bar = TALLY_ORDER.filter((status) => counts[status] > 0)
    .map((status) => `<span data-verdict="${status}" style="flex-grow: ${counts[status]}"></span>`)
    .join("");
  const rest = others.map((status) => `<span class="count">${counts[status]} ${SHORT_WORDS[status] ?? VERDICT_MARKS[status].word}</span>`).join(" ");
  return `<td class="tally" data-holds="${counts.holds}" data-of="${of}"><span class="ratio"><strong>${counts.holds}</strong> of ${of} hold</span><span class="bar" aria-hidden="true">${bar}</span>${others.length ? `<span class="rest" title="${words}"><span aria-hidden="true">${rest}</span><span class="spoken">${words}</span></span>` : ""}</td>`;
}

const runAs = (runBy: ReportFile["report"]["implementation"]["runBy"]) =>
  runBy === undefined ? "not recorded" : runBy.how === "stdio" ? `stdio: ${runBy.command}` : `in-process: ${runBy.module}${runBy.node ? ` on Node.js ${runBy.node}` : ""}`;

/** The version, and the packages beside the runtime that do the work with theirs. */
const versionText = ({ version, components }: ReportFile["report"]["implementation"]) => [version, ...componentList(components)].join(", ");

export function matrixPage({ reports, requirements, sources }: MatrixInput): string {
  const suite = reports[0]?.report.suite ?? { name: "effective-args", version: "" };
  const verdicts = reports.map(({ report }) => new Map(report.requirements.map((verdict) => [verdict.id, verdict])));
  const groups = FAMILIES.flatMap((family) =>
    LEVELS.map((level) => ({ family, level, rows: requirements.filter((requirement) => requirement.family === family && requirement.level === level) })),
  ).filter((group) => group.rows.length > 0);
  const families = FAMILIES.filter((family) => groups.some((group) => group.family === family));
  const names = reports.map(({ report }) => columnName(report.implementation));
  const tallies = (rows: readonly Requirement[]) => verdicts.map((byId) => tallyCell(rows, (id) => byId.get(id)?.status)).join("");

  const header = names.map((name, index) => `<th scope="col" class="implementation" data-implementation="${index}">${nameLines(name)}</th>`).join("");

  const cell = (requirement: Requirement, index: number) => {
    const verdict = verdicts[index]!.get(requirement.id);
    const status: RequirementStatus = verdict?.status ?? "untested";
    const behind = new Set([...(verdict?.cases ?? []), ...(verdict?.brokenIn ?? [])]).size;
    const count = behind === 0 ? "no case" : status === "broken" ? `in ${verdict!.brokenIn.length} of ${behind} cases` : `${behind} case${behind === 1 ? "" : "s"}`;
    const { symbol, word } = VERDICT_MARKS[status];
    const spoken = `${label(names[index]!)}, ${requirement.id}: ${word}, ${count}`;
    return `<td><button type="button" class="cell" data-verdict="${status}" data-requirement="${escape(requirement.id)}" data-implementation="${index}" aria-label="${escape(spoken)}"><span class="symbol" aria-hidden="true">${symbol}</span> <span class="word">${word}</span> <span class="count">${count}</span></button></td>`;
  };

  const body = groups
    .map(({ family, level, rows }) => {
      const group = `<tr class="group" data-family="${family}" data-level="${level}"><th scope="rowgroup">${family} · ${level.toUpperCase()}</th>${tallies(rows)}</tr>`;
      // The title is cut to two lines on a phone; the whole of it stays in the title attribute and the text below.
      const lines = rows.map(
        (requirement) =>
          `<tr class="requirement" data-requirement="${escape(requirement.id)}" data-family="${family}" data-level="${level}"><th scope="row" title="${escape(`${requirement.id}: ${requirement.title}`)}"><a href="#text-${escape(requirement.id)}">${escape(requirement.id)}</a> <span class="title">${escape(requirement.title)}</span></th>${reports.map((_, index) => cell(requirement, index)).join("")}</tr>`,
      );
      return [group, ...lines].join("\n");
    })
    .join("\n");
  const totals = LEVELS.map((level) => requirements.filter((requirement) => requirement.level === level))
    .filter((rows) => rows.length > 0)
    .map((rows) => `<tr class="total" data-level="${rows[0]!.level}"><th scope="row">All ${rows[0]!.level.toUpperCase()} requirements</th>${tallies(rows)}</tr>`)
    .join("\n");

  const summaryRows = reports
    .map(({ file, report }, index) => {
      const { implementation, summary } = report;
      return `<tr data-implementation="${index}"><th scope="row">${nameLines(names[index]!)}</th><td>${escape(versionText(implementation))}</td><td>${escape(runAs(implementation.runBy))}</td><td>${escape(summary.badge)}</td><td>${summary.total}: ${summary.passed} passed, ${summary.failed} failed, ${summary.errored} errored, ${summary.skipped} skipped</td><td>${escape(report.startedAt ?? "not recorded")}</td><td>${escape(`${report.suite.name} ${report.suite.version}`)}</td><td title="${escape(file)}">${escape(basename(file))}</td></tr>`;
    })
    .join("\n");

  const checkbox = (name: string, value: string, label: string) => `<label><input type="checkbox" name="${name}" value="${value}" checked> ${label}</label>`;
  const legend = Object.values(VERDICT_MARKS).map(({ symbol, word }) => `<li><span aria-hidden="true">${symbol}</span> ${word}</li>`).join("");
  const texts = requirements
    .map(
      (requirement) =>
        `<article id="text-${escape(requirement.id)}"><h3>${escape(requirement.id)} (${requirement.level.toUpperCase()}, ${requirement.family}): ${escape(requirement.title)}</h3><p class="source">${escape(requirement.source)}</p><p>${escape(requirement.text)}</p></article>`,
    )
    .join("\n");

  const data = {
    implementations: reports.map(({ report }, index) => ({
      label: label(names[index]!),
      verdicts: Object.fromEntries(report.requirements.map((verdict) => [verdict.id, verdict])),
      // Each upstream reference with the address upstreamUrl gives it, so that the page's script follows the one rule.
      results: Object.fromEntries(
        report.results.map((result) => [result.id, result.known?.links ? { ...result, known: { ...result.known, links: result.known.links.map((ref) => ({ ref, url: upstreamUrl(ref) })) } } : result]),
      ),
    })),
    requirements: Object.fromEntries(requirements.map((requirement) => [requirement.id, requirement.title])),
    marks: VERDICT_MARKS,
    sources,
  };

  const title = `${suite.name} ${suite.version}: compatibility matrix`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>${PAGE_STYLE}</style>
</head>
<body>
<header>
<h1>${escape(title)}</h1>
<p>How ${reports.length} implementation${reports.length === 1 ? "" : "s"} of RFC-0015 (effective tool argument authorization) fare against each of its ${requirements.length} requirements. Each cell gives the requirement's verdict for that implementation and the number of cases behind it; open a cell (click, or Enter) to see those cases, each failure's message and diff, and the case's source. Arrow keys move between cells. The rows of totals and of each family count how many of its requirements hold, out of those that apply to the implementation, as its badge counts them; those that do not apply to it (it lacks what they concern) are counted apart.</p>
<ul class="legend" aria-label="Verdicts">${legend}</ul>
</header>
<main>
<section aria-labelledby="implementations-title">
<h2 id="implementations-title">Implementations</h2>
<div class="wide">
<table id="summary">
<thead><tr><th scope="col">Implementation</th><th scope="col">Version</th><th scope="col">Run as</th><th scope="col">Badge (over the requirements that apply)</th><th scope="col">Cases</th><th scope="col">Report date</th><th scope="col">Suite</th><th scope="col">Report</th></tr></thead>
<tbody>
${summaryRows}
</tbody>
</table>
</div>
</section>
<section aria-labelledby="matrix-title">
<h2 id="matrix-title">Requirements by implementation</h2>
<form id="filters" aria-label="Filters">
<fieldset id="filter-level"><legend>Level</legend>${LEVELS.map((level) => checkbox("level", level, level.toUpperCase())).join(" ")}</fieldset>
<fieldset id="filter-family"><legend>Family</legend>${families.map((family) => checkbox("family", family, family)).join(" ")}</fieldset>
</form>
<div class="scroll">
<table id="matrix">
<thead><tr><th scope="col">Requirement</th>${header}</tr></thead>
<tbody>
${totals}
${body}
</tbody>
</table>
</div>
</section>
<section id="requirement-texts" aria-labelledby="texts-title">
<h2 id="texts-title">The requirements</h2>
${texts}
</section>
</main>
<dialog id="cases" aria-labelledby="cases-title">
<form method="dialog"><button type="submit" class="close">Close</button></form>
<h2 id="cases-title"></h2>
<div id="cases-body"></div>
</dialog>
<script type="application/json" id="matrix-data">${scriptJson(data)}</script>
<script>${PAGE_SCRIPT}</script>
</body>
</html>
`;
}
