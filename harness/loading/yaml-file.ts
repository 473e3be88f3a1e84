// Reading a YAML file against a zod schema, with every problem reported as
// "file:line:column: what is wrong" (case files, expectations files).
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import type { z } from "zod";
import { locate, at, parseYamlFile, type ParsedYaml } from "./source-location.ts";

/** The file's text, or a message naming it ("what" says what kind of file it is). */
export function readTextFile(path: string, what: string): { text: string } | { errors: string[] } {
  try {
    return { text: readFileSync(path, "utf8") };
  } catch (error) {
    const shown = relative(process.cwd(), path) || path;
    return { errors: [`${shown}: cannot read ${what} (${(error as NodeJS.ErrnoException).code ?? String(error)})`] };
  }
}

/** YAML syntax, then the schema; the data with its source (for locating later problems), or the errors. */
export function parseYamlWith<T>(schema: z.ZodType<T>, shown: string, text: string): { data: T; source: ParsedYaml } | { errors: string[] } {
  const source = parseYamlFile(shown, text);
  if (source.document.errors.length > 0) {
    return { errors: source.document.errors.map((error) => `${at(source, error.pos[0])}: YAML syntax: ${error.message.split("\n")[0]}`) };
  }
  const parsed = schema.safeParse(source.document.toJS());
  if (!parsed.success) return { errors: parsed.error.issues.flatMap((issue) => describeIssue(issue, source)) };
  return { data: parsed.data, source };
}

/** A schema problem as "file:line:column: path: what was expected" messages. */
export function describeIssue(issue: z.core.$ZodIssue, source: ParsedYaml): string[] {
  const where = (path: readonly PropertyKey[], options?: { key: boolean }) => `${locate(source, path, options)}: ${path.length ? path.join(".") : "(top level)"}`;
  if (issue.code === "unrecognized_keys") {
    // At the word itself, not at its value.
    return issue.keys.map((key) => `${where([...issue.path, key], { key: true })}: unknown word "${key}" here`);
  }
  const detail = issue.message.replace(/^(Invalid (input|option)|Too (small|big)): /, "").replace(/, received undefined$/, "");
  // The loader's own rules (custom issues) say in full what is wrong; zod's words say what was expected.
  const said = issue.code === "custom" || /^expected /.test(detail) ? detail : `expected ${detail}`;
  const absent = issue.path.length > 0 && !source.document.hasIn(issue.path as unknown[]);
  if (absent && (issue.code === "invalid_type" || issue.code === "invalid_value")) {
    return [`${where(issue.path)}: missing; ${said}`];
  }
  if (issue.code === "invalid_union" && issue.errors.length > 0) {
    // Report the branch that got furthest, rather than every branch's complaint.
    const best = issue.errors.reduce((a, b) => (a.length <= b.length ? a : b));
    return best.flatMap((inner) => describeIssue({ ...inner, path: [...issue.path, ...inner.path] } as z.core.$ZodIssue, source));
  }
  return [`${where(issue.path)}: ${said}`];
}
