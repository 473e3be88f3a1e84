// Strict JSON decoding: JSON.parse's grammar, plus the hardening JSON.parse lacks
// (duplicate member names, runaway nesting, numbers that overflow to Infinity).
import { ToolArgumentsValidationError } from "./errors.ts";

export const MAX_DEPTH = 64;

/**
 * How the decoder keeps the member names seen in one object, and reads a name from its quoted
 * text: exactly (a Set; escapes resolved). A parameter so that a mutant can get it wrong.
 */
export interface NameRules {
  seen(): { has(name: string): boolean; add(name: string): unknown };
  read(quoted: string): string;
}
export const EXACT_NAMES: NameRules = { seen: () => new Set<string>(), read: (quoted) => JSON.parse(quoted) as string };

export function decodeStrictJson(raw: string, maxDepth = MAX_DEPTH, names: NameRules = EXACT_NAMES): unknown {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    throw new ToolArgumentsValidationError("json", `malformed JSON: ${(error as Error).message}`);
  }
  const problem = structureProblem(raw, maxDepth, names);
  if (problem) throw new ToolArgumentsValidationError("json", problem.message);
  assertFiniteNumbers(value);
  return value;
}

interface Frame {
  keys: ReturnType<NameRules["seen"]> | null; // null for arrays
  expectingKey: boolean;
}

export interface StructureProblem {
  kind: "duplicate-member" | "too-deep";
  message: string;
}

/** Walks text JSON.parse has already accepted, looking for duplicate names and depth. */
export function structureProblem(raw: string, maxDepth = MAX_DEPTH, names: NameRules = EXACT_NAMES): StructureProblem | undefined {
  const stack: Frame[] = [];
  for (let i = 0; i < raw.length; i++) {
    const char = raw[i];
    if (char === '"') {
      const end = endOfString(raw, i);
      const frame = stack[stack.length - 1];
      if (frame?.keys && frame.expectingKey) {
        const name = names.read(raw.slice(i, end + 1));
        if (frame.keys.has(name)) return { kind: "duplicate-member", message: `duplicate member name ${JSON.stringify(name)}` };
        frame.keys.add(name);
        frame.expectingKey = false;
      }
      i = end;
    } else if (char === "{" || char === "[") {
      stack.push({ keys: char === "{" ? names.seen() : null, expectingKey: true }); // an array's frame has no keys to expect
      if (stack.length > maxDepth) return { kind: "too-deep", message: `nesting deeper than ${maxDepth} levels` };
    } else if (char === "}" || char === "]") {
      stack.pop();
    } else if (char === ",") {
      const frame = stack[stack.length - 1];
      if (frame?.keys) frame.expectingKey = true;
    }
  }
  return undefined;
}

function endOfString(raw: string, start: number): number {
  for (let i = start + 1; i < raw.length; i++) {
    if (raw[i] === "\\") i++;
    else if (raw[i] === '"') return i;
  }
  return raw.length - 1;
}

function assertFiniteNumbers(value: unknown): void {
  if (typeof value === "number" && !Number.isFinite(value)) {
    throw new ToolArgumentsValidationError("json", "a number is too large to represent");
  }
  if (typeof value === "object" && value !== null) {
    for (const member of Object.values(value)) assertFiniteNumbers(member);
  }
}
