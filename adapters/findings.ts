// What a real runtime does that the suite reports, as its maintainers would want it told: each
// finding names the requirement(s) and checks it shows, the cases it shows in, where in the
// runtime's published code the behaviour comes from, and what a user should do about it.
// Every failure of a published adapter's run must be explained by a finding, and every finding
// must explain something (test/adapters/published.test.ts), so the files cannot drift.
import { z } from "zod";
import { parseYamlWith, readTextFile } from "../harness/loading/yaml-file.ts";
import type { CaseResult, Failure } from "../harness/running/results.ts";
import { UPSTREAM_REF } from "../harness/reporting/upstream-links.ts";

const Finding = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/),
  title: z.string().min(1),
  /** The failures it explains: a requirement, optionally only from one universal check, or only with a message containing `says`. */
  shows: z.array(z.strictObject({ requirement: z.string(), check: z.number().int().optional(), says: z.string().optional() })).default([]),
  /** It explains these cases erroring (the runtime crashed): only with `cases`. */
  errors: z.literal(true).optional(),
  /** Only in these cases; every case when absent. */
  cases: z.array(z.string()).min(1).optional(),
  /** Module and function in the runtime's published code. */
  where: z.string().min(1),
  /** The runtime's behaviour, in one or two sentences. */
  behaviour: z.string().min(1),
  /** What a user of the runtime should do about it. */
  advice: z.string().min(1),
  /**
   * Upstream issues and changes that concern it ("vercel/ai#21091"), each with what it is in a
   * few words: a maintainer triaging the finding starts there.
   */
  links: z.array(z.strictObject({ ref: z.string().regex(UPSTREAM_REF, 'an upstream issue or change as "owner/repository#number"'), says: z.string().min(1) })).min(1).optional(),
  /**
   * Its standalone reproduction: a script, from the runtime's folder (adapters/<stem>/), that uses
   * the SDK alone (adapters/repro.ts says what it must be and runs it).
   */
  repro: z.string().regex(/^(\.\.\/[a-z0-9-]+\/)?repro\/[a-z0-9-]+\.mjs$/, "a script of the folder's repro/ (or a sibling folder's: ../<runtime>/repro/<name>.mjs)").optional(),
});
export type Finding = z.infer<typeof Finding>;

const FindingsFile = z.strictObject({ runtime: z.string().min(1), findings: z.array(Finding).min(1) });
export type FindingsFile = z.infer<typeof FindingsFile>;

/** Reads a findings file; throws with "file:line:column: ..." messages (it is part of the repository, not user input). */
export function loadFindings(path: string, shown: string): FindingsFile {
  const read = readTextFile(path, "the findings file");
  if ("errors" in read) throw new Error(read.errors.join("\n"));
  const parsed = parseYamlWith(FindingsFile, shown, read.text);
  if ("errors" in parsed) throw new Error(parsed.errors.join("\n"));
  return parsed.data;
}

const inCase = (finding: Finding, caseId: string) => finding.cases === undefined || finding.cases.includes(caseId);

/** The findings that explain one failure of a case. */
export function findingsFor(findings: readonly Finding[], caseId: string, failure: Failure): Finding[] {
  return findings.filter(
    (finding) =>
      inCase(finding, caseId) &&
      finding.shows.some(
        (shown) => shown.requirement === failure.requirement && (shown.check === undefined || shown.check === failure.check) && (shown.says === undefined || failure.message.includes(shown.says)),
      ),
  );
}

export interface Explanation {
  /** The findings behind each failed or errored case, in file order. */
  byCase: Map<string, Finding[]>;
  /** Failures (or errored cases) no finding explains, as "case: requirement (check n): message". */
  unexplained: string[];
  /** Findings that explain nothing in this run. */
  unused: string[];
}

export function explain(results: readonly CaseResult[], findings: readonly Finding[]): Explanation {
  const byCase = new Map<string, Finding[]>();
  const unexplained: string[] = [];
  const used = new Set<string>();
  for (const result of results) {
    const behind = new Set<Finding>();
    if (result.status === "errored") {
      const crash = findings.filter((finding) => finding.errors && finding.cases?.includes(result.id));
      if (crash.length === 0) unexplained.push(`${result.id}: errored: ${result.reason}`);
      crash.forEach((finding) => behind.add(finding));
    }
    for (const failure of result.failures) {
      const explaining = findingsFor(findings, result.id, failure);
      if (explaining.length === 0) unexplained.push(`${result.id}: ${failure.requirement}${failure.check ? ` (check ${failure.check})` : ""}: ${failure.message}`);
      explaining.forEach((finding) => behind.add(finding));
    }
    if (behind.size > 0) byCase.set(result.id, findings.filter((finding) => behind.has(finding)));
    behind.forEach((finding) => used.add(finding.id));
  }
  return { byCase, unexplained, unused: findings.filter((finding) => !used.has(finding.id)).map((finding) => finding.id) };
}

/** A known-failures reason: each finding behind the case, with where it comes from. */
export const reasonOf = (findings: readonly Finding[]) => findings.map((finding) => `${finding.title}: ${finding.behaviour.trim()} (${finding.where})`).join(" ");
