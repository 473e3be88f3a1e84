// A value as it was at one moment, kept as text so that later mutation cannot change it. The
// harness computes every snapshot itself (spec/adapter-contract.md, "Values"): the RFC 8785
// canonical JSON of the value when it has one, and otherwise the suite's extended notation,
// which also writes what JSON cannot (NaN, Infinity, undefined members, BigInt, lone
// surrogates), so that such values are still compared correctly.
import { MAX_VALUE_DEPTH } from "./depth.ts";
import { elide, SHOWN_VALUE_CHARACTERS } from "./elide.ts";
import { Recent } from "./recent.ts";

/** `json`: `text` is the value's RFC 8785 canonical JSON. Otherwise the value has no JSON form. */
export interface Snapshot {
  text: string;
  json: boolean;
  /** Set when the value nests deeper than MAX_VALUE_DEPTH: `text` has <too deep> in place of what lies deeper, and the case is errored. */
  tooDeep?: true;
}

/** What writing one value keeps track of: whether it is all JSON, and the objects being written (to tell a cycle). */
interface WriteState {
  json: boolean;
  tooDeep: boolean;
  open: object[];
}

export function snapshot(value: unknown): Snapshot {
  const state: WriteState = { json: true, tooDeep: false, open: [] };
  try {
    const text = write(value, state);
    return { text, json: state.json, ...(state.tooDeep && { tooDeep: true as const }) };
  } catch (error) {
    // A getter or proxy trap that throws: the value cannot be read, which is a fact about it.
    return { text: `<unreadable: ${error instanceof Error ? error.message : String(error)}>`, json: false };
  }
}

/** An object being written: its members (indexes of a list, sorted names of an object) or the toJSON result still to come. */
type Open =
  | { kind: "list"; object: unknown[]; next: number }
  | { kind: "members"; object: Record<string, unknown>; keys: string[]; next: number }
  | { kind: "toJSON"; result: unknown; done: boolean };

/**
 * RFC 8785 where the value is JSON (member names sorted by UTF-16 code units, numbers and
 * strings as ECMAScript's JSON.stringify writes them), with tokens outside JSON's grammar for
 * the rest. The same value always gets the same text, and different values different texts.
 * Iterative, with the open objects on a list of its own: how deep a value nests (up to
 * MAX_VALUE_DEPTH) does not depend on the stack left to the caller, a runtime deep in a parse.
 */
function write(value: unknown, state: WriteState): string {
  const out: string[] = [];
  const open: Open[] = [];
  // The value to write next, if any: the whole value, then each member in turn.
  let next = value;
  let hasNext = true;
  for (;;) {
    if (hasNext) {
      const frame = begin(next, state, out, open.length);
      if (frame) open.push(frame);
      hasNext = false;
      continue;
    }
    const top = open.at(-1);
    if (!top) return out.join("");
    if (top.kind === "list" && top.next < top.object.length) {
      if (top.next > 0) out.push(",");
      next = top.object[top.next++];
      hasNext = true;
    } else if (top.kind === "members" && top.next < top.keys.length) {
      const key = top.keys[top.next++]!;
      out.push(top.next > 1 ? "," : "", writeString(key, state), ":");
      next = top.object[key];
      hasNext = true;
    } else if (top.kind === "toJSON" && !top.done) {
      top.done = true;
      next = top.result;
      hasNext = true;
    } else {
      out.push(top.kind === "list" ? "]" : top.kind === "members" ? "}" : ">");
      open.pop();
      state.open.pop();
    }
  }
}

/**
 * Writes a value that has no members, or the start of one that has, whose open object it
 * returns; `depth` objects are open around it.
 */
function begin(value: unknown, state: WriteState, out: string[], depth: number): Open | undefined {
  switch (typeof value) {
    case "string":
      out.push(writeString(value, state));
      return;
    case "number":
      if (Number.isNaN(value)) out.push(special(state, "NaN"));
      else if (!Number.isFinite(value)) out.push(special(state, value === Infinity ? "Infinity" : "-Infinity"));
      else out.push(JSON.stringify(value)); // shortest round-trip form; -0 is written 0
      return;
    case "boolean":
      out.push(String(value));
      return;
    case "undefined":
      out.push(special(state, "undefined"));
      return;
    case "bigint":
      out.push(special(state, `${value}n`));
      return;
    case "function":
    case "symbol":
      out.push(special(state, `<${typeof value}>`));
      return;
  }
  if (value === null) {
    out.push("null");
    return;
  }
  const object = value as object;
  // The open objects are the path from the top, so a short list: cheaper than a Set per snapshot.
  if (state.open.includes(object)) {
    out.push(special(state, "<cycle>"));
    return;
  }
  if (depth >= MAX_VALUE_DEPTH) {
    state.tooDeep = true;
    out.push(special(state, "<too deep>"));
    return;
  }
  if (Array.isArray(object)) {
    state.open.push(object);
    out.push("[");
    return { kind: "list", object, next: 0 };
  }
  state.open.push(object);
  const toJSON = (object as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === "function") {
    out.push(special(state, "<toJSON "));
    return { kind: "toJSON", result: toJSON.call(object), done: false };
  }
  const keys = Object.keys(object).sort();
  out.push("{");
  return { kind: "members", object: object as Record<string, unknown>, keys, next: 0 };
}

function writeString(text: string, state: WriteState): string {
  if (hasLoneSurrogate(text)) state.json = false;
  return JSON.stringify(text); // escapes lone surrogates as \udxxx
}

/** A token outside JSON's grammar: the value has no JSON form. */
function special(state: WriteState, token: string): string {
  state.json = false;
  return token;
}

function hasLoneSurrogate(text: string): boolean {
  // Most strings hold no surrogate at all, which a plain character class tells faster.
  return /[\uD800-\uDFFF]/.test(text) && /\p{Surrogate}/u.test(text);
}

/** The snapshot a reported notation stands for: JSON text is re-read, so only the harness decides what is canonical. */
export function snapshotOfNotation(text: string): Snapshot {
  try {
    return snapshot(JSON.parse(text));
  } catch {
    return { text, json: false };
  }
}

/** The model's request as the harness decodes it (plain JSON.parse), or undefined when it is not JSON. */
export function decodedRequest(raw: string): Snapshot | undefined {
  // The checks ask for the same call's request many times; the answer depends on the text alone.
  return recentRequests.get(raw, () => decode(raw));
}

const recentRequests = new Recent<Snapshot | undefined>(1000);

function decode(raw: string): Snapshot | undefined {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  return Object.freeze(snapshot(value));
}

/** Equality of values as the suite means it: equal canonical forms (so -0 equals 0), or equal notation. */
export function sameSnapshot(a: Snapshot | undefined, b: Snapshot | undefined): boolean {
  return a !== undefined && b !== undefined && a.text === b.text;
}

export function sameJson(a: unknown, b: unknown): boolean {
  return sameSnapshot(snapshot(a), snapshot(b));
}

/** A snapshot for a message: its text, the middle left out past `max` characters, and whether it has a JSON form. */
export function describeSnapshot(value: Snapshot | undefined, max = SHOWN_VALUE_CHARACTERS): string {
  if (value === undefined) return "(nothing)";
  const text = elide(value.text, max);
  return value.json ? text : `${text} (no JSON form)`;
}

/** The value a snapshot holds, or its description when it has no JSON form. */
export function snapshotValue(value: Snapshot | undefined): unknown {
  return value?.json ? (JSON.parse(value.text) as unknown) : describeSnapshot(value, Infinity);
}

/**
 * Enumerable members a value's objects inherit from a prototype other than the plain ones,
 * as "pointer.member". Canonical JSON and pointers see own members only, so a schema that
 * turns an own "__proto__" key into a prototype (Zod 4 does, under passthrough) hides them.
 * Iterative, so that it finds them however deep the value nests.
 */
export function inheritedMembers(value: unknown): string[] {
  const found: string[] = [];
  // The objects on the path from the top, to tell a cycle; a null entry leaves the last of them.
  const open = new Set<object>();
  const pending: ({ value: unknown; pointer: string } | null)[] = [{ value, pointer: "" }];
  const path: object[] = [];
  while (pending.length > 0) {
    const next = pending.pop()!;
    if (next === null) {
      open.delete(path.pop()!);
      continue;
    }
    const { value: object, pointer } = next;
    if (typeof object !== "object" || object === null || open.has(object)) continue;
    let members: [string, unknown][];
    const own: string[] = [];
    try {
      const prototype: unknown = Object.getPrototypeOf(object);
      if (prototype !== Object.prototype && prototype !== Array.prototype) {
        for (const key in object) if (!Object.prototype.hasOwnProperty.call(object, key)) own.push(`${pointer}/${key}`);
      }
      members = Object.entries(object);
    } catch {
      continue; // an unreadable value is reported by its snapshot
    }
    found.push(...own);
    open.add(object);
    path.push(object);
    pending.push(null);
    // Reversed, so that members are visited in order.
    for (let index = members.length - 1; index >= 0; index--) pending.push({ value: members[index]![1], pointer: `${pointer}/${members[index]![0]}` });
  }
  return found;
}
