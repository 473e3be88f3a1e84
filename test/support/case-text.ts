// Case files written as text for the loader's tests: what loading one reports, and a valid
// case with one piece changed.
import { expect } from "vitest";
import { loadCaseText } from "../../harness/loading/loader.ts";

/** The problems the loader reports for `text` read as `file`, or "loads" when there is none. */
export function loadProblems(file: string, text: string): string[] | "loads" {
  const result = loadCaseText(file, text);
  return "errors" in result ? result.errors.map((error) => error.message) : "loads";
}

/** `text` with `from` replaced by `to`; the test fails when `from` is not in it. */
export function replaced(text: string, from: string, to: string): string {
  expect(text).toContain(from);
  return text.replace(from, to);
}
