// A value as it was at one moment, kept as its canonical JSON so later mutation cannot change it.
import { canonicalJson } from "../../reference/fingerprint.ts";

/** Canonical JSON of a value as it is now, or a description of why it has none. */
export type Snapshot = { canonical: string } | { unrepresentable: string };

export function snapshot(value: unknown): Snapshot {
  try {
    return { canonical: canonicalJson(value) };
  } catch (error) {
    return { unrepresentable: (error as Error).message };
  }
}

/** The model's request as the harness decodes it (plain JSON.parse), or undefined when it is not JSON. */
export function decodedRequest(raw: string): Snapshot | undefined {
  try {
    return snapshot(JSON.parse(raw));
  } catch {
    return undefined;
  }
}

export function sameSnapshot(a: Snapshot | undefined, b: Snapshot | undefined): boolean {
  return a !== undefined && b !== undefined && "canonical" in a && "canonical" in b && a.canonical === b.canonical;
}

/** Equality of JSON values as the suite means it: equal canonical forms (so -0 equals 0). */
export function sameJson(a: unknown, b: unknown): boolean {
  return sameSnapshot(snapshot(a), snapshot(b));
}

export function describeSnapshot(value: Snapshot | undefined): string {
  if (value === undefined) return "(nothing)";
  return "canonical" in value ? value.canonical : `(no canonical form: ${value.unrepresentable})`;
}

/** The value a snapshot holds, or its description when it holds none. */
export function snapshotValue(value: Snapshot | undefined): unknown {
  return value && "canonical" in value ? (JSON.parse(value.canonical) as unknown) : describeSnapshot(value);
}

/**
 * Enumerable members a value's objects inherit from a prototype other than the plain ones,
 * as "pointer.member". Canonical JSON and pointers see own members only, so a schema that
 * turns an own "__proto__" key into a prototype (Zod 4 does, under passthrough) hides them.
 */
export function inheritedMembers(value: unknown, pointer = ""): string[] {
  if (typeof value !== "object" || value === null) return [];
  const found: string[] = [];
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== Array.prototype && prototype !== null) {
    for (const key in value) if (!Object.prototype.hasOwnProperty.call(value, key)) found.push(`${pointer}/${key}`);
  }
  for (const [key, member] of Object.entries(value)) found.push(...inheritedMembers(member, `${pointer}/${key}`));
  return found;
}
