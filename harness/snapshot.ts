// A value as it was at one moment, kept as its canonical JSON so later mutation cannot change it.
import { canonicalJson } from "../reference/fingerprint.ts";

/** Canonical JSON of a value as it is now, or a description of why it has none. */
export type Snapshot = { canonical: string } | { unrepresentable: string };

export function snapshot(value: unknown): Snapshot {
  try {
    return { canonical: canonicalJson(value) };
  } catch (error) {
    return { unrepresentable: (error as Error).message };
  }
}

export function sameSnapshot(a: Snapshot | undefined, b: Snapshot | undefined): boolean {
  return a !== undefined && b !== undefined && "canonical" in a && "canonical" in b && a.canonical === b.canonical;
}

export function describeSnapshot(value: Snapshot | undefined): string {
  if (value === undefined) return "(nothing)";
  return "canonical" in value ? value.canonical : `(no canonical form: ${value.unrepresentable})`;
}

/** The value a snapshot holds, or its description when it holds none. */
export function snapshotValue(value: Snapshot | undefined): unknown {
  return value && "canonical" in value ? (JSON.parse(value.canonical) as unknown) : describeSnapshot(value);
}
