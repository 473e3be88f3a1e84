// Readable "- expected / + actual" diffs of JSON values, for failure messages. Both sides are
// printed from their canonical form (sorted keys), so only real differences show, and an own
// "__proto__" member prints like any other. A diff is bounded whatever the values (a reply may
// carry 16 MB in one string): long strings and lines lose their middle, and so do long values
// (before they are compared, which would take time and memory in proportion to them) and long
// diffs, each saying how much was left out.
import { diffLines } from "diff";
import { elide, leftOut, quoted, SHOWN_VALUE_CHARACTERS } from "./elide.ts";
import { stringEnd } from "./repeated-names.ts";
import { snapshot, type Snapshot } from "./snapshot.ts";

/** The longest line a diff shows: an indented member with a long name and a long string. */
const LINE_CHARACTERS = 500;
/** How many lines of each side are compared: the first and last halves of a longer value. */
const COMPARED_LINES = 1_000;
/** How many lines a diff shows below its two labels. */
const SHOWN_LINES = 200;
/** How many unchanged lines a shortened diff keeps on each side of a change. */
const CONTEXT_LINES = 3;

export function snapshotDiff(expected: Snapshot | undefined, actual: Snapshot | undefined, expectedLabel = "expected", actualLabel = "actual"): string {
  const text = (value: Snapshot | undefined) => keepEnds(value ? lines(value) : ["(nothing)"], COMPARED_LINES, "lines").join("\n") + "\n";
  const shown: string[] = [];
  for (const part of diffLines(text(expected), text(actual))) {
    const marker = part.added ? "+ " : part.removed ? "- " : "  ";
    for (const line of part.value.replace(/\n$/, "").split("\n")) shown.push(marker + line);
  }
  return [`- ${elide(expectedLabel, SHOWN_VALUE_CHARACTERS)}`, `+ ${elide(actualLabel, SHOWN_VALUE_CHARACTERS)}`, ...shortened(shown)].join("\n");
}

export function jsonDiff(expected: unknown, actual: unknown, expectedLabel?: string, actualLabel?: string): string {
  return snapshotDiff(snapshot(expected), snapshot(actual), expectedLabel, actualLabel);
}

/** A snapshot's lines as a diff shows them: canonical JSON indented by two, or the notation followed by "(no JSON form)". */
function* lines(value: Snapshot): Generator<string> {
  if (value.json) {
    for (const line of prettyJson(value.text)) yield elide(line, LINE_CHARACTERS);
    return;
  }
  let start = 0;
  for (let end = value.text.indexOf("\n"); end !== -1; start = end + 1, end = value.text.indexOf("\n", start)) yield elide(value.text.slice(start, end), LINE_CHARACTERS);
  yield `${elide(value.text.slice(start), LINE_CHARACTERS)} (no JSON form)`;
}

/**
 * Canonical JSON text as JSON.stringify(value, null, 2) writes it, line by line, with the
 * middle of each long string left out. One pass over the text, without recursion or
 * decoding it whole: its strings may be megabytes long, and its values nested 1000 deep.
 */
function* prettyJson(text: string): Generator<string> {
  let depth = 0;
  let line = "";
  for (let at = 0; at < text.length; ) {
    const char = text[at]!;
    if (char === "{" || char === "[") {
      const close = char === "{" ? "}" : "]";
      if (text[at + 1] === close) {
        line += char + close; // empty: "{}", "[]"
        at += 2;
        continue;
      }
      yield line + char;
      line = "  ".repeat(++depth);
    } else if (char === "}" || char === "]") {
      yield line;
      line = "  ".repeat(--depth) + char;
    } else if (char === ",") {
      yield line + ",";
      line = "  ".repeat(depth);
    } else if (char === ":") {
      line += ": ";
    } else if (char === '"') {
      const end = stringEnd(text, at);
      line += shownString(text.slice(at, end + 1));
      at = end + 1;
      continue;
    } else {
      // A number, true, false or null: up to the next punctuation.
      let end = at + 1;
      while (end < text.length && !",:]}".includes(text[end]!)) end++;
      line += text.slice(at, end);
      at = end;
      continue;
    }
    at++;
  }
  yield line;
}

/** A string's JSON text, its middle left out when the string is long. */
function shownString(json: string): string {
  // Escapes only lengthen a string's text: one this short is short.
  if (json.length <= SHOWN_VALUE_CHARACTERS + 2) return json;
  // Without escapes, the characters are the text's own: no need to decode megabytes.
  const value = json.includes("\\") ? (JSON.parse(json) as string) : json.slice(1, -1);
  return value.length <= SHOWN_VALUE_CHARACTERS ? json : quoted(value, SHOWN_VALUE_CHARACTERS);
}

/** The first and last `max / 2` of the lines, with a line saying how many were left out between them; memory for `max` lines only. */
function keepEnds(lines: Iterable<string>, max: number, what: "lines" | "unchanged lines", indent = ""): string[] {
  const half = Math.floor(max / 2);
  const head: string[] = [];
  const ring: string[] = [];
  let count = 0;
  for (const line of lines) {
    if (count < max - half) head.push(line);
    else ring[(count - head.length) % half] = line;
    count++;
  }
  const after = count - head.length;
  if (after <= half) return [...head, ...ring];
  const oldest = after % half;
  return [...head, indent + leftOut(after - half, what), ...ring.slice(oldest), ...ring.slice(0, oldest)];
}

const LEFT_OUT = /^ {2}… [\d,]+ lines left out …$/;

/** A diff's lines, at most SHOWN_LINES: long runs of unchanged lines lose their middle first, then the diff its own. */
function shortened(diff: string[]): string[] {
  if (diff.length <= SHOWN_LINES) return diff;
  const kept: string[] = [];
  for (let at = 0; at < diff.length; ) {
    let end = at;
    // A line that says lines were left out of a side is no unchanged line: its count would be lost.
    while (end < diff.length && diff[end]!.startsWith("  ") && !LEFT_OUT.test(diff[end]!)) end++;
    if (end - at > 2 * CONTEXT_LINES + 1) kept.push(...keepEnds(diff.slice(at, end), 2 * CONTEXT_LINES, "unchanged lines", "  "));
    else kept.push(...diff.slice(at, end));
    if (end < diff.length) kept.push(diff[end]!);
    at = end + 1;
  }
  return keepEnds(kept, SHOWN_LINES, "lines", "  ");
}
