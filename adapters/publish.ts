// `npm run adapters`: runs every case against every published adapter and writes each one's
// known-failures file, its upstream reports (adapters/<stem>/reports/<finding id>.md, one per
// finding) and the verdicts part of adapters/README.md. It refuses to write when a
// failure has no finding to explain it, or a finding explains nothing: fix the findings file.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DEFAULT_CASES_DIR, loadCases } from "../harness/loading/loader.ts";
import { judgeAdapter, knownFailuresText, pathsOf, PUBLISHED, README_PATH, readmeWith, ROOT_README_PATH, rootReadmeWith, runtimesMarkdown, upstreamReports, verdictsMarkdown } from "./published.ts";

const { cases } = loadCases([DEFAULT_CASES_DIR]);
const verdicts = [];
let problems = 0;
for (const published of PUBLISHED) {
  const verdict = await judgeAdapter(published);
  const { unexplained, unused } = verdict.explanation;
  for (const line of unexplained) console.error(`adapters/${published.stem}/findings.yaml: no finding explains ${line}`);
  for (const id of unused) console.error(`adapters/${published.stem}/findings.yaml: finding "${id}" explains nothing in this run`);
  problems += unexplained.length + unused.length;
  verdicts.push(verdict);
}
if (problems > 0) process.exit(1);
for (const verdict of verdicts) writeFileSync(pathsOf(verdict.published.stem).knownFailures, knownFailuresText(verdict));
// One upstream report per finding, in a folder per adapter that holds nothing else: a finding that is gone takes its report along.
for (const verdict of verdicts) {
  const folder = pathsOf(verdict.published.stem).reports;
  const reports = upstreamReports(verdict, cases);
  mkdirSync(folder, { recursive: true });
  for (const name of readdirSync(folder)) if (!reports.has(name)) rmSync(join(folder, name));
  for (const [name, text] of reports) writeFileSync(join(folder, name), text);
}
writeFileSync(README_PATH, readmeWith(readFileSync(README_PATH, "utf8"), verdictsMarkdown(verdicts, cases)));
writeFileSync(ROOT_README_PATH, rootReadmeWith(readFileSync(ROOT_README_PATH, "utf8"), runtimesMarkdown(verdicts)));
console.error(`wrote ${verdicts.map((verdict) => `adapters/${verdict.published.stem}/known-failures.yaml`).join(", ")}, the upstream reports under adapters/<stem>/reports/, adapters/README.md and README.md's table of tested runtimes`);
