// How deep the harness follows a value: lists and objects nested in each other. An adapter
// decides how deep the values it hands over nest, so every walk over them is either iterative
// or stops here, and a value nested deeper errors its case rather than the run.

/**
 * The deepest nesting the harness reads. Far more than a case needs (a case file nests at most
 * 256 deep, the reference refuses arguments nested past 64, the fuzzer writes 80), and little
 * enough for what still recurses: V8's JSON.stringify and structuredClone get through some
 * 8,000 and 2,000 levels on the default stack.
 */
export const MAX_VALUE_DEPTH = 1000;

/**
 * Whether JSON data (as JSON.parse or a YAML reader builds it: no cycles) nests lists and
 * objects more than `max` deep; the top list or object is level 1. Iterative, and it stops at
 * the first container past the bound.
 */
export function nestsDeeperThan(value: unknown, max = MAX_VALUE_DEPTH): boolean {
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length > 0) {
    const [next, depth] = pending.pop()!;
    if (typeof next !== "object" || next === null) continue;
    if (depth + 1 > max) return true;
    for (const member of Array.isArray(next) ? next : Object.values(next)) if (typeof member === "object" && member !== null) pending.push([member, depth + 1]);
  }
  return false;
}

/** Why a case is errored when `what` (a reply, a value) nests too deep for the harness to read it whole. */
export const tooDeepToRead = (what: string) => `${what} nests lists and objects more than ${MAX_VALUE_DEPTH} deep, deeper than the harness reads a value`;

/** Why a case is errored when `what` (a request, a value to fingerprint) nests too deep for the harness to hand it over. */
export const tooDeepToHandOver = (what: string) => `${what} nests lists and objects more than ${MAX_VALUE_DEPTH} deep, deeper than the harness hands a value over`;
