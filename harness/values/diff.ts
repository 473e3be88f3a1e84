// Readable "- expected / + actual" diffs of JSON values, for failure messages. Both sides are
// printed from their canonical form (sorted keys), so only real differences show, and an own
// "__proto__" member prints like any other.
import { diffLines } from "diff";
import { describeSnapshot, snapshot, type Snapshot } from "./snapshot.ts";

function pretty(value: Snapshot): string {
  return value.json ? JSON.stringify(JSON.parse(value.text), null, 2) : describeSnapshot(value, Infinity);
}

export function snapshotDiff(expected: Snapshot | undefined, actual: Snapshot | undefined, expectedLabel = "expected", actualLabel = "actual"): string {
  const lines = [`- ${expectedLabel}`, `+ ${actualLabel}`];
  const text = (value: Snapshot | undefined) => (value ? pretty(value) : "(nothing)") + "\n";
  for (const part of diffLines(text(expected), text(actual))) {
    const marker = part.added ? "+ " : part.removed ? "- " : "  ";
    for (const line of part.value.replace(/\n$/, "").split("\n")) lines.push(marker + line);
  }
  return lines.join("\n");
}

export function jsonDiff(expected: unknown, actual: unknown, expectedLabel?: string, actualLabel?: string): string {
  return snapshotDiff(snapshot(expected), snapshot(actual), expectedLabel, actualLabel);
}
