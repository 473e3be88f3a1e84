// RFC 6901 JSON Pointers over plain JSON values, and the Edit vocabulary built on them.
import type { Edit } from "../loading/case-schema.ts";

export function pointerTokens(pointer: string): string[] {
  if (pointer === "") return [];
  return pointer.slice(1).split("/").map((token) => token.replace(/~1/g, "/").replace(/~0/g, "~"));
}

type Container = Record<string, unknown> | unknown[];

function isContainer(value: unknown): value is Container {
  return typeof value === "object" && value !== null;
}

function ownMember(container: Container, token: string): { found: boolean; value?: unknown } {
  if (Array.isArray(container)) {
    const index = /^(0|[1-9]\d*)$/.test(token) ? Number(token) : -1;
    return index >= 0 && index < container.length ? { found: true, value: container[index] } : { found: false };
  }
  return Object.prototype.hasOwnProperty.call(container, token) ? { found: true, value: container[token] } : { found: false };
}

/** The value at `pointer`; own members only, so "__proto__" means an own key of that name. */
export function getAt(root: unknown, pointer: string): { found: boolean; value?: unknown } {
  return getByTokens(root, pointerTokens(pointer));
}

function getByTokens(root: unknown, tokens: readonly string[]): { found: boolean; value?: unknown } {
  let current: unknown = root;
  try {
    for (const token of tokens) {
      if (!isContainer(current)) return { found: false };
      const member = ownMember(current, token);
      if (!member.found) return { found: false };
      current = member.value;
    }
  } catch {
    return { found: false }; // a getter or proxy that throws: nothing readable there
  }
  return { found: true, value: current };
}

/** Puts `value` at `token` of the container; the value placed, or undefined when the token has no place there. */
function defineMember(container: Container, token: string, value: unknown): unknown {
  if (Array.isArray(container)) {
    const index = token === "-" ? container.length : /^(0|[1-9]\d*)$/.test(token) ? Number(token) : -1;
    if (index < 0 || index > container.length) return undefined; // not a place in this array: skipped
    container[index] = value;
  } else {
    // defineProperty, so that a "__proto__" token makes an own key instead of changing the prototype.
    Object.defineProperty(container, token, { value, writable: true, enumerable: true, configurable: true });
  }
  return value;
}

/**
 * Sets the value at `pointer` in place, creating missing objects on the way (a "-" on the way
 * appends a new object to the array and goes on into it). A pointer with no place in the value
 * (the root, a member of a string, an index past the end) is skipped.
 */
export function setAt(root: unknown, pointer: string, value: unknown): void {
  const tokens = pointerTokens(pointer);
  if (tokens.length === 0) return;
  let current: unknown = root;
  for (const token of tokens.slice(0, -1)) {
    if (!isContainer(current)) return;
    const member = ownMember(current, token);
    current = member.found && isContainer(member.value) ? member.value : defineMember(current, token, {});
  }
  if (isContainer(current)) defineMember(current, tokens[tokens.length - 1]!, value);
}

export function removeAt(root: unknown, pointer: string): void {
  const tokens = pointerTokens(pointer);
  const parent = getByTokens(root, tokens.slice(0, -1));
  const last = tokens[tokens.length - 1];
  if (last === undefined || !parent.found || !isContainer(parent.value)) return;
  if (Array.isArray(parent.value)) {
    if (ownMember(parent.value, last).found) parent.value.splice(Number(last), 1);
  } else delete (parent.value as Record<string, unknown>)[last];
}

/**
 * Applies an edit to `target` in place: replace swaps the members of an object or array (and
 * is skipped when the two are not both objects or both arrays), then set, then remove. Probes
 * must not throw at the runtime under test, so each part that cannot apply (a frozen object, a
 * proxy that refuses) is skipped, and the probes' records show what the runtime really received.
 */
export function applyEditInPlace(target: unknown, edit: Edit): void {
  const replacement: unknown = edit.replace;
  if (isContainer(target) && isContainer(replacement) && Array.isArray(target) === Array.isArray(replacement)) {
    tolerant(() => {
      if (Array.isArray(target)) target.splice(0, target.length, ...structuredClone(replacement as unknown[]));
      else {
        for (const key of Object.keys(target)) delete (target as Record<string, unknown>)[key];
        for (const [key, value] of Object.entries(replacement)) defineMember(target, key, structuredClone(value));
      }
    });
  }
  for (const [pointer, value] of Object.entries(edit.set ?? {})) tolerant(() => setAt(target, pointer, structuredClone(value)));
  for (const pointer of edit.remove ?? []) tolerant(() => removeAt(target, pointer));
}

function tolerant(part: () => void): void {
  try {
    part();
  } catch {
    // This part has no effect on this value; the records say what the value was.
  }
}

/** Returns a new value: a copy of `source` (or the replacement) with the edit applied. */
export function applyEditToCopy(source: unknown, edit: Edit): unknown {
  const result = copyOf(edit.replace !== undefined ? edit.replace : source);
  applyEditInPlace(result, { set: edit.set, remove: edit.remove });
  return result;
}

/** A deep copy; a value structuredClone refuses (a function member, a proxy) is copied as JSON would write it, or not at all. */
function copyOf(value: unknown): unknown {
  try {
    return structuredClone(value);
  } catch {
    try {
      return JSON.parse(JSON.stringify(value) ?? "null") as unknown;
    } catch {
      return null;
    }
  }
}
