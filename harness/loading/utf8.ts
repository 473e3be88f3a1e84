// Case files are UTF-8. A file in another encoding is refused where it shows, rather than read
// as a string of replacement characters and NULs that the schema then calls "a string".

const BYTE_ORDER_MARKS: [name: string, bytes: number[]][] = [
  ["UTF-32LE", [0xff, 0xfe, 0x00, 0x00]], // before UTF-16LE, whose mark it starts with
  ["UTF-32BE", [0x00, 0x00, 0xfe, 0xff]],
  ["UTF-16LE", [0xff, 0xfe]],
  ["UTF-16BE", [0xfe, 0xff]],
];

const UTF8_MARK = Buffer.from([0xef, 0xbb, 0xbf]);
const REPLACEMENT = Buffer.from("\uFFFD");

/** What the bytes say, and where in that text (an offset) they are not UTF-8 text, if they are not. */
export interface Decoded {
  text: string;
  problem?: { offset: number; message: string };
}

/** The text of UTF-8 bytes, without its byte order mark; `what` names the file in a problem. */
export function decodeUtf8(bytes: Buffer, what: string): Decoded {
  const mark = BYTE_ORDER_MARKS.find(([, prefix]) => prefix.every((byte, index) => bytes[index] === byte));
  if (mark) return { text: "", problem: { offset: 0, message: `${what} is ${mark[0]} (it starts with a ${mark[0]} byte order mark); save it as UTF-8` } };
  const body = bytes.subarray(0, 3).equals(UTF8_MARK) ? bytes.subarray(3) : bytes;
  const text = body.toString("utf8");
  const undecodable = firstUndecodable(body, text);
  if (undecodable !== -1) return { text, problem: { offset: undecodable, message: `${what} is not UTF-8 here (it may be Latin-1 or Windows-1252); save it as UTF-8` } };
  const nul = text.indexOf("\0");
  if (nul !== -1) return { text, problem: { offset: nul, message: `${what} holds a NUL character, so it is not UTF-8 text (UTF-16 without a byte order mark?); save it as UTF-8` } };
  return { text };
}

/**
 * Where in `text` (the bytes decoded, each sequence that is not UTF-8 read as U+FFFD) the first
 * such sequence is; -1 when there is none. A U+FFFD written in the file is a character like any.
 */
function firstUndecodable(bytes: Buffer, text: string): number {
  if (!text.includes("\uFFFD")) return -1;
  let byte = 0;
  for (let index = 0; index < text.length; ) {
    const point = text.codePointAt(index)!;
    if (point === 0xfffd && !bytes.subarray(byte, byte + 3).equals(REPLACEMENT)) return index;
    byte += point < 0x80 ? 1 : point < 0x800 ? 2 : point < 0x10000 ? 3 : 4;
    index += point < 0x10000 ? 1 : 2;
  }
  return -1;
}
