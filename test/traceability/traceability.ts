// Traceability from RFC-0015's normative statements (spec/traceability.yaml) to the requirements
// that hold them and the cases that test those requirements. `npm run traceability` writes the
// table to spec/traceability.md; test/traceability/traceability.test.ts checks that file and
// that statements, requirements and cases cover each other.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";
import { z } from "zod";
import { DEFAULT_CASES_DIR, loadCases } from "../../harness/loading/loader.ts";
import { REQUIREMENTS, type Requirement } from "../../harness/loading/requirements.ts";

export const TRACEABILITY_PATH = fileURLToPath(new URL("../../spec/traceability.yaml", import.meta.url));
export const TABLE_PATH = fileURLToPath(new URL("../../spec/traceability.md", import.meta.url));
export const TRACEABILITY_COMMAND = "npm run traceability";

/** RFC-0015's sections that hold normative statements, in the RFC's order. */
export const SECTIONS = [
  "Decision",
  "Argument Views",
  "Validation Failures",
  "Proposal Hash And Approval",
  "Mutation Detection",
  "Compatibility And Migration",
  "Minimal Test Matrix",
] as const;

const Statement = z.strictObject({
  id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "expected a lower-case id such as invariant-1"),
  section: z.enum(SECTIONS),
  statement: z.string().trim().min(1),
  // An empty list is read, so that problems() can name the statement.
  requirements: z.array(z.string()),
});
export type Statement = z.infer<typeof Statement>;

const NotNormative = z.strictObject({
  statement: z.string().trim().min(1),
  why: z.string().trim().min(1),
});

const TraceabilityFile = z.strictObject({
  statements: z.array(Statement),
  notNormative: z.array(NotNormative),
});
export type Traceability = z.infer<typeof TraceabilityFile>;

/** The entry an issue's path points into, named by its id where it has one: `statements[3] (views-raw)`. */
function entryOf(data: unknown, path: readonly PropertyKey[]): { entry: string; rest: readonly PropertyKey[] } | undefined {
  const [list, index, ...rest] = path;
  if ((list !== "statements" && list !== "notNormative") || typeof index !== "number") return undefined;
  const item = (data as Record<string, unknown[]>)[list]?.[index];
  const id = item && typeof item === "object" && typeof (item as { id?: unknown }).id === "string" ? ` (${(item as { id: string }).id})` : "";
  return { entry: `${list}[${index}]${id}`, rest };
}

/** The traceability document in `text` (read from `path`); a broken one throws, naming the file and the entry. */
export function parseTraceability(text: string, path: string): Traceability {
  let data: unknown;
  try {
    data = parse(text);
  } catch (error) {
    throw new Error(`${path}: ${(error as Error).message}`);
  }
  const parsed = TraceabilityFile.safeParse(data);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const at = entryOf(data, issue.path);
  const where = at ? [at.entry, ...(at.rest.length ? [at.rest.join(".")] : [])].join(": ") : issue.path.join(".") || "(top level)";
  throw new Error(`${path}: ${where}: ${issue.message}`);
}

export function loadTraceability(path: string = TRACEABILITY_PATH): Traceability {
  return parseTraceability(readFileSync(path, "utf8"), path);
}

/** What the table needs of a case. */
export interface TracedCase {
  id: string;
  requirements: readonly string[];
}

/** The suite's own cases; a case that does not load makes the table meaningless, so it throws. */
export function builtInCases(): TracedCase[] {
  const { cases, errors } = loadCases([DEFAULT_CASES_DIR]);
  if (errors.length) throw new Error(`the built-in cases do not load:\n${errors.map((error) => error.message).join("\n")}`);
  return cases.map(({ id, requirements }) => ({ id, requirements }));
}

/**
 * Everything that keeps statements, requirements and cases from covering each other, one line
 * each: per statement (in file order) one that cites no requirement, an unknown or retired
 * requirement, or an id another statement already has; then per live requirement (in catalogue
 * order) a MUST that no case lists, and one that no statement cites.
 */
export function problems(traceability: Traceability, catalogue: ReadonlyMap<string, Requirement>, cases: readonly TracedCase[]): string[] {
  const found: string[] = [];
  const seen = new Set<string>();
  for (const { id, requirements } of traceability.statements) {
    if (seen.has(id)) found.push(`statement ${id}: the id is used by an earlier statement`);
    seen.add(id);
    if (requirements.length === 0) found.push(`statement ${id}: cites no requirement`);
    for (const requirement of requirements) {
      const known = catalogue.get(requirement);
      if (!known) found.push(`statement ${id}: cites ${requirement}, which is not in the catalogue`);
      else if (known.retired) found.push(`statement ${id}: cites ${requirement}, which is retired`);
    }
  }
  const cited = new Set(traceability.statements.flatMap((statement) => statement.requirements));
  const listed = new Set(cases.flatMap((testCase) => testCase.requirements));
  for (const requirement of catalogue.values()) {
    if (requirement.retired) continue;
    if (requirement.level === "must" && !listed.has(requirement.id)) found.push(`${requirement.id}: a MUST requirement that no case lists`);
    if (!cited.has(requirement.id)) found.push(`${requirement.id}: no statement cites it`);
  }
  return found;
}

export interface TracedRequirement {
  id: string;
  /** Undefined for an id the catalogue does not have (problems() names it). */
  level: "must" | "should" | undefined;
}

export interface TracedStatement extends Statement {
  requirements: string[];
  levels: TracedRequirement[];
  /** Ids of the cases that list any of the statement's requirements, sorted. */
  cases: string[];
}

export interface Table {
  statements: TracedStatement[];
  notNormative: Traceability["notNormative"];
}

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** For each statement, its requirements with their levels and the cases that list any of them. */
export function traceTable(traceability: Traceability, catalogue: ReadonlyMap<string, Requirement>, cases: readonly TracedCase[]): Table {
  return {
    statements: traceability.statements.map((statement) => ({
      ...statement,
      levels: statement.requirements.map((id) => ({ id, level: catalogue.get(id)?.level })),
      cases: cases
        .filter((testCase) => testCase.requirements.some((requirement) => statement.requirements.includes(requirement)))
        .map((testCase) => testCase.id)
        .sort(byCodeUnits),
    })),
    notNormative: traceability.notNormative,
  };
}

/** The table of spec/traceability.yaml, the catalogue and the built-in cases. */
export function computeTable(): Table {
  return traceTable(loadTraceability(), REQUIREMENTS, builtInCases());
}

/** The problems of spec/traceability.yaml, the catalogue and the built-in cases. */
export function builtInProblems(): string[] {
  return problems(loadTraceability(), REQUIREMENTS, builtInCases());
}

const cell = (text: string) => text.replace(/\s+/g, " ").trim().replace(/[|*_\\]/g, (char) => `\\${char}`);
const levelWord = (level: TracedRequirement["level"]) => (level ? level.toUpperCase() : "unknown");

export function renderTable(table: Table): string {
  const sections = SECTIONS.flatMap((section) => {
    const rows = table.statements.filter((statement) => statement.section === section);
    if (rows.length === 0) return [];
    return [
      `## ${section}`,
      "",
      "| Statement | What RFC-0015 requires (paraphrased) | Requirements | Cases |",
      "|---|---|---|---|",
      ...rows.map(({ id, statement, levels, cases }) => {
        const requirements = levels.map(({ id, level }) => `${id} (${levelWord(level)})`).join(", ");
        const links = cases.length ? cases.map((caseId) => `[${caseId}](../cases/${caseId}.yaml)`).join(", ") : "none";
        return `| \`${id}\` | ${cell(statement)} | ${requirements} | ${links} |`;
      }),
      "",
    ];
  });
  const cited = new Set(table.statements.flatMap((statement) => statement.requirements));
  return [
    `_Generated by \`${TRACEABILITY_COMMAND}\` (test/traceability/write-table.ts) from spec/traceability.yaml, spec/requirements.yaml and cases/; do not edit by hand._`,
    "",
    "# RFC-0015 traceability",
    "",
    "This table follows RFC-0015 (\"Effective Tool Argument Authorization\") section by section. Each row is one",
    "normative statement of the RFC, put in this project's words, with the requirements of",
    "[requirements.yaml](requirements.yaml) that hold it and the cases that list any of those requirements. It is",
    `written by \`${TRACEABILITY_COMMAND}\` from [traceability.yaml](traceability.yaml), the requirement catalogue and`,
    "the cases under `cases/`; `test/traceability/traceability.test.ts` fails when this file is stale, when a",
    "statement cites no requirement or an unknown or retired one, when a live requirement is cited by no statement,",
    "or when a live MUST requirement is listed by no case. A SHOULD requirement that hardens a statement rather than",
    "restating it is listed with the statement it hardens.",
    "",
    `${table.statements.length} statements; ${cited.size} requirements cited.`,
    "",
    ...sections,
    "## Not normative",
    "",
    "What RFC-0015 says that this suite does not read as a requirement on a runtime, and why.",
    "",
    "| Statement | Why not a requirement |",
    "|---|---|",
    ...table.notNormative.map(({ statement, why }) => `| ${cell(statement)} | ${cell(why)} |`),
    "",
  ].join("\n");
}
