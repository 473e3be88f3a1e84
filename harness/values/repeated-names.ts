// Whether JSON text has an object with a member name written twice (escaped or not). RFC 8259
// leaves such text's meaning to the decoder, so a check can hold a decoded value to JSON.parse's
// only when no name repeats.

/** For text JSON.parse accepts: whether some object in it repeats a member name. */
export function hasRepeatedNames(text: string): boolean {
  // One set of names per open object; null for an open array.
  const open: (Set<string> | null)[] = [];
  for (let at = 0; at < text.length; at++) {
    const char = text[at];
    if (char === "{") open.push(new Set());
    else if (char === "[") open.push(null);
    else if (char === "}" || char === "]") open.pop();
    else if (char === '"') {
      const end = stringEnd(text, at);
      const names = open.at(-1);
      if (names && nextSignificant(text, end + 1) === ":") {
        const name = JSON.parse(text.slice(at, end + 1)) as string;
        if (names.has(name)) return true;
        names.add(name);
      }
      at = end;
    }
  }
  return false;
}

/** In JSON text, the index of the quote that closes the string starting at `start`. */
export function stringEnd(text: string, start: number): number {
  // The next quote not escaped (after an even run of backslashes), found by indexOf: a string may be megabytes long.
  for (let at = text.indexOf('"', start + 1); ; at = text.indexOf('"', at + 1)) {
    let backslashes = 0;
    while (text[at - 1 - backslashes] === "\\") backslashes++;
    if (backslashes % 2 === 0) return at;
  }
}

function nextSignificant(text: string, from: number): string | undefined {
  let at = from;
  while (at < text.length && " \t\n\r".includes(text[at]!)) at++;
  return text[at];
}
