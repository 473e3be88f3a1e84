// Scores from Stryker's JSON reports (mutation-testing-report-schema), counted the way Stryker
// counts them: a mutant that does not compile is not in the score, nor is an ignored one: an
// equivalent mutant marked with a `// Stryker disable` comment and its reason, or a static
// mutant (code run once when a module loads, such as a schema built at the top of a file),
// which `ignoreStatic` leaves untested because each would need a fresh test process.
export type MutantStatus = "Killed" | "Survived" | "NoCoverage" | "Timeout" | "CompileError" | "RuntimeError" | "Ignored" | "Pending";

export interface ReportMutant {
  mutatorName: string;
  replacement?: string;
  status: MutantStatus;
  statusReason?: string;
  location: { start: { line: number; column: number }; end: { line: number; column: number } };
}

export interface MutationReport {
  files: Record<string, { source: string; mutants: ReportMutant[] }>;
}

export interface Tally {
  killed: number;
  survived: number;
  equivalent: number;
  static: number;
  invalid: number;
}

export function emptyTally(): Tally {
  return { killed: 0, survived: 0, equivalent: 0, static: 0, invalid: 0 };
}

export function tally(report: MutationReport, into: Tally = emptyTally()): Tally {
  for (const file of Object.values(report.files)) {
    for (const mutant of file.mutants) {
      if (mutant.status === "Killed" || mutant.status === "Timeout") into.killed++;
      else if (mutant.status === "Survived" || mutant.status === "NoCoverage") into.survived++;
      else if (mutant.status === "Ignored" && mutant.statusReason?.startsWith("Static")) into.static++;
      else if (mutant.status === "Ignored") into.equivalent++;
      else into.invalid++;
    }
  }
  return into;
}

/** Killed out of killed and survived, in percent (Stryker's mutation score). */
export function score(counts: Tally): number {
  const scored = counts.killed + counts.survived;
  return scored === 0 ? 100 : (100 * counts.killed) / scored;
}

/** One line per surviving mutant: where it is, what it changed, and to what. */
export function survivors(report: MutationReport): string[] {
  const lines: string[] = [];
  for (const [path, file] of Object.entries(report.files)) {
    const source = file.source.split("\n");
    for (const mutant of file.mutants) {
      if (mutant.status !== "Survived" && mutant.status !== "NoCoverage") continue;
      const { start, end } = mutant.location;
      const original = (source[start.line - 1] ?? "").slice(start.column - 1, start.line === end.line ? end.column - 1 : undefined);
      const shown = (text: string) => text.replace(/\s+/g, " ").slice(0, 80);
      lines.push(`${path}:${start.line}:${start.column} ${mutant.mutatorName}${mutant.status === "NoCoverage" ? " (no test covers it)" : ""}: ${shown(original)} => ${shown(mutant.replacement ?? "")}`);
    }
  }
  return lines;
}
