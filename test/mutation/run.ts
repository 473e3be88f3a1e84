// `npm run mutation [area...] [--survivors] [--report-only]`: Stryker over harness/ and
// reference/, one area at a time (test/mutation/areas.ts), then a table of scores. Each area
// keeps an incremental file, so a second run re-tests only the mutants whose code or covering
// tests changed. test/mutation/README.md says how to read the result.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { MUTATION_AREAS, type MutationArea } from "./areas.ts";
import { emptyTally, score, survivors, tally, type MutationReport, type Tally } from "./score.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const STRYKER = fileURLToPath(new URL("../../node_modules/.bin/stryker", import.meta.url));

export function reportPath(area: MutationArea): string {
  return `${ROOT}reports/mutation/${area.name}.json`;
}

function runArea(area: MutationArea): boolean {
  console.log(`\n== ${area.name}: ${area.mutate.join(" ")} (${area.tests} tests)`);
  const env = { ...process.env, MUTATION_AREA: area.name, MUTATION_MUTATE: JSON.stringify(area.mutate), MUTATION_TESTS: area.tests };
  const result = spawnSync(STRYKER, ["run"], { cwd: ROOT, env, stdio: "inherit" });
  return result.status === 0;
}

function main(argv: string[]): number {
  const names = argv.filter((arg) => !arg.startsWith("--"));
  const unknown = names.filter((name) => !MUTATION_AREAS.some((area) => area.name === name));
  if (unknown.length > 0) {
    console.error(`unknown area ${unknown.join(", ")}; the areas are ${MUTATION_AREAS.map((area) => area.name).join(", ")}`);
    return 2;
  }
  const areas = names.length === 0 ? MUTATION_AREAS : MUTATION_AREAS.filter((area) => names.includes(area.name));
  let ok = true;
  if (!argv.includes("--report-only")) for (const area of areas) ok = runArea(area) && ok;

  const harness = emptyTally();
  const reference = emptyTally();
  const rows: string[] = ["| Area | Killed | Survived | Equivalent | Static (not run) | Score |", "|---|---|---|---|---|---|"];
  const row = (name: string, counts: Tally) => `| ${name} | ${counts.killed} | ${counts.survived} | ${counts.equivalent} | ${counts.static} | ${score(counts).toFixed(1)}% |`;
  for (const area of MUTATION_AREAS) {
    if (!existsSync(reportPath(area))) continue;
    const report = JSON.parse(readFileSync(reportPath(area), "utf8")) as MutationReport;
    const counts = tally(report);
    const total = area.name === "reference" ? reference : harness;
    for (const key of Object.keys(counts) as (keyof Tally)[]) total[key] += counts[key];
    rows.push(row(area.name, counts));
    if (argv.includes("--survivors") && areas.includes(area)) for (const line of survivors(report)) console.log(line);
  }
  rows.push(row("**harness/**", harness), row("**reference/**", reference));
  console.log(`\n${rows.join("\n")}\n\nHTML reports: reports/mutation/<area>.html`);
  return ok ? 0 : 1;
}

process.exitCode = main(process.argv.slice(2));
