// The published verdicts of the real runtimes (adapters/): each adapter passes the CI gate with
// its known-failures file, its runs are deterministic, every failure is explained by a finding
// of its findings file (and every finding by some failure), and the committed known-failures
// files, upstream reports (adapters/reports/) and adapters/README.md are what `npm run adapters`
// writes from today's runs. A new SDK version that changes behaviour fails here until its
// findings are read and updated.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_CASES_DIR, loadCases } from "../../harness/loading/loader.ts";
import { knownFailuresText, pathsOf, PUBLISHED, README_PATH, readmeWith, runPublished, upstreamReports, verdictOf, verdictsMarkdown, type PublishedRun, type Verdict } from "../../adapters/published.ts";
import { withoutTimings } from "../support/timings.ts";

const { cases } = loadCases([DEFAULT_CASES_DIR]);
const verdicts = new Map<string, Verdict>();
// Each adapter's CI-gate run (--expect its known-failures file): the verdicts below are read from its report.
const gateRuns = new Map<string, PublishedRun>();

// Every SDK over every case: on a busy machine this outlasts vitest's 10 s for a hook.
beforeAll(async () => {
  for (const published of PUBLISHED) {
    const run = await runPublished(published, "--expect", pathsOf(published.stem).knownFailures);
    gateRuns.set(published.stem, run);
    verdicts.set(published.stem, verdictOf(published, run));
  }
}, 300_000);

describe.each(PUBLISHED)("$module", (published) => {
  const { stem } = published;
  const paths = pathsOf(stem);

  it("passes the CI gate with --expect its known-failures file, and two runs give the same report apart from timings", async () => {
    const first = gateRuns.get(stem)!;
    const second = await runPublished(published, "--expect", paths.knownFailures);
    // The harness says nothing of its own; what the SDK logs comes through marked as the adapter's.
    expect(first.stderr.split("\n").filter((line) => line !== "" && !line.startsWith("[adapter] "))).toEqual([]);
    expect(first.code).toBe(0);
    expect(JSON.parse(first.stdout).summary.expectedFailures).toBeGreaterThan(0);
    expect(withoutTimings(second.stdout)).toBe(withoutTimings(first.stdout));
  });

  it("has every failure explained by a finding, and every finding explaining one", () => {
    const { unexplained, unused } = verdicts.get(stem)!.explanation;
    expect(unexplained).toEqual([]);
    expect(unused).toEqual([]);
  });

  it("has the known-failures file `npm run adapters` writes from this run", () => {
    expect(readFileSync(paths.knownFailures, "utf8")).toBe(knownFailuresText(verdicts.get(stem)!));
  });

  it("has the upstream reports `npm run adapters` writes from this run: one per finding, and nothing else", () => {
    const verdict = verdicts.get(stem)!;
    const reports = upstreamReports(verdict, cases);
    expect([...reports.keys()].sort()).toEqual(verdict.findings.findings.map((finding) => `${finding.id}.md`).sort());
    expect(existsSync(paths.reports) ? readdirSync(paths.reports).sort() : []).toEqual([...reports.keys()].sort());
    for (const [name, text] of reports) expect(readFileSync(join(paths.reports, name), "utf8"), `adapters/reports/${stem}/${name}`).toBe(text);
  });
});

describe("README.md, Tested runtimes", () => {
  it("shows each runtime's badge as its run gives it", () => {
    const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
    for (const verdict of verdicts.values()) expect(readme).toContain(`| ${verdict.report.summary.badge} |`);
  });
});

describe("adapters/README.md", () => {
  it("shows the verdicts `npm run adapters` writes from these runs", () => {
    const readme = readFileSync(README_PATH, "utf8");
    expect(readme).toBe(readmeWith(readme, verdictsMarkdown([...verdicts.values()], cases)));
  });
});
