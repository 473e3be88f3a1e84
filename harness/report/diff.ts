// Readable "- expected / + actual" diffs of JSON values, for failure messages.
import { diffJson } from "diff";
import { snapshotValue, type Snapshot } from "../snapshot.ts";

export function jsonDiff(expected: unknown, actual: unknown, expectedLabel = "expected", actualLabel = "actual"): string {
  const lines = [`- ${expectedLabel}`, `+ ${actualLabel}`];
  for (const part of diffJson(expected as object, actual as object)) {
    const marker = part.added ? "+ " : part.removed ? "- " : "  ";
    for (const line of part.value.replace(/\n$/, "").split("\n")) lines.push(marker + line);
  }
  return lines.join("\n");
}

export function snapshotDiff(expected: Snapshot | undefined, actual: Snapshot | undefined, expectedLabel?: string, actualLabel?: string): string {
  return jsonDiff(snapshotValue(expected), snapshotValue(actual), expectedLabel, actualLabel);
}
