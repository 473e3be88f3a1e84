// Folders and files a command writes: a folder checked before the work whose result it will hold,
// and made one level at a time, because Node's recursive mkdir never returns under /proc; a file
// written only where it is a regular file or nothing yet (named-paths.ts says why).
import { closeSync, constants, mkdirSync, openSync, statSync, writeFileSync, type Stats } from "node:fs";
import { dirname } from "node:path";
import { UsageError } from "./common.ts";
import { checkPath, fileErrorCode, kindProblem } from "../loading/named-paths.ts";

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
      const problem = kindProblem(found, "folder");
      if (problem) throw new UsageError(`${flag} ${folder}: ${path === folder ? "it" : path} is ${problem}`);
      return;
    }
    if (dirname(path) === path) return;
  }
}

/**
 * Writes `text` to `path`, a regular file or nothing yet; throws the file system's error, or a
 * PathProblem (fileErrorCode says either). Opened without blocking: a FIFO put there after the
 * look fails the open (ENXIO) instead of waiting for a reader.
 */
export function writeOutputFile(path: string, text: string): void {
  checkPath(path, "file");
  const fd = openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NONBLOCK, 0o666);
  try {
    writeFileSync(fd, text);
  } finally {
    closeSync(fd);
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
