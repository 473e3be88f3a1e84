// Pins the edges of the "matches" pattern subset: repeat-count limits, where "^" "$" "/" and "\-" may
// stand, class corner cases, quantifier stacking, exact error messages, and the compiled RegExp.
import { describe, expect, it } from "vitest";
import { checkPattern, MAX_STATES, PatternError, patternMatcher } from "../../harness/vocabulary/pattern.ts";

/** The exact message checkPattern throws for `source` (the test fails if it throws nothing else). */
function rejection(source: string): string {
  try {
    checkPattern(source);
  } catch (error) {
    expect(error).toBeInstanceOf(PatternError);
    return (error as PatternError).message;
  }
  throw new Error(`${JSON.stringify(source)} was accepted`);
}

/** Checks that `source` is accepted and its RegExp matches exactly as listed. */
function accepts(source: string, matching: string[], notMatching: string[]): void {
  expect(() => checkPattern(source)).not.toThrow();
  const regexp = patternMatcher(source);
  for (const text of matching) expect(regexp.test(text), `${source} should match ${JSON.stringify(text)}`).toBe(true);
  for (const text of notMatching) expect(regexp.test(text), `${source} should not match ${JSON.stringify(text)}`).toBe(false);
}

const ESCAPE_MESSAGE = "is not in the subset (\\d, \\w, \\s, \\b and other escapes differ between engines); write a class such as [0-9] or [ \\t]";

describe("repetition counts", () => {
  it("accepts a count of exactly the limit, as a single count, a lower bound or an upper bound", () => {
    accepts("^a{1000}$", ["a".repeat(1000)], ["a".repeat(999), "a".repeat(1001)]);
    accepts("^a{1000,}$", ["a".repeat(1000), "a".repeat(1500)], ["a".repeat(999)]);
    accepts("^a{1,1000}$", ["a", "a".repeat(1000)], ["", "a".repeat(1001)]);
  });

  it("refuses a repeat count above the limit, on either bound", () => {
    expect(rejection("a{1001}")).toBe("at character 2: repetition counts are at most 1000");
    expect(rejection("a{1001,}")).toBe("at character 2: repetition counts are at most 1000");
    expect(rejection("a{1,1001}")).toBe("at character 2: repetition counts are at most 1000");
    expect(rejection("xa{2,1001}")).toBe("at character 3: repetition counts are at most 1000");
  });

  it("accepts an open upper bound {n,} as n or more", () => {
    accepts("^a{2,}$", ["aa", "aaaa"], ["a", ""]);
    accepts("^b{0,}c$", ["c", "bbc"], ["bb"]);
  });

  it("accepts an equal lower and upper bound", () => {
    accepts("^a{3,3}$", ["aaa"], ["aa", "aaaa"]);
  });

  it("refuses a count with no number in it", () => {
    expect(rejection("a{}")).toBe("at character 3: expected a number");
    expect(rejection("a{,3}")).toBe("at character 3: expected a number");
    expect(rejection("a{2,x}")).toBe("at character 5: expected a number");
  });

  it("refuses a count that is not closed by a number's end", () => {
    expect(rejection("a{2")).toBe('at character 4: expected "}"');
  });
});

describe("quantifiers", () => {
  it('accepts "?" as an optional atom', () => {
    accepts("^colou?r$", ["color", "colour"], ["colouur", "colr"]);
  });

  it("refuses a possessive quantifier after any quantifier, with its own message", () => {
    expect(rejection("a++")).toBe("at character 3: lazy and possessive quantifiers are not in the subset");
    expect(rejection("a{2}+")).toBe("at character 5: lazy and possessive quantifiers are not in the subset");
    expect(rejection("a*?")).toBe("at character 3: lazy and possessive quantifiers are not in the subset");
  });

  it('refuses a counted quantifier or "*" right after a quantifier', () => {
    expect(rejection("a*{2}")).toBe("at character 3: a quantifier cannot follow a quantifier");
    expect(rejection("a?{2}")).toBe("at character 3: a quantifier cannot follow a quantifier");
    expect(rejection("a{2}*")).toBe("at character 5: a quantifier cannot follow a quantifier");
  });
});

describe("anchors", () => {
  it('refuses "$" at the very end of a group, since only the pattern may end with it', () => {
    expect(rejection("(a$")).toBe('at character 3: "$" may only end the pattern');
    expect(rejection("(?:a|b$)")).toBe('at character 7: "$" may only end the pattern');
  });

  it('accepts "$" ending the pattern after a group or alternation', () => {
    accepts("^(?:a|b)$", ["a", "b"], ["ab", "ba", "a\n"]);
    accepts("a|b$", ["a", "xa", "xb"], ["bx", "c"]);
  });
});

describe("escapes and literals", () => {
  it('accepts "/" unescaped as itself', () => {
    accepts("^/etc/passwd$", ["/etc/passwd"], ["/etc/passwdx", "etc/passwd"]);
  });

  it('accepts "\\/" as "/"', () => {
    accepts("^a\\/b$", ["a/b"], ["ab"]);
  });

  it('refuses "\\-" outside a class', () => {
    expect(rejection("a\\-")).toBe(`at character 3: "\\-" ${ESCAPE_MESSAGE}`);
  });

  it("refuses inside a class the escapes it refuses outside, except \\-", () => {
    expect(rejection("[\\d]")).toBe(`at character 3: "\\d" ${ESCAPE_MESSAGE}`);
    expect(rejection("[a\\w]")).toBe(`at character 4: "\\w" ${ESCAPE_MESSAGE}`);
    accepts("^[a\\-]+$", ["a-a"], ["b"]);
  });

  it("reads \\n, \\r and \\t as control characters, in and out of a class", () => {
    accepts("^a\\tb$", ["a\tb"], ["atb", "a b"]);
    accepts("^[\\n\\r]+$", ["\r\n"], ["nr", ""]);
  });
});

describe("classes", () => {
  it("refuses a negated class with nothing in it", () => {
    expect(rejection("[^]")).toBe("at character 3: an empty class matches nothing");
  });

  it('reads a "^" that begins a class as negation, and a later "^" as itself', () => {
    accepts("^[^a]$", ["b", "^"], ["a"]);
    accepts("^[a^]+$", ["a^a"], ["b"]);
    accepts("^[\\^]$", ["^"], ["a"]);
  });

  it("refuses a class that is not closed, at the end of the pattern", () => {
    expect(rejection("[a")).toBe('at character 3: a class "[" is not closed');
    expect(rejection("x[^ab")).toBe('at character 6: a class "[" is not closed');
    expect(rejection("[")).toBe('at character 2: a class "[" is not closed');
    expect(rejection("[a-")).toBe('at character 4: a class "[" is not closed');
    expect(rejection("x[\\--")).toBe('at character 6: a class "[" is not closed');
  });

  it('reads a "-" last in a class as itself, not as a range', () => {
    accepts("^[a-]+$", ["a-a", "-"], ["b"]);
    accepts("^[+-]$", ["+", "-"], [","]);
  });

  it('reads a "-" between two atoms as a range even when the next one is "]" escaped', () => {
    accepts("^[+-\\]]$", ["+", "A", "]"], ["-x", "^"]);
  });

  it("accepts a one-character range", () => {
    accepts("^[a-a]$", ["a"], ["b"]);
    accepts("^[x-xa-c]+$", ["xabc"], ["d"]);
  });

  it("refuses a range that counts down, naming it", () => {
    expect(rejection("[b-a]")).toBe("at character 2: the range b-a counts down");
  });

  it("refuses a doubled & | ~ or - inside a class, which engines with class set operations read otherwise", () => {
    expect(rejection("[a&&b]")).toBe('at character 3: "&&" inside a class is a set operation in some engines; a class needs each character once: write one "&"');
    expect(rejection("[||]")).toMatch(/^at character 2: "\|\|" inside a class/);
    expect(rejection("[~~]")).toMatch(/^at character 2: "~~" inside a class/);
    expect(rejection("[a--z]")).toBe('at character 3: "--" inside a class is a set operation in some engines; write a "-" that stands for itself as "\\-"');
    accepts("^[a&b]$", ["&", "a"], ["c"]);
    accepts("^[a\\-\\-b]$", ["-"], ["c"]);
    accepts("^[a-c-e]$", ["b", "-", "e"], ["d"]);
  });

  it('refuses an unescaped "[" inside a class, with its own message', () => {
    expect(rejection("[[]")).toBe('at character 2: "[" must be escaped inside a class');
    expect(rejection("[a[]")).toBe('at character 3: "[" must be escaped inside a class');
    accepts("^[\\[]$", ["["], ["a"]);
  });
});

describe("messages at the top level", () => {
  it('names an unmatched ")"', () => {
    expect(rejection("a)b")).toBe('at character 2: unmatched ")"');
    expect(rejection("(a))")).toBe('at character 4: unmatched ")"');
  });
});

describe("the matcher", () => {
  it("compiles a source once and returns the same matcher for it", () => {
    const first = patternMatcher("^cache[0-9]$");
    expect(patternMatcher("^cache[0-9]$")).toBe(first);
  });

  it("reads the pattern and the string by code point", () => {
    const matcher = patternMatcher("^[😀]$");
    expect(matcher.test("😀")).toBe(true);
    expect(matcher.test("\ud83d")).toBe(false);
    accepts("^😀{2}$", ["😀😀"], ["😀", "😀\ude00"]);
  });

  it("runs in time linear in the string: patterns that make a backtracking engine take for ever answer at once", () => {
    // A backtracking engine tries 2^34 ways to split the a's before it fails; these finish in microseconds.
    expect(patternMatcher("^(a+)+$").test(`${"a".repeat(34)}!`)).toBe(false);
    expect(patternMatcher("^(a|aa)*$").test(`${"a".repeat(5000)}!`)).toBe(false);
    expect(patternMatcher("(x+x+)+y").test("x".repeat(5000))).toBe(false);
    expect(patternMatcher("^(a+)+$").test("a".repeat(100_000))).toBe(true);
  });

  it("refuses a pattern whose counts expand past the most states it may have", () => {
    expect(rejection("(?:a{1000}){1000}")).toBe(`at character 1: the pattern is too large to run once its repetition counts are expanded (more than ${MAX_STATES} states); use smaller counts`);
    expect(() => checkPattern("(?:a{100}){100}")).not.toThrow();
  });
});
