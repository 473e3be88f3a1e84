// zod's problems in plain words, each saying what was expected ("expected a whole number no
// larger than 9007199254740991", not "Too big: expected int to be <9007199254740991"). Given to
// safeParse as its error map, so a schema's own words (a regex's message) still come first.
import type { z } from "zod";

type RawIssue<Code extends z.core.$ZodIssue["code"]> = Extract<z.core.$ZodRawIssue, { code: Code }>;

export const expectedWords: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case "invalid_type":
      return typeWords(issue);
    case "too_big":
    case "too_small":
      return boundWords(issue);
    case "invalid_value":
      return `expected ${issue.values.length === 1 ? shown(issue.values[0]) : `one of ${issue.values.map(shown).join("|")}`}`;
    case "invalid_format":
      return issue.format === "regex" ? `expected a string matching ${issue.pattern}` : `expected a valid ${issue.format}`;
    case "not_multiple_of":
      return `expected a multiple of ${issue.divisor}`;
    // yaml-file.ts's describeIssue reports these by their parts; the words are for any other reader.
    case "unrecognized_keys":
      return `expected only known words, not ${issue.keys.map((key) => `"${key}"`).join(", ")}`;
    case "invalid_union":
      return "expected one of the forms allowed here";
    case "invalid_key":
      return "expected a valid key";
    case "invalid_element":
      return "expected a valid member";
    case "custom":
      return "expected a valid value";
  }
};

function typeWords({ expected, input }: RawIssue<"invalid_type">): string {
  const noun = expected === "int" ? "a whole number" : expected;
  if (input === undefined) return `expected ${noun}`; // said as missing
  if (typeof input !== "number" || (expected !== "number" && expected !== "int")) return `expected ${noun}, received ${kindOf(input)}`;
  // A number zod refuses: a fraction where a whole number goes, NaN (.nan), or Infinity (.inf, and 1e400: past what a double holds).
  const outOfRange = Math.abs(input) === Infinity ? " (out of range)" : "";
  return `expected ${expected === "int" ? noun : "a finite number"}, received ${input}${outOfRange}`;
}

/** The kind of value zod names in "received ...". */
const kindOf = (value: unknown) => (value === null ? "null" : Array.isArray(value) ? "array" : Number.isNaN(value) ? "NaN" : typeof value);

/** How the bound of a size is counted, for the origins that have one. */
const SIZES: Record<string, { noun: string; unit: string }> = {
  string: { noun: "a string", unit: "character" },
  array: { noun: "a list", unit: "item" },
  set: { noun: "a set", unit: "item" },
  file: { noun: "a file", unit: "byte" },
};

function boundWords(issue: RawIssue<"too_big"> | RawIssue<"too_small">): string {
  const big = issue.code === "too_big";
  const bound = big ? issue.maximum : issue.minimum;
  // zod leaves `inclusive` out for the safe-integer range, whose ends are allowed.
  const inclusive = issue.inclusive !== false;
  const size = SIZES[issue.origin];
  if (size) {
    const how = issue.exact ? "exactly" : big ? (inclusive ? "at most" : "fewer than") : inclusive ? "at least" : "more than";
    return `expected ${size.noun} of ${how} ${bound} ${size.unit}${Number(bound) === 1 ? "" : "s"}`;
  }
  const noun = issue.origin === "int" || issue.origin === "bigint" ? "a whole number" : issue.origin === "number" ? "a number" : `a ${issue.origin}`;
  const how = big ? (inclusive ? "no larger than" : "smaller than") : inclusive ? "no smaller than" : "larger than";
  return `expected ${noun} ${how} ${bound}`;
}

const shown = (value: unknown) => (typeof value === "string" ? JSON.stringify(value) : String(value));
