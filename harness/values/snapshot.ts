// A value as it was at one moment, kept as text so that later mutation cannot change it. The
// harness computes every snapshot itself (spec/adapter-contract.md, "Values"): the RFC 8785
// canonical JSON of the value when it has one, and otherwise the suite's extended notation,
// which also writes what JSON cannot (NaN, Infinity, undefined members, BigInt, lone
// surrogates), so that such values are still compared correctly.
import { Recent } from "./recent.ts";

/** `json`: `text` is the value's RFC 8785 canonical JSON. Otherwise the value has no JSON form. */
export interface Snapshot {
  text: string;
  json: boolean;
}

const MAX_DEPTH = 1000;

/** What writing one value keeps track of: whether it is all JSON, and the objects being written (to tell a cycle). */
interface WriteState {
  json: boolean;
  open: object[];
}

export function snapshot(value: unknown): Snapshot {
  const state: WriteState = { json: true, open: [] };
  try {
    return { text: write(value, state, 0), json: state.json };
  } catch (error) {
    // A getter or proxy trap that throws: the value cannot be read, which is a fact about it.
    return { text: `<unreadable: ${error instanceof Error ? error.message : String(error)}>`, json: false };
  }
}

/**
 * RFC 8785 where the value is JSON (member names sorted by UTF-16 code units, numbers and
 * strings as ECMAScript's JSON.stringify writes them), with tokens outside JSON's grammar for
 * the rest. The same value always gets the same text, and different values different texts.
 */
function write(value: unknown, state: WriteState, depth: number): string {
  switch (typeof value) {
    case "string":
      if (hasLoneSurrogate(value)) state.json = false;
      return JSON.stringify(value); // escapes lone surrogates as \udxxx
    case "number":
      if (Number.isNaN(value)) return special(state, "NaN");
      if (!Number.isFinite(value)) return special(state, value === Infinity ? "Infinity" : "-Infinity");
      return JSON.stringify(value); // shortest round-trip form; -0 is written 0
    case "boolean":
      return String(value);
    case "undefined":
      return special(state, "undefined");
    case "bigint":
      return special(state, `${value}n`);
    case "function":
    case "symbol":
      return special(state, `<${typeof value}>`);
  }
  if (value === null) return "null";
  const object = value as object;
  // The open objects are the path from the top, so a short list: cheaper than a Set per snapshot.
  if (state.open.includes(object)) return special(state, "<cycle>");
  if (depth >= MAX_DEPTH) return special(state, "<too deep>");
  state.open.push(object);
  try {
    if (Array.isArray(object)) {
      const items: string[] = [];
      for (let index = 0; index < object.length; index++) items.push(write(object[index], state, depth + 1));
      return `[${items.join(",")}]`;
    }
    const toJSON = (object as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === "function") return special(state, `<toJSON ${write(toJSON.call(object), state, depth + 1)}>`);
    const members = Object.keys(object)
      .sort()
      .map((key) => `${write(key, state, depth)}:${write((object as Record<string, unknown>)[key], state, depth + 1)}`);
    return `{${members.join(",")}}`;
  } finally {
    state.open.pop();
  }
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

/** A snapshot for a message: its text, cut after `max` characters, and whether it has a JSON form. */
export function describeSnapshot(value: Snapshot | undefined, max = 300): string {
  if (value === undefined) return "(nothing)";
  const text = value.text.length > max ? `${value.text.slice(0, max)}… (${value.text.length} characters)` : value.text;
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
 */
export function inheritedMembers(value: unknown, pointer = "", open = new Set<object>()): string[] {
  if (typeof value !== "object" || value === null || open.has(value)) return [];
  try {
    open.add(value);
    const found: string[] = [];
    const prototype: unknown = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== Array.prototype) {
      for (const key in value) if (!Object.prototype.hasOwnProperty.call(value, key)) found.push(`${pointer}/${key}`);
    }
    for (const [key, member] of Object.entries(value)) found.push(...inheritedMembers(member, `${pointer}/${key}`, open));
    open.delete(value);
    return found;
  } catch {
    return []; // an unreadable value is reported by its snapshot
  }
}
