// The bounded line splitter (running/stdio/lines.ts) that reads an adapter's stdout: lines
// whatever the chunks, bytes counted per line, and nothing kept past a line that is too long.
import { describe, expect, it } from "vitest";
import { LineSplitter } from "../../harness/running/stdio/lines.ts";

/** Feeds the chunks to a splitter with the limit; the lines it gave and how many times it refused. */
function split(maxBytes: number, chunks: (string | Buffer)[], end = false): { lines: string[]; refused: number } {
  const seen = { lines: [] as string[], refused: 0 };
  const splitter = new LineSplitter(maxBytes, (line) => seen.lines.push(line), () => (seen.refused += 1));
  for (const chunk of chunks) splitter.push(Buffer.from(chunk));
  if (end) splitter.end();
  return seen;
}

describe("the line splitter", () => {
  it("joins a line cut across chunks, keeps empty lines, and takes \\r\\n as a line end", () => {
    expect(split(100, ['{"a":', '1}\n\n{"b"', ":2}\r\nrest"])).toEqual({ lines: ['{"a":1}', "", '{"b":2}'], refused: 0 });
  });

  it("decodes a character whose bytes two chunks share", () => {
    const bytes = Buffer.from("é\n");
    expect(split(100, [bytes.subarray(0, 1), bytes.subarray(1)])).toEqual({ lines: ["é"], refused: 0 });
  });

  it("gives the last line without its newline when the stream ends, and nothing for an empty end", () => {
    expect(split(100, ["a\nb"], true)).toEqual({ lines: ["a", "b"], refused: 0 });
    expect(split(100, ["a\n"], true)).toEqual({ lines: ["a"], refused: 0 });
  });

  it("counts each line's bytes on their own: many lines at the limit pass", () => {
    expect(split(3, ["abc\nabc\n", "ab", "c\n"])).toEqual({ lines: ["abc", "abc", "abc"], refused: 0 });
  });

  it("refuses a line one byte over the limit, however it is cut, once, and ignores all after it", () => {
    expect(split(3, ["ab\nab", "cd", "\nshort\n"], true)).toEqual({ lines: ["ab"], refused: 1 });
    expect(split(3, ["éé\n"])).toEqual({ lines: [], refused: 1 });
  });
});
