// The commands in process, through the CLI's own entry point (harness/commands/main.ts), with
// what they print captured; and files written for a test into a scratch folder of its own.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { main } from "../../harness/commands/main.ts";

export async function runMain(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const code = await main(argv, { out: (text) => void (stdout += text), err: (text) => void (stderr += text) });
  return { code, stdout, stderr };
}

/** A scratch folder, and a function that writes a file (and its folders) into it. */
export function scratchFolder(prefix: string): { folder: string; file: (name: string, text: string) => string } {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  const file = (name: string, text: string) => {
    const path = join(folder, name);
    mkdirSync(join(path, ".."), { recursive: true });
    writeFileSync(path, text);
    return path;
  };
  return { folder, file };
}
