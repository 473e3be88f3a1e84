// Folders a command writes into: checked before the work whose result they will hold, and made
// one level at a time, because Node's recursive mkdir never returns under /proc.
import { mkdirSync, statSync, type Stats } from "node:fs";
import { dirname } from "node:path";
import { UsageError } from "./common.ts";
import { fileErrorCode } from "../loading/yaml-file.ts";

/** A usage error unless `folder` is a folder, or could be made one: its nearest existing ancestor is a folder. */
export function checkOutputFolder(folder: string, flag: string): void {
  for (let path = folder; ; path = dirname(path)) {
    let found: Stats | undefined;
    try {
      found = existing(path);
    } catch (error) {
      throw new UsageError(`${flag} ${folder}: cannot look at ${path} (${fileErrorCode(error)})`);
    }
    if (found) {
      if (!found.isDirectory()) throw new UsageError(`${flag} ${folder}: ${path === folder ? "it" : path} is a file, not a folder`);
      return;
    }
    if (dirname(path) === path) return;
  }
}

/** Makes `folder` and the parents it lacks; throws the file system's error when one cannot be made. */
export function makeFolder(folder: string): void {
  const missing: string[] = [];
  for (let path = folder; !existing(path) && dirname(path) !== path; path = dirname(path)) missing.unshift(path);
  for (const path of missing) mkdirSync(path);
}

/** What is at `path`, or nothing when it does not exist (or a file on the way makes it impossible). */
function existing(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return undefined;
    throw error;
  }
}
