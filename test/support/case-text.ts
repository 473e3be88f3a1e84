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

/**
 * A valid case for the loader's tests, read as cases/matrix/sample.yaml: line 10 holds the node
 * "p", line 13 the rule's condition, line 18 the first step's call, line 20 its expectation.
 */
export const SAMPLE_CASE = `id: matrix/sample
title: A valid case
level: must
requirements: [MATRIX-1, MATRIX-2]
tools:
  t:
    schema:
      type: object
      properties:
        p: { type: string }
policy:
  rules:
    - when: { pointer: /p, equals: x }
      decision: deny
  otherwise: allow
steps:
  - turn:
      - { id: c1, tool: t, arguments: '{}' }
    expect:
      c1: { outcome: executed }
`;
