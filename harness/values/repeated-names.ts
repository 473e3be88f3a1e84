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

/** The index of the quote that closes the string starting at `start`. */
function stringEnd(text: string, start: number): number {
  let at = start + 1;
  while (text[at] !== '"') at += text[at] === "\\" ? 2 : 1;
  return at;
}

function nextSignificant(text: string, from: number): string | undefined {
  let at = from;
  while (at < text.length && " \t\n\r".includes(text[at]!)) at++;
  return text[at];
}
