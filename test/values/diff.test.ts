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

describe("the order of ids and names", () => {
  it("is by UTF-16 code units, the same in every locale", () => {
    expect(["b", "B", "a", "é", "Z", "a"].sort(byCodeUnits)).toEqual(["B", "Z", "a", "a", "b", "é"]);
    expect(byCodeUnits("a", "a")).toBe(0);
    expect(byCodeUnits("a", "b")).toBe(-1);
    expect(byCodeUnits("b", "a")).toBe(1);
    expect(["\u{1F600}", "\uFFFF"].sort(byCodeUnits)).toEqual(["\u{1F600}", "\uFFFF"]);
  });
});
