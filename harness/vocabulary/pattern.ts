// The regular expressions a policy's "matches" may use: a small subset with one meaning in
// every mainstream engine (JavaScript, Python, Go/RE2, Java, .NET, PCRE), specified in
// spec/case-format.md ("Patterns"). Anything outside it (".", "\d", "\w", "\s", "\b", lazy
// quantifiers, backreferences, lookaround, flags) means different things in different engines
// and is rejected with the place it was found. Patterns of the subset are also free of
// backreferences and lookaround, so the harness runs them on a linear-time engine of its own (a
// Thompson automaton, simulated a position at a time): no pattern in a case file can make the
// harness backtrack for ever, whatever the string it is matched against.

/** The largest count a {m,n} repetition may give. */
export const MAX_REPEAT = 1000;
/** The most states a pattern's automaton may have once its counts are expanded ((a{1000}){1000} would need a million). */
export const MAX_STATES = 100_000;

const SYNTAX = new Set([..."^$\\.*+?()[]{}|/"]);
/** Characters that, doubled inside a class, are set operations in some engines. */
const SET_OPERATOR_CHARACTERS = new Set(["&", "|", "~", "-"]);
const CONTROL_ESCAPES: Record<string, string> = { n: "\n", r: "\r", t: "\t" };

export class PatternError extends Error {
  constructor(
    readonly index: number,
    message: string,
  ) {
    super(`at character ${index + 1}: ${message}`);
  }
}

/** A parsed pattern: what the automaton is built from. */
type Node =
  | { kind: "char"; test: (codePoint: number) => boolean }
  /** "^" and "$": the start and the end of the string, in the first and the last alternative they begin or end. */
  | { kind: "start" }
  | { kind: "end" }
  | { kind: "sequence"; items: Node[] }
  | { kind: "either"; options: Node[] }
  | { kind: "repeat"; item: Node; min: number; max: number };

/** Checks that `source` is in the subset and small enough to run; throws a PatternError saying where it is not. */
export function checkPattern(source: string): void {
  patternMatcher(source);
}

function parsePattern(source: string): Node {
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

  const alternation = (inGroup: boolean): Node => {
    const options = [sequence(inGroup)];
    while (peek() === "|") {
      at++;
      options.push(sequence(inGroup));
    }
    return options.length === 1 ? options[0]! : { kind: "either", options };
  };
  const sequence = (inGroup: boolean): Node => {
    const items: Node[] = [];
    if (!inGroup && at === 0 && peek() === "^") {
      at++;
      items.push({ kind: "start" });
    }
    while (at < chars.length && peek() !== "|" && peek() !== ")") {
      if (peek() === "$" && at === chars.length - 1 && !inGroup) {
        at++;
        items.push({ kind: "end" });
        break;
      }
      items.push(quantifier(atom()));
    }
    return { kind: "sequence", items };
  };
  const atom = (): Node => {
    const char = peek()!;
    if (char === "(") {
      at++;
      if (peek() === "?") {
        at++;
        if (peek() !== ":") fail('only "(?:" groups are allowed: lookaround and named groups differ between engines');
        at++;
      }
      const group = alternation(true);
      expect(")");
      return group;
    }
    if (char === "[") {
      at++;
      return characterClass();
    }
    if (char === "\\") {
      at++;
      return literal(escape(false));
    }
    if (char === "^") fail('"^" may only begin the pattern');
    if (char === "$") fail('"$" may only end the pattern');
    if (char === ".") fail('"." is not in the subset (engines disagree on line terminators); use a class such as [^\\n]');
    if (SYNTAX.has(char) && char !== "/") fail(`"${char}" must be escaped as "\\${char}" to stand for itself`);
    at++;
    return literal(char);
  };
  const quantifier = (item: Node): Node => {
    const char = peek();
    let min = 0;
    let max = Infinity;
    if (char === "*" || char === "+" || char === "?") {
      at++;
      if (char === "+") min = 1;
      if (char === "?") max = 1;
    } else if (char === "{") {
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
      [min, max] = [low, high];
    } else return item;
    if (peek() === "?" || peek() === "+") fail("lazy and possessive quantifiers are not in the subset");
    if (peek() === "*" || peek() === "{") fail("a quantifier cannot follow a quantifier");
    return { kind: "repeat", item, min, max };
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
    if (Object.hasOwn(CONTROL_ESCAPES, char!) || SYNTAX.has(char!) || (inClass && char === "-")) {
      at++;
      return CONTROL_ESCAPES[char!] ?? char!;
    }
    return fail(`"\\${char}" is not in the subset (\\d, \\w, \\s, \\b and other escapes differ between engines); write a class such as [0-9] or [ \\t]`);
  };
  const characterClass = (): Node => {
    const negated = peek() === "^";
    if (negated) at++;
    const ranges: [number, number][] = [];
    while (peek() !== "]") {
      const start = at;
      refuseSetOperator();
      const low = classAtom().codePointAt(0)!;
      let high = low;
      if (peek() === "-" && chars[at + 1] !== "]") {
        refuseSetOperator();
        at++;
        high = classAtom().codePointAt(0)!;
        if (high < low) fail(`the range ${String.fromCodePoint(low)}-${String.fromCodePoint(high)} counts down`, start);
      }
      ranges.push([low, high]);
    }
    if (ranges.length === 0) fail("an empty class matches nothing");
    at++;
    return { kind: "char", test: (codePoint) => ranges.some(([low, high]) => codePoint >= low && codePoint <= high) !== negated };
  };
  // Engines with class set operations read a doubled & | ~ - otherwise (Java's [a&&b] is an
  // intersection; Python warns it will be a set operation): refused, so that it means one thing.
  const refuseSetOperator = () => {
    const char = peek();
    if (char === undefined || !SET_OPERATOR_CHARACTERS.has(char) || chars[at + 1] !== char) return;
    fail(`"${char}${char}" inside a class is a set operation in some engines; ${char === "-" ? 'write a "-" that stands for itself as "\\-"' : `a class needs each character once: write one "${char}"`}`);
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

  const node = alternation(false);
  // The top level stops only at the end (a "$" that ends the pattern included) or at a ")".
  if (at < chars.length) fail('unmatched ")"');
  return node;
}

function literal(char: string): Node {
  const wanted = char.codePointAt(0)!;
  return { kind: "char", test: (codePoint) => codePoint === wanted };
}

/**
 * A state of the automaton: consume a code point the test accepts; move on to either of two
 * states without consuming; move on only at the start or the end of the string; or the match.
 */
type State = { test: (codePoint: number) => boolean; next: number } | { either: [number, number] } | { at: "start" | "end"; next: number } | { match: true };

/** Thompson's construction: the states of `node`, entered at the returned index and left for `next`. */
class Automaton {
  readonly states: State[] = [];

  build(node: Node, next: number): number {
    switch (node.kind) {
      case "char":
        return this.add({ test: node.test, next });
      case "start":
      case "end":
        return this.add({ at: node.kind, next });
      case "sequence":
        return node.items.reduceRight((after, item) => this.build(item, after), next);
      case "either":
        return node.options.map((option) => this.build(option, next)).reduce((first, second) => this.add({ either: [first, second] }));
      case "repeat":
        return this.repeat(node.item, node.min, node.max, next);
    }
  }

  private repeat(item: Node, min: number, max: number, next: number): number {
    let entry = next;
    if (max === Infinity) {
      // A loop: a state that either enters the item (which comes back to it) or leaves.
      const loop = this.add({ either: [-1, next] });
      (this.states[loop] as { either: [number, number] }).either[0] = this.build(item, loop);
      entry = loop;
    } else {
      for (let optional = max - min; optional > 0; optional--) entry = this.add({ either: [this.build(item, entry), next] });
    }
    for (let required = 0; required < min; required++) entry = this.build(item, entry);
    return entry;
  }

  add(state: State): number {
    if (this.states.length >= MAX_STATES) throw new PatternError(0, `the pattern is too large to run once its repetition counts are expanded (more than ${MAX_STATES} states); use smaller counts`);
    this.states.push(state);
    return this.states.length - 1;
  }

  /** Whether the pattern finds a match in `text`: each code point once, each state at most once per position. */
  matches(text: string, start: number): boolean {
    const codePoints = Array.from(text, (char) => char.codePointAt(0)!);
    const seen = new Int32Array(this.states.length).fill(-1);
    // Enters `state` and every state it moves on to without consuming; true when that reaches the match.
    const enter = (state: number, position: number, into: number[]): boolean => {
      const stack = [state];
      while (stack.length > 0) {
        const index = stack.pop()!;
        if (seen[index] === position) continue;
        seen[index] = position;
        const found = this.states[index]!;
        if ("match" in found) return true;
        if ("either" in found) stack.push(found.either[1], found.either[0]);
        else if ("at" in found) {
          if (found.at === "start" ? position === 0 : position === codePoints.length) stack.push(found.next);
        } else into.push(index);
      }
      return false;
    };
    let current: number[] = [];
    if (enter(start, 0, current)) return true;
    for (let position = 1; position <= codePoints.length; position++) {
      const codePoint = codePoints[position - 1]!;
      const next: number[] = [];
      for (const index of current) {
        const state = this.states[index] as { test: (codePoint: number) => boolean; next: number };
        if (state.test(codePoint) && enter(state.next, position, next)) return true;
      }
      // Found anywhere: a match may also begin after this code point.
      if (enter(start, position, next)) return true;
      current = next;
    }
    return false;
  }
}

/** Matches strings against a pattern of the subset, in time linear in the string. */
export interface PatternMatcher {
  test(text: string): boolean;
}

const compiled = new Map<string, PatternMatcher>();

/** The matcher for a pattern of the subset, with its meaning: found anywhere unless anchored, read by code point. */
export function patternMatcher(source: string): PatternMatcher {
  let matcher = compiled.get(source);
  if (!matcher) {
    const automaton = new Automaton();
    const start = automaton.build(parsePattern(source), automaton.add({ match: true }));
    matcher = { test: (text) => automaton.matches(text, start) };
    compiled.set(source, matcher);
  }
  return matcher;
}
