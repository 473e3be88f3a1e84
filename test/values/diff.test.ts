// Failure diffs (values/diff.ts): "- expected / + actual" headers, then the lines of both sides
// in canonical form, unchanged lines indented, so only a real difference is marked.
import { describe, expect, it } from "vitest";
import { jsonDiff, snapshotDiff } from "../../harness/values/diff.ts";
import { snapshot } from "../../harness/values/snapshot.ts";
import { byCodeUnits } from "../../harness/values/order.ts";

describe("a diff of two values", () => {
  it("marks only the member that differs, with both sides' keys in canonical order", () => {
    expect(jsonDiff({ b: 1, a: 2 }, { a: 2, b: 3 })).toBe(["- expected", "+ actual", "  {", '    "a": 2,', '-   "b": 1', '+   "b": 3', "  }"].join("\n"));
  });

  it("shows equal values with no marked line", () => {
    expect(jsonDiff({ a: [1] }, { a: [1] })).toBe(["- expected", "+ actual", "  {", '    "a": [', "      1", "    ]", "  }"].join("\n"));
  });

  it("takes labels for both sides", () => {
    expect(jsonDiff(1, 2, "parse output", "evaluated")).toBe(["- parse output", "+ evaluated", "- 1", "+ 2"].join("\n"));
  });

  it("prints a missing side as (nothing), and a value JSON cannot hold in the extended notation", () => {
    expect(snapshotDiff(undefined, snapshot({ a: 1 }))).toBe(["- expected", "+ actual", "- (nothing)", "+ {", '+   "a": 1', "+ }"].join("\n"));
    expect(snapshotDiff(snapshot({ a: 1 }), undefined)).toBe(["- expected", "+ actual", "- {", '-   "a": 1', "- }", "+ (nothing)"].join("\n"));
    expect(jsonDiff({ a: 1 }, { a: Number.NaN })).toBe(["- expected", "+ actual", "- {", '-   "a": 1', "- }", "+ {\"a\":NaN} (no JSON form)"].join("\n"));
  });

  it("prints an own __proto__ member like any other", () => {
    expect(jsonDiff(JSON.parse('{"__proto__": 1}'), JSON.parse('{"__proto__": 2}'))).toBe(["- expected", "+ actual", "  {", '-   "__proto__": 1', '+   "__proto__": 2', "  }"].join("\n"));
  });
});

describe("a diff of large values", () => {
  const huge = "x".repeat(16_000_000);

  it("leaves out the middle of a long string, saying how much, and still marks the member that differs", () => {
    const diff = jsonDiff({ path: "/tmp/a" }, { path: "/tmp/a", padding: huge });
    expect(diff).toBe(["- expected", "+ actual", "  {", `+   "padding": "${"x".repeat(150)}… 15,999,700 characters left out …${"x".repeat(150)}",`, '    "path": "/tmp/a"', "  }"].join("\n"));
  });

  it("tells two long strings apart by their ends, and never shows more than a few hundred characters of either", () => {
    const diff = jsonDiff(`a${huge}`, `b${huge}`);
    expect(diff.split("\n")).toEqual(["- expected", "+ actual", `- "a${"x".repeat(149)}… 15,999,701 characters left out …${"x".repeat(150)}"`, `+ "b${"x".repeat(149)}… 15,999,701 characters left out …${"x".repeat(150)}"`]);
  });

  it("leaves out the middle of a long value, and of the unchanged lines of a long diff, saying how many", () => {
    const list = Array.from({ length: 100_000 }, (_, index) => index);
    expect(jsonDiff({ list, mode: "a" }, { list, mode: "b" }).split("\n")).toEqual([
      "- expected",
      "+ actual",
      "  {",
      '    "list": [',
      "      0,",
      "  … 494 unchanged lines left out …",
      "      495,",
      "      496,",
      "      497,",
      // Not compared: the first and last 500 lines of each side are.
      "  … 99,005 lines left out …",
      "      99503,",
      "      99504,",
      "      99505,",
      "  … 492 unchanged lines left out …",
      "      99998,",
      "      99999",
      "    ],",
      '-   "mode": "a"',
      '+   "mode": "b"',
      "  }",
    ]);
  });

  it("shows at most 200 lines of a diff whose every line changed, keeping its ends", () => {
    const diff = jsonDiff(Array.from({ length: 2_000 }, (_, index) => `a${index}`), Array.from({ length: 2_000 }, (_, index) => `b${index}`)).split("\n");
    expect(diff).toHaveLength(203);
    expect(diff.slice(0, 5)).toEqual(["- expected", "+ actual", "  [", '-   "a0",', '-   "a1",']);
    expect(diff[102]).toBe("  … 1,799 lines left out …");
    expect(diff.slice(-3)).toEqual(['+   "b1998",', '+   "b1999"', "  ]"]);
  });

  it("leaves out the middle of a long line, and of a long value with no JSON form", () => {
    const deep = Array.from({ length: 1000 }).reduce<unknown>((inner) => [inner], "x");
    const lines = jsonDiff(deep, 1).split("\n");
    expect(Math.max(...lines.map((line) => line.length))).toBeLessThanOrEqual(2 + 500 + 40);
    const notation = jsonDiff(1, [NaN, huge]).split("\n");
    expect(notation).toEqual(["- expected", "+ actual", "- 1", `+ [NaN,"${"x".repeat(244)}… 15,999,508 characters left out …${"x".repeat(248)}"] (no JSON form)`]);
  });
});

describe("the order of ids and names", () => {
  it("is by UTF-16 code units, the same in every locale", () => {
    expect(["b", "B", "a", "é", "Z", "a"].sort(byCodeUnits)).toEqual(["B", "Z", "a", "a", "b", "é"]);
    expect(byCodeUnits("a", "a")).toBe(0);
    expect(byCodeUnits("a", "b")).toBe(-1);
    expect(byCodeUnits("b", "a")).toBe(1);
    expect(["\u{1F600}", "\uFFFF"].sort(byCodeUnits)).toEqual(["\u{1F600}", "\uFFFF"]);
  });
});
