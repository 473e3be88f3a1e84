// The harness's own matcher against JavaScript's engine: for patterns of the subset, which mean
// the same in every mainstream engine, the two agree on every string. Patterns and strings are
// drawn from a small alphabet so that matches are frequent; the run is seeded.
import fc from "fast-check";
import { describe, it } from "vitest";
import { patternMatcher } from "../../harness/vocabulary/pattern.ts";

const ALPHABET = ["a", "b", "/", "é", "😀"];

/** A pattern of the subset, as text: literals, escapes, classes, groups, alternation, every quantifier. */
const pattern: fc.Arbitrary<string> = fc.letrec<{ node: string; atom: string }>((tie) => ({
  atom: fc.oneof(
    { depthSize: "small", maxDepth: 3 },
    fc.constantFrom(...ALPHABET, "\\.", "\\/", "\\n"),
    fc.constantFrom("[ab]", "[^a]", "[a-c]", "[^/😀]", "[\\]\\-]", "[-a]"),
    tie("node").map((inner) => `(?:${inner})`),
    tie("node").map((inner) => `(${inner})`),
  ),
  node: fc
    .array(
      fc.tuple(tie("atom"), fc.constantFrom("", "", "*", "+", "?", "{2}", "{1,}", "{0,2}")).map(([atom, quantifier]) => atom + quantifier),
      { minLength: 1, maxLength: 3 },
    )
    .chain((items) => fc.constantFrom(items.join(""), items.join("|"))),
})).node;

const anchored = fc.tuple(fc.boolean(), pattern, fc.boolean()).map(([start, body, end]) => `${start ? "^" : ""}${body}${end ? "$" : ""}`);
const text = fc.array(fc.constantFrom(...ALPHABET, "\n"), { maxLength: 8 }).map((chars) => chars.join(""));

describe("the linear-time matcher", () => {
  it("agrees with JavaScript's engine (u flag) on patterns of the subset", () => {
    fc.assert(
      fc.property(anchored, fc.array(text, { minLength: 1, maxLength: 6 }), (source, strings) => {
        const ours = patternMatcher(source);
        const theirs = new RegExp(source, "u");
        for (const string of strings) {
          if (ours.test(string) !== theirs.test(string)) throw new Error(`${JSON.stringify(source)} on ${JSON.stringify(string)}: ours ${ours.test(string)}, JavaScript ${theirs.test(string)}`);
        }
      }),
      { seed: 1, numRuns: 2_000 },
    );
  });
});
