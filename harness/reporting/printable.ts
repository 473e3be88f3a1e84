// Text for a terminal or a CI log, where it came from an adapter or a case file: control
// characters (which can clear the screen, set the window title or move the cursor to print over
// a line) and bidirectional overrides (which reorder what is shown) are written as \uXXXX
// escapes. Line feeds and tabs stay. JSON text stays valid JSON with the same meaning, since
// JSON reads the same escapes.
const UNPRINTABLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export function printable(text: string): string {
  return text.replace(UNPRINTABLE, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** A name or a version: one line, so that a line feed in it cannot print a line of its own. */
export function printableLine(text: string): string {
  return printable(text).replace(/[\n\t]/g, (char) => (char === "\n" ? "\\n" : "\\t"));
}
