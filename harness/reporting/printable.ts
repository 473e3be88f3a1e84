// Text for a terminal or a CI log, where it came from an adapter or a case file: control
// characters (which can clear the screen, set the window title or move the cursor to print over
// a line), line breaks other than the line feed (a carriage return, the line and paragraph
// separators, which log viewers and editors break lines at) and bidirectional overrides (which
// reorder what is shown) are written as \uXXXX escapes. Line feeds and tabs stay. JSON text
// stays valid JSON with the same meaning, since JSON reads the same escapes.
const UNPRINTABLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

export function printable(text: string): string {
  return text.replace(UNPRINTABLE, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/**
 * Text shown on a line of its own kind (a name, a version, a case's id or title, a case-file
 * error): one line, so that no line break in it can print a line of its own, such as a PASS line
 * or a badge. Every line-based output writes such text through this.
 */
export function printableLine(text: string): string {
  return printable(text).replace(/[\n\t]/g, (char) => (char === "\n" ? "\\n" : "\\t"));
}
