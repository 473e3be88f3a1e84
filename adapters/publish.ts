// `npm run adapters`: runs every case against every published adapter and writes each one's
// known-failures file and the verdicts part of adapters/README.md. It refuses to write when a
// failure has no finding to explain it, or a finding explains nothing: fix the findings file.
import { readFileSync, writeFileSync } from "node:fs";
import { DEFAULT_CASES_DIR, loadCases } from "../harness/loading/loader.ts";
import { judgeAdapter, knownFailuresText, pathsOf, PUBLISHED, README_PATH, readmeWith, verdictsMarkdown } from "./published.ts";

const { cases } = loadCases([DEFAULT_CASES_DIR]);
const verdicts = [];
let problems = 0;
for (const published of PUBLISHED) {
  const verdict = await judgeAdapter(published, cases);
  const { unexplained, unused } = verdict.explanation;
  for (const line of unexplained) console.error(`adapters/${published.stem}.findings.yaml: no finding explains ${line}`);
  for (const id of unused) console.error(`adapters/${published.stem}.findings.yaml: finding "${id}" explains nothing in this run`);
  problems += unexplained.length + unused.length;
  verdicts.push(verdict);
}
if (problems > 0) process.exit(1);
for (const verdict of verdicts) writeFileSync(pathsOf(verdict.published.stem).knownFailures, knownFailuresText(verdict));
writeFileSync(README_PATH, readmeWith(readFileSync(README_PATH, "utf8"), verdictsMarkdown(verdicts, cases)));
console.error(`wrote ${verdicts.map((verdict) => `adapters/${verdict.published.stem}.known-failures.yaml`).join(", ")} and adapters/README.md`);
