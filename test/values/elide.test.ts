// Bounds on what messages and diffs show of a value (values/elide.ts): the middle of a long text
// is left out, and the text says how much, without cutting a character in half.
import { describe, expect, it } from "vitest";
import { elide, leftOut, quoted, shown } from "../../harness/values/elide.ts";

describe("eliding a text", () => {
  it("keeps a text of at most the maximum whole", () => {
    expect(elide("abcdef", 6)).toBe("abcdef");
    expect(shown(undefined)).toBe("undefined");
  });

  it("keeps the first and last halves of a longer one, saying how many characters were left out", () => {
    expect(elide("abcdefghij", 4)).toBe("ab… 6 characters left out …ij");
    expect(elide("abcdefghij", 5)).toBe("abc… 5 characters left out …ij");
    expect(elide("x".repeat(16_777_216), 300)).toBe(`${"x".repeat(150)}… 16,776,916 characters left out …${"x".repeat(150)}`);
  });

  it("never cuts a surrogate pair in half", () => {
    const emoji = "\u{1F600}"; // two UTF-16 code units
    expect(elide(`a${emoji}${"b".repeat(10)}${emoji}`, 4)).toBe(`a… 12 characters left out …${emoji}`);
    expect(elide(`${"a".repeat(10)}${emoji}b`, 4)).toBe("aa… 10 characters left out …b");
  });

  it("writes a long string as JSON, escapes and all, with its middle left out between the quotes", () => {
    expect(quoted("short \"one\"")).toBe('"short \\"one\\""');
    expect(quoted(`\n${"y".repeat(20)}"`, 4)).toBe('"\\ny… 18 characters left out …y\\""');
  });

  it("counts lines and unchanged lines too", () => {
    expect(leftOut(1_234_567, "lines")).toBe("… 1,234,567 lines left out …");
    expect(leftOut(12, "unchanged lines")).toBe("… 12 unchanged lines left out …");
  });
});
