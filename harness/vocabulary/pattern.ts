// The regular expressions a policy's "matches" may use: a small subset with one meaning in
// every mainstream engine (JavaScript, Python, Go/RE2, Java, .NET, PCRE), specified in
// spec/case-format.md ("Patterns"). Anything outside it (".", "\d", "\w", "\s", "\b", lazy
// quantifiers, backreferences, lookaround, flags) means different things in different engines
// and is rejected with the place it was found. Patterns of the subset are also free of
// backreferences and lookaround, so a linear-time engine can run them.

/** The largest count a {m,n} repetition may give. */
export const MAX_REPEAT = 1000;

const SYNTAX = new Set([..."^$\\.*+?()[]{}|/"]);
const CONTROL_ESCAPES: Record<string, string> = { n: "\n", r: "\r", t: "\t" };

export class PatternError extends Error {
  constructor(
    readonly index: number,
    message: string,
  ) {
    super(`at character ${index + 1}: ${message}`);
  }
}

/** Checks that `source` is in the subset; throws a PatternError saying where it is not. */
export function checkPattern(source: string): void {
  const chars = [...source]; // code points, as a "u" regular expression reads them
  let at = 0;
  const peek = () => chars[at];
  const fail = (message: string, index = at): never => {
    throw new PatternError(index, message);
  };
  const expect = (char: string) => {
    if (peek() !== char) fail(`expected "${char}"`);
    at++;
  };

  const alternation = (inGroup: boolean) => {
    sequence(inGroup);
    while (peek() === "|") {
      at++;
      sequence(inGroup);
    }
  };
  const sequence = (inGroup: boolean) => {
    while (at < chars.length && peek() !== "|" && peek() !== ")") {
      if (peek() === "$" && at === chars.length - 1 && !inGroup) return;
      atom();
      quantifier();
    }
  };
  const atom = () => {
    const char = peek()!;
    if (char === "(") {
      at++;
      if (peek() === "?") {
        at++;
        if (peek() !== ":") fail('only "(?:" groups are allowed: lookaround and named groups differ between engines');
        at++;
      }
      alternation(true);
      expect(")");
    } else if (char === "[") {
      at++;
      characterClass();
    } else if (char === "\\") {
      at++;
      escape(false);
    } else if (char === "^") fail('"^" may only begin the pattern');
    else if (char === "$") fail('"$" may only end the pattern');
    else if (char === ".") fail('"." is not in the subset (engines disagree on line terminators); use a class such as [^\\n]');
    else if (SYNTAX.has(char) && char !== "/") fail(`"${char}" must be escaped as "\\${char}" to stand for itself`);
    else at++;
  };
  const quantifier = () => {
    const char = peek();
    if (char === "*" || char === "+" || char === "?") at++;
    else if (char === "{") {
      const start = at;
      at++;
      const low = digits();
      let high = low;
      if (peek() === ",") {
        at++;
        high = peek() === "}" ? Infinity : digits();
      }
      expect("}");
      if (high < low) fail(`{${low},${high}} counts down`, start);
      if (low > MAX_REPEAT || (high !== Infinity && high > MAX_REPEAT)) fail(`repetition counts are at most ${MAX_REPEAT}`, start);
    } else return;
    if (peek() === "?" || peek() === "+") fail("lazy and possessive quantifiers are not in the subset");
    if (peek() === "*" || peek() === "{") fail("a quantifier cannot follow a quantifier");
  };
  const digits = () => {
    const start = at;
    // Stryker disable next-line StringLiteral: any text without a digit stops the loop at the end of the pattern
    while (/[0-9]/.test(peek() ?? "")) at++;
    if (at === start) fail("expected a number");
    return Number(chars.slice(start, at).join(""));
  };
  const escape = (inClass: boolean) => {
    const char = peek();
    if (char === undefined) fail("a pattern cannot end with a backslash");
    if (char! in CONTROL_ESCAPES || SYNTAX.has(char!) || (inClass && char === "-")) {
      at++;
      return CONTROL_ESCAPES[char!] ?? char!;
    }
    return fail(`"\\${char}" is not in the subset (\\d, \\w, \\s, \\b and other escapes differ between engines); write a class such as [0-9] or [ \\t]`);
  };
  const characterClass = () => {
    if (peek() === "^") at++;
    let empty = true;
    while (peek() !== "]") {
      const start = at;
      const low = classAtom();
      if (peek() === "-" && chars[at + 1] !== "]") {
        at++;
        const high = classAtom();
        if (high.codePointAt(0)! < low.codePointAt(0)!) fail(`the range ${low}-${high} counts down`, start);
      }
      empty = false;
    }
    if (empty) fail("an empty class matches nothing");
    at++;
  };
  const classAtom = () => {
    const char = peek();
    if (char === undefined) fail('a class "[" is not closed'); // the pattern ended inside the class, before an item or a range's end
    if (char === "\\") {
      at++;
      return escape(true);
    }
    if (char === "[") fail('"[" must be escaped inside a class');
    at++;
    return char!;
  };

  if (peek() === "^") at++;
  alternation(false);
  // The top level stops only at the end, at a ")" or at a "$" that ends the pattern.
  if (peek() === "$") at++;
  if (at < chars.length) fail('unmatched ")"');
}

const compiled = new Map<string, RegExp>();

/** The JavaScript regular expression with the subset's meaning: the same text, read by code point. */
export function patternRegExp(source: string): RegExp {
  let regexp = compiled.get(source);
  if (!regexp) {
    checkPattern(source);
    compiled.set(source, (regexp = new RegExp(source, "u")));
  }
  return regexp;
}
