// The compatibility matrix: one self-contained HTML page (no network, no external scripts, styles
// or fonts) with an implementation per column and a requirement per row, grouped by family and
// level. Each cell is a button showing the requirement's verdict for that implementation as a
// symbol and a word (never colour alone) and a count of cases; activating it opens the cases
// behind the verdict, with each failure's message and diff and the case's YAML source. The
// table is written here; the page's script (page-script.ts) only opens cells, filters rows and
// moves the focus.
import { basename } from "node:path";
import { LEVELS } from "../../loading/case-schema.ts";
import { FAMILIES, type Requirement } from "../../loading/requirements.ts";
import type { RequirementStatus } from "../summary.ts";
import type { ReportFile } from "./reports.ts";
import { PAGE_SCRIPT } from "./page-script.ts";
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

const runAs = (runBy: ReportFile["report"]["implementation"]["runBy"]) =>
  runBy === undefined ? "not recorded" : runBy.how === "stdio" ? `stdio: ${runBy.command}` : `in-process: ${runBy.module}`;

export function matrixPage({ reports, requirements, sources }: MatrixInput): string {
  const suite = reports[0]?.report.suite ?? { name: "effective-args", version: "" };
  const verdicts = reports.map(({ report }) => new Map(report.requirements.map((verdict) => [verdict.id, verdict])));
  const groups = FAMILIES.flatMap((family) =>
    LEVELS.map((level) => ({ family, level, rows: requirements.filter((requirement) => requirement.family === family && requirement.level === level) })),
  ).filter((group) => group.rows.length > 0);
  const families = FAMILIES.filter((family) => groups.some((group) => group.family === family));

  const header = reports
    .map(({ report }, index) => {
      const { name, version } = report.implementation;
      return `<th scope="col" class="implementation" data-implementation="${index}"><span class="name">${escape(name)}</span> <span class="version">${escape(version)}</span><span class="badge">${escape(report.summary.badge)}</span></th>`;
    })
    .join("");

  const cell = (requirement: Requirement, index: number) => {
    const verdict = verdicts[index]!.get(requirement.id);
    const status: RequirementStatus = verdict?.status ?? "untested";
    const behind = new Set([...(verdict?.cases ?? []), ...(verdict?.brokenIn ?? [])]).size;
    const count = behind === 0 ? "no case" : status === "broken" ? `in ${verdict!.brokenIn.length} of ${behind} cases` : `${behind} case${behind === 1 ? "" : "s"}`;
    const { symbol, word } = VERDICT_MARKS[status];
    const implementation = reports[index]!.report.implementation;
    const label = `${implementation.name} ${implementation.version}, ${requirement.id}: ${word}, ${count}`;
    return `<td><button type="button" class="cell" data-verdict="${status}" data-requirement="${escape(requirement.id)}" data-implementation="${index}" aria-label="${escape(label)}"><span class="symbol" aria-hidden="true">${symbol}</span> <span class="word">${word}</span> <span class="count">${count}</span></button></td>`;
  };

  const body = groups
    .map(({ family, level, rows }) => {
      const group = `<tr class="group" data-family="${family}" data-level="${level}"><th scope="colgroup" colspan="${reports.length + 1}">${family} · ${level.toUpperCase()}</th></tr>`;
      const lines = rows.map(
        (requirement) =>
          `<tr class="requirement" data-requirement="${escape(requirement.id)}" data-family="${family}" data-level="${level}"><th scope="row"><a href="#text-${escape(requirement.id)}">${escape(requirement.id)}</a> <span class="title">${escape(requirement.title)}</span></th>${reports.map((_, index) => cell(requirement, index)).join("")}</tr>`,
      );
      return [group, ...lines].join("\n");
    })
    .join("\n");

  const summaryRows = reports
    .map(({ file, report }, index) => {
      const { implementation, summary } = report;
      return `<tr data-implementation="${index}"><th scope="row">${escape(implementation.name)}</th><td>${escape(implementation.version)}</td><td>${escape(runAs(implementation.runBy))}</td><td>${escape(summary.badge)}</td><td>${summary.total}: ${summary.passed} passed, ${summary.failed} failed, ${summary.errored} errored, ${summary.skipped} skipped</td><td>${escape(report.startedAt ?? "not recorded")}</td><td>${escape(`${report.suite.name} ${report.suite.version}`)}</td><td title="${escape(file)}">${escape(basename(file))}</td></tr>`;
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
    implementations: reports.map(({ report }) => ({
      name: report.implementation.name,
      version: report.implementation.version,
      verdicts: Object.fromEntries(report.requirements.map((verdict) => [verdict.id, verdict])),
      results: Object.fromEntries(report.results.map((result) => [result.id, result])),
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
<p>How ${reports.length} implementation${reports.length === 1 ? "" : "s"} of RFC-0015 (effective tool argument authorization) fare against each of its ${requirements.length} requirements. Each cell gives the requirement's verdict for that implementation and the number of cases behind it; open a cell (click, or Enter) to see those cases, each failure's message and diff, and the case's source. Arrow keys move between cells.</p>
<ul class="legend" aria-label="Verdicts">${legend}</ul>
</header>
<main>
<section aria-labelledby="implementations-title">
<h2 id="implementations-title">Implementations</h2>
<table id="summary">
<thead><tr><th scope="col">Implementation</th><th scope="col">Version</th><th scope="col">Run as</th><th scope="col">Badge</th><th scope="col">Cases</th><th scope="col">Report date</th><th scope="col">Suite</th><th scope="col">Report</th></tr></thead>
<tbody>
${summaryRows}
</tbody>
</table>
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
