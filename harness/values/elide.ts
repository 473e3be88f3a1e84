// Bounds on what a message or a diff shows of a value: an adapter decides how large its values,
// names and messages are (a reply may carry 16 MB in one string), and a report that repeated
// them whole would grow without end. The middle is left out, and the text says how much.

/** The most of a value a message shows: its canonical text, a raw argument string, a hash. */
export const SHOWN_VALUE_CHARACTERS = 300;

/** The most of an adapter's prose (an error message, a reason) a message shows. */
export const SHOWN_TEXT_CHARACTERS = 2_000;

/**
 * `text`, or when it is longer than `max` its first and last `max / 2` characters around
 * "… N characters left out …". A surrogate pair is never cut in half.
 */
export function elide(text: string, max: number): string {
  const parts = cut(text, max);
  return parts ? `${parts.head}${leftOut(parts.omitted, "characters")}${parts.tail}` : text;
}

/** A text an adapter handed over (a canonical text, a hash, a reason) as a message shows it: bounded, and "undefined" when there is none. */
export function shown(text: string | undefined, max = SHOWN_VALUE_CHARACTERS): string {
  return text === undefined ? "undefined" : elide(text, max);
}

/** A string as JSON writes it (quoted, escaped), its middle left out past `max` characters of the string itself. */
export function quoted(text: string, max = SHOWN_VALUE_CHARACTERS): string {
  const parts = cut(text, max);
  return parts ? `${JSON.stringify(parts.head).slice(0, -1)}${leftOut(parts.omitted, "characters")}${JSON.stringify(parts.tail).slice(1)}` : JSON.stringify(text);
}

/** The two ends of a text longer than `max`, and how many characters lie between them. */
function cut(text: string, max: number): { head: string; omitted: number; tail: string } | undefined {
  if (text.length <= max) return undefined;
  let head = Math.ceil(max / 2);
  let tail = max - head;
  if (isHighSurrogate(text.charCodeAt(head - 1))) head--;
  if (tail > 0 && isLowSurrogate(text.charCodeAt(text.length - tail))) tail--;
  return { head: text.slice(0, head), omitted: text.length - head - tail, tail: text.slice(text.length - tail) };
}

/** "… 16,777,000 characters left out …": what an elision says in place of what it left out. */
export function leftOut(count: number, what: "characters" | "lines" | "unchanged lines"): string {
  return `… ${String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ",")} ${what} left out …`;
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;
