// Reads case files: YAML syntax, then the case schema, then the cross-references the schema
// cannot express. Every problem is reported with file, line and what was expected.
import { readdirSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { packagePath } from "./package-root.ts";
import { CaseFile, isHandoffCall } from "./case-schema.ts";
import { crossReferenceProblems } from "./cross-references.ts";
import type { Family } from "./requirements.ts";
import { byCodeUnits } from "../values/order.ts";
import type { Capability } from "../adapter.ts";
import { locate, parseYamlFile, type ParsedYaml } from "./source-location.ts";
import { bundledCase } from "./built-in-bundle.ts";
import { parseYamlWith, readTextFile } from "./yaml-file.ts";

/** The suite's own cases. */
export const DEFAULT_CASES_DIR = packagePath("cases");


export interface LoadedCase extends CaseFile {
  family: Family;
  file: string;
  /** What an adapter must support to run this case, derived from its content. */
  capabilities: Capability[];
  source: ParsedYaml;
}

export interface CaseFileError {
  file: string;
  /** "file:line:column: what is wrong" */
  message: string;
}

export interface LoadResult {
  cases: LoadedCase[];
  errors: CaseFileError[];
}

/** Loads every *.yaml under the given files or folders, sorted by id. */
export function loadCases(paths: readonly string[]): LoadResult {
  return collectCases(caseFilesIn(paths).map(loadCaseFile));
}

/** The case files the paths name, each once: a folder and a file in it name the file twice. */
export const caseFilesIn = (paths: readonly string[]) => [...new Set(paths.flatMap(listCaseFiles))];

/** What loading one case file gave. */
export type LoadedFile = { case: LoadedCase } | { errors: CaseFileError[] };

/** The cases and errors of the files loaded, given in the order of the files: sorted by id, the first file with an id running. */
export function collectCases(loaded: readonly LoadedFile[]): LoadResult {
  const cases: LoadedCase[] = [];
  const errors: CaseFileError[] = [];
  for (const result of loaded) {
    if ("case" in result) cases.push(result.case);
    else errors.push(...result.errors);
  }
  // Two files with one id (possible when several folders are given): the first one runs.
  const byId = new Map<string, LoadedCase>();
  for (const loaded of cases) {
    const earlier = byId.get(loaded.id);
    if (earlier) errors.push({ file: loaded.file, message: `${locate(loaded.source, ["id"])}: id "${loaded.id}" is also used by ${relative(process.cwd(), earlier.file)}` });
    else byId.set(loaded.id, loaded);
  }
  const unique = [...byId.values()].sort((a, b) => byCodeUnits(a.id, b.id));
  return { cases: unique, errors };
}

/**
 * The case files a path names: the file itself, or every *.yaml / *.yml below a folder, sorted.
 * A link to a file counts as the file, under the link's name; links to folders are not followed
 * (the search does not recurse through them), so a link loop cannot make it endless. Anything
 * else so named (a FIFO, a device, a link to one) is listed, for loadCaseFile to refuse by name:
 * skipping it would drop a case without a word.
 */
export function listCaseFiles(path: string): string[] {
  const absolute = resolve(path);
  let stats;
  try {
    stats = statSync(absolute);
  } catch {
    return [absolute]; // reported as unreadable by loadCaseFile
  }
  if (!stats.isDirectory()) return [absolute];
  return readdirSync(absolute, { withFileTypes: true, recursive: true })
    .filter((entry) => /\.ya?ml$/.test(entry.name) && !(entry.isDirectory() || (entry.isSymbolicLink() && linksToFolder(join(entry.parentPath, entry.name)))))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** Whether a link leads to a folder; a link to nothing, or to itself, does not, to be reported as unreadable rather than skipped. */
function linksToFolder(link: string): boolean {
  try {
    return statSync(link).isDirectory();
  } catch {
    return false;
  }
}

export function loadCaseFile(file: string): LoadedFile {
  return loadedFile(file, checkCaseFile(file));
}

/**
 * A case file's checked data and its text, or its errors. The parsed source is not kept: a case
 * parses its text again if a message needs a place in it, so that a run of 10,000 cases does not
 * hold 10,000 syntax trees.
 */
export function checkCaseFile(file: string): CheckedFile {
  const read = readTextFile(file, "the file");
  if ("errors" in read) return { errors: read.errors.map((message) => ({ file, message })) };
  const bundled = bundledCase(file, read.text);
  if (bundled) return { data: bundled, text: read.text };
  const checked = checkCaseText(file, read.text);
  return "errors" in checked ? checked : { data: checked.data, text: read.text };
}

export type CheckedFile = { data: CaseFile; text: string } | { errors: CaseFileError[] };

/** The case checkCaseFile's data makes (in this thread or another), or its errors. */
export function loadedFile(file: string, checked: CheckedFile): LoadedFile {
  return "errors" in checked ? checked : { case: loadedCase(checked.data, file, () => parseYamlFile(shownName(file), checked.text)) };
}

/** Loads a case from its text; `file` names it in messages and fixes its expected id. */
export function loadCaseText(file: string, text: string): { case: LoadedCase } | { errors: CaseFileError[] } {
  const checked = checkCaseText(file, text);
  return "errors" in checked ? checked : { case: loadedCase(checked.data, file, checked.source) };
}

/** A case file's data, checked against the case format and the rules of cross-references.ts, with its parsed source. */
export function checkCaseText(file: string, text: string): { data: CaseFile; source: ParsedYaml } | { errors: CaseFileError[] } {
  const parsed = parseYamlWith(CaseFile, shownName(file), text);
  if ("errors" in parsed) return { errors: parsed.errors.map((message) => ({ file, message })) };
  const { data, source } = parsed;
  const problems = crossReferenceProblems(data, file);
  if (problems.length > 0) {
    return { errors: problems.map(({ path, message }) => ({ file, message: `${locate(source, path)}: ${message}` })) };
  }
  return { data, source };
}

const shownName = (file: string) => relative(process.cwd(), file) || file;

/**
 * A case from data that holds to the case format and the rules of cross-references.ts, as the
 * loader gives it. Its parsed source is only for messages, so it may come later: given as a
 * function, it is made on first use. It is not enumerable, so copies of a case (for a worker
 * thread) leave it behind.
 */
export function loadedCase(data: CaseFile, file: string, source: ParsedYaml | (() => ParsedYaml)): LoadedCase {
  const loaded = { ...data, family: data.id.split("/")[0] as Family, file, capabilities: capabilitiesOf(data) };
  let parsed = typeof source === "function" ? undefined : source;
  Object.defineProperty(loaded, "source", { enumerable: false, get: () => (parsed ??= (source as () => ParsedYaml)()) });
  return loaded as LoadedCase;
}

export function capabilitiesOf(data: CaseFile): Capability[] {
  const needs = new Set<Capability>();
  if (data.hooks?.length) needs.add("hooks");
  const suspends = data.policy.otherwise === "require_approval" || data.policy.rules.some((rule) => rule.decision === "require_approval");
  if (suspends || data.steps.some((step) => step.grant || step.resume)) needs.add("approval");
  if (data.steps.some((step) => step.resume)) needs.add("resume");
  if (data.steps.some((step) => Object.values(step.resume ?? {}).some((answer) => typeof answer === "object"))) needs.add("replay");
  if (data.steps.some((step) => (step.turn?.length ?? 0) > 1)) needs.add("batch");
  if (data.steps.some((step) => step.grant?.view === "requested")) needs.add("fingerprint");
  if (data.steps.some((step) => step.turn?.some((call) => isHandoffCall(data, call)))) needs.add("handoffs");
  if (data.steps.some((step) => step.redefine)) needs.add("tool-changes");
  return [...needs].sort();
}
