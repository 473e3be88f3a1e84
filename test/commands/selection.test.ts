// Which cases a run selects (--filter, --level, --family), straight on the real cases: globs
// match ids exactly as written, repeated flags widen, different flags narrow.
import { describe, expect, it } from "vitest";
import { caseSelection } from "../../harness/commands/selection.ts";
import { DEFAULT_CASES_DIR, loadCases } from "../../harness/loading/loader.ts";

const { cases } = loadCases([DEFAULT_CASES_DIR]);
const selected = (values: Parameters<typeof caseSelection>[0]) => cases.filter((testCase) => caseSelection(values).selects(testCase)).map((testCase) => testCase.id);

describe("--filter", () => {
  it("matches ids case-sensitively, * crossing /", () => {
    expect(selected({ filter: ["matrix/defaults-visible"] })).toEqual(["matrix/defaults-visible"]);
    expect(selected({ filter: ["MATRIX/defaults-visible"] })).toEqual([]);
    expect(selected({ filter: ["*defaults-VISIBLE"] })).toEqual([]);
    expect(selected({ filter: ["*defaults-visible"] })).toEqual(["matrix/defaults-visible"]);
  });

  it("selects a case that any of several filters matches, and nothing for a filter that matches none", () => {
    expect(selected({ filter: ["matrix/defaults-visible", "nothing/*"] })).toEqual(["matrix/defaults-visible"]);
    expect(selected({ filter: ["nothing/*"] })).toEqual([]);
  });

  it("selects every case when no filter, level or family is given", () => {
    expect(selected({})).toHaveLength(cases.length);
    expect(selected({ filter: [], level: [], family: [] })).toHaveLength(cases.length);
  });
});
