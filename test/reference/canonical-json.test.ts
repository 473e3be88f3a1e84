// The reference's port of the canonicalize package (reference/canonical-json.ts) writes what the
// package writes, and throws where it throws, on generated values: JSON of every shape, Unicode
// member names in every order, numbers of every magnitude, and what JSON cannot hold.
import canonicalizePackage from "canonicalize";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalize } from "../../reference/canonical-json.ts";

/** The package's answer or its error message, and the port's, for comparison. */
const outcome = (write: (value: unknown) => string | undefined, value: unknown) => {
  try {
    return { text: write(value) };
  } catch (error) {
    return { error: (error as Error).message };
  }
};

const awkward = fc.constantFrom<unknown>(NaN, Infinity, -Infinity, -0, undefined, "\ud800", "a\udc00b", { toJSON: () => ({ b: 1, a: [2] }) }, new Date(0), [undefined, () => 1], { f: () => 1, u: undefined }, 1e21, 5e-324);
const value = fc.oneof(fc.jsonValue(), fc.dictionary(fc.string({ unit: "binary" }), fc.jsonValue({ maxDepth: 2 })), awkward, fc.array(awkward, { maxLength: 3 }));

describe("the reference's canonical JSON", () => {
  it("is the canonicalize package's, text for text and error for error", () => {
    fc.assert(
      fc.property(value, (generated) => {
        expect(outcome(canonicalize, generated)).toEqual(outcome(canonicalizePackage as (value: unknown) => string | undefined, generated));
      }),
      { seed: 1, numRuns: 2_000 },
    );
  });

  it("refuses a cycle, as the package does", () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(() => canonicalize(cycle)).toThrow("Circular reference detected");
  });
});
