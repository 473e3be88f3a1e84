// The published verdict of one real runtime (adapters/published.ts), one test file per runtime
// (test/adapters/published/<stem>.test.ts) so that vitest runs them side by side: the adapter passes
// the CI gate with its known-failures file, its runs are deterministic, every failure is explained
// by a finding of its findings file (and every finding by some failure), and the committed
// known-failures file, upstream reports (adapters/<stem>/reports/), its column and section of
// adapters/README.md and its badge in README.md are what `npm run adapters` writes from today's
// run. A new SDK version that changes behaviour fails here until its findings are read and updated.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_CASES_DIR, loadCases } from "../../harness/loading/loader.ts";
import {
  knownFailuresText,
  pathsOf,
  PUBLISHED,
  README_PATH,
  readmeColumn,
  ROOT_README_PATH,
  RUNTIMES_END,
  RUNTIMES_START,
  runtimeRow,
  runPublished,
  runtimeSection,
  upstreamReports,
  verdictColumn,
  verdictOf,
  type PublishedRun,
  type Verdict,
} from "../../adapters/published.ts";
import { findingsFor } from "../../adapters/findings.ts";
import { reproductions, standaloneProblems } from "../../adapters/repro.ts";
import { withoutTimings } from "./timings.ts";

export function describePublished(stem: string): void {
  const index = PUBLISHED.findIndex((published) => published.stem === stem);
  const published = PUBLISHED[index]!;
  const paths = pathsOf(stem);
  const { cases } = loadCases([DEFAULT_CASES_DIR]);
  // The CI-gate run (--expect its known-failures file): the verdict is read from its report.
  let gate: PublishedRun;
  let verdict: Verdict;

  // Every case against a real SDK; one that starts a process per case takes a minute on a busy machine.
  beforeAll(async () => {
    gate = await runPublished(published, "--expect", paths.knownFailures);
    verdict = verdictOf(published, gate);
  }, 300_000);

  describe(published.module, () => {
    it("passes the CI gate with --expect its known-failures file, and a second run gives the same report apart from timings", async () => {
      // The harness says nothing of its own; what the SDK logs comes through marked as the adapter's.
      expect(gate.stderr.split("\n").filter((line) => line !== "" && !line.startsWith("[adapter] "))).toEqual([]);
      expect(gate.code).toBe(0);
      expect(JSON.parse(gate.stdout).summary.expectedFailures).toBeGreaterThan(0);
      const second = await runPublished(published, "--expect", paths.knownFailures);
      expect(withoutTimings(second.stdout)).toBe(withoutTimings(gate.stdout));
    }, 300_000);

    it("has every failure explained by a finding, and every finding explaining one", () => {
      expect(verdict.explanation.unexplained).toEqual([]);
      expect(verdict.explanation.unused).toEqual([]);
    });

    it("has the known-failures file `npm run adapters` writes from this run", () => {
      expect(readFileSync(paths.knownFailures, "utf8")).toBe(knownFailuresText(verdict));
    });

    it("has the upstream reports `npm run adapters` writes from this run: one per finding, and nothing else", () => {
      const reports = upstreamReports(verdict, cases);
      expect([...reports.keys()].sort()).toEqual(verdict.findings.findings.map((finding) => `${finding.id}.md`).sort());
      expect(existsSync(paths.reports) ? readdirSync(paths.reports).sort() : []).toEqual([...reports.keys()].sort());
      for (const [name, text] of reports) expect(readFileSync(join(paths.reports, name), "utf8"), `adapters/reports/${stem}/${name}`).toBe(text);
    });

    it("has its column of adapters/README.md's table and its section below it as `npm run adapters` writes them", () => {
      const readme = readFileSync(README_PATH, "utf8");
      expect(readmeColumn(readme, PUBLISHED.length)).toEqual(readmeColumn(readme, PUBLISHED.length).map(() => "")); // one column per published runtime
      expect(readmeColumn(readme, index)).toEqual(verdictColumn(verdict));
      expect(readme).toContain(`\n${runtimeSection(verdict, cases).join("\n")}\n`);
    });

    it("is judged beside every other published runtime: a test file per runtime in test/adapters/published/", () => {
      const files = readdirSync(new URL("../adapters/published/", import.meta.url)).sort();
      expect(files).toEqual(PUBLISHED.map((entry) => `${entry.stem}.test.ts`).sort());
    });

    it("has, for every MUST requirement it breaks, a finding behind a failure of it with a standalone reproduction", () => {
      const uncovered = verdict.report.requirements
        .filter((requirement) => requirement.status === "broken" && requirement.level === "must")
        .filter((requirement) =>
          !verdict.results.some((result) =>
            result.failures.some((failure) => failure.requirement === requirement.id && findingsFor(verdict.findings.findings, result.id, failure).some((finding) => finding.repro !== undefined)),
          ),
        )
        .map((requirement) => requirement.id);
      expect(uncovered).toEqual([]);
    });

    it("has reproductions that use the SDK alone: its packages, at the versions installed here, and Node.js's own modules", () => {
      const scripts = reproductions([published]);
      expect(scripts.map((reproduction) => [reproduction.script, standaloneProblems(reproduction.script)])).toEqual(scripts.map((reproduction) => [reproduction.script, []]));
    });

    it("has its row of README.md's table of tested runtimes as `npm run adapters` writes it from the run and the findings: label, badge, what breaks", () => {
      const readme = readFileSync(ROOT_README_PATH, "utf8");
      const table = readme.slice(readme.indexOf(RUNTIMES_START), readme.indexOf(RUNTIMES_END)).split("\n").filter((line) => line.startsWith("| ") && !line.startsWith("| Runtime |"));
      expect(table).toHaveLength(PUBLISHED.length);
      expect(table[index]).toBe(runtimeRow(verdict));
    });
  });
}
