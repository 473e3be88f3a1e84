// Reading a YAML file against a zod schema, with every problem reported as
// "file:line:column: what is wrong" (case files, expectations files).
import { relative } from "node:path";
import type { z } from "zod";
import { expectedWords } from "./issue-words.ts";
import { LineCounter } from "yaml";
import { locate, at, atInText, composeYamlFile, type ParsedYaml } from "./source-location.ts";
import { decodeUtf8 } from "./utf8.ts";
import { aliasProblem, readSyntaxTree } from "./yaml-limits.ts";
import { documentsProblem, keyProblem } from "./yaml-subset.ts";
import { fileErrorCode, readNamedFile } from "./named-paths.ts";

export { fileErrorCode } from "./named-paths.ts";

/** The file's text, or a message naming it ("what" says what kind of file it is); only a regular file, of at most MAX_FILE_BYTES, is read. */
export function readTextFile(path: string, what: string): { text: string } | { errors: string[] } {
  const shown = relative(process.cwd(), path) || path;
  let bytes: Buffer;
  try {
    bytes = readNamedFile(path);
  } catch (error) {
    return { errors: [`${shown}: cannot read ${what} (${fileErrorCode(error)})`] };
  }
  const { text, problem } = decodeUtf8(bytes, what);
  return problem ? { errors: [`${atInText(shown, text, problem.offset)}: ${problem.message}`] } : { text };
}

/** YAML syntax, then the schema; the data with its source (for locating later problems), or the errors. */
export function parseYamlWith<T>(schema: z.ZodType<T>, shown: string, text: string): { data: T; source: ParsedYaml } | { errors: string[] } {
  const read = readYaml(shown, text);
  if ("errors" in read) return read;
  const { source } = read;
  // aliasProblem has bounded what the aliases expand to, and said where; the library's own count
  // would throw, without a place, at the 101st use of one anchor.
  const parsed = schema.safeParse(source.document.toJS({ maxAliasCount: -1 }), { error: expectedWords });
  if (!parsed.success) return { errors: parsed.error.issues.flatMap((issue) => describeIssue(issue, source)) };
  return { data: parsed.data, source };
}

/** The document, or its syntax errors, or the bound of yaml-limits.ts or the rule of yaml-subset.ts it breaks. */
function readYaml(shown: string, text: string): { source: ParsedYaml } | { errors: string[] } {
  const lines = new LineCounter();
  const read = readSyntaxTree(text, lines.addNewLine);
  if ("problem" in read) return { errors: [`${atInText(shown, text, read.problem.offset)}: ${read.problem.message}`] };
  const documents = documentsProblem(read.tokens);
  if (documents) return { errors: [`${atInText(shown, text, documents.offset)}: ${documents.message}`] };
  const source = composeYamlFile(shown, text, read.tokens, lines);
  if (source.document.errors.length > 0) {
    return { errors: source.document.errors.map((error) => `${at(source, error.pos[0])}: YAML syntax: ${error.message.split("\n")[0]}`) };
  }
  const problem = keyProblem(source.document) ?? aliasProblem(source.document);
  return problem ? { errors: [`${at(source, problem.offset)}: ${problem.message}`] } : { source };
}

/** A schema problem as "file:line:column: path: what was expected" messages. */
export function describeIssue(issue: z.core.$ZodIssue, source: ParsedYaml): string[] {
  const where = (path: readonly PropertyKey[], options?: { key: boolean }) => `${locate(source, path, options)}: ${shownPath(path)}`;
  if (issue.code === "unrecognized_keys") {
    // At the word itself, not at its value.
    return issue.keys.map((key) => `${where([...issue.path, key], { key: true })}: unknown word "${key}" here`);
  }
  if (issue.code === "invalid_key") {
    // At the key, saying what a key of this mapping must be.
    const key = issue.path[issue.path.length - 1];
    return issue.issues.map((inner) => `${locate(source, issue.path, { key: true })}: ${shownPath(issue.path.slice(0, -1))}: key "${String(key)}": ${expectation(inner)}`);
  }
  if (issue.code === "invalid_union" && issue.errors.length > 0) {
    // Report the branch that got furthest, rather than every branch's complaint.
    const best = issue.errors.reduce((a, b) => (a.length <= b.length ? a : b));
    return best.flatMap((inner) => describeIssue({ ...inner, path: [...issue.path, ...inner.path] } as z.core.$ZodIssue, source));
  }
  const absent = issue.path.length > 0 && !source.document.hasIn(issue.path as unknown[]);
  if (absent && (issue.code === "invalid_type" || issue.code === "invalid_value")) {
    return [`${where(issue.path)}: missing; ${expectation(issue)}`];
  }
  return [`${where(issue.path)}: ${expectation(issue)}`];
}

const shownPath = (path: readonly PropertyKey[]) => (path.length ? path.join(".") : "(top level)");

/**
 * An issue's words: the loader's own rules (custom issues) say in full what is wrong; zod's, as
 * expectedWords puts them, and a schema's own words for a check (a noun) say what was expected.
 */
function expectation(issue: z.core.$ZodIssue): string {
  return issue.code === "custom" || issue.message.startsWith("expected ") ? issue.message : `expected ${issue.message}`;
}
