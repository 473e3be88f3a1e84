// Paths a user names (case files and the folders searched for them, an expectations file, reports,
// an adapter module, the files and folders a command writes) are looked at, links followed, before
// they are opened: opening a FIFO waits for its other end for ever, and a device such as /dev/zero
// reads without end. Reads are bounded too, and open without blocking, so that a FIFO put in the
// file's place between the look and the open cannot hang them either.
import { closeSync, constants, fstatSync, openSync, readSync, statSync, type Stats } from "node:fs";

/**
 * The most a file read here may hold. A case file holds a few KB and a run's JSON report about
 * 50 KB; 64 MiB is far above any real one, and keeps a file named by mistake (a disk image, a
 * log) from filling memory.
 */
export const MAX_FILE_BYTES = 64 * 1024 * 1024;

/** A path that is not what it must be, or a file too large to read; fileErrorCode shows its message where it shows a code. */
export class PathProblem extends Error {}

/** What the file system said when reading or writing a file failed: its code (ENOENT...), what a PathProblem says, or the error itself. */
export function fileErrorCode(error: unknown): string {
  if (error instanceof PathProblem) return error.message;
  return (error as NodeJS.ErrnoException).code ?? String(error);
}

/** Why what is found is not what is wanted ("a FIFO, not a regular file"), or undefined when it is. The one check, for every path. */
export function kindProblem(stats: Stats, wanted: "file" | "folder"): string | undefined {
  if (wanted === "file" ? stats.isFile() : stats.isDirectory()) return undefined;
  return `${kindOf(stats)}, not ${wanted === "file" ? "a regular file" : "a folder"}`;
}

function kindOf(stats: Stats): string {
  if (stats.isFile()) return "a file";
  if (stats.isDirectory()) return "a folder";
  if (stats.isFIFO()) return "a FIFO";
  if (stats.isCharacterDevice()) return "a character device";
  if (stats.isBlockDevice()) return "a block device";
  return "a socket";
}

/**
 * Throws a PathProblem ("it is a FIFO, not a regular file") when what is at `path`, links
 * followed, is not what is wanted. Nothing there, or nothing that can be looked at, is left to
 * the reading or writing that follows, which says so with the file system's code.
 */
export function checkPath(path: string, wanted: "file" | "folder"): void {
  let stats: Stats;
  try {
    stats = statSync(path);
  } catch {
    return;
  }
  refuseKind(stats, wanted);
}

function refuseKind(stats: Stats, wanted: "file" | "folder"): void {
  const problem = kindProblem(stats, wanted);
  if (problem) throw new PathProblem(`it is ${problem}`);
}

/** The bytes of the regular file at `path`, at most MAX_FILE_BYTES; throws the file system's error, or a PathProblem. */
export function readNamedFile(path: string): Buffer {
  checkPath(path, "file");
  // Without blocking: a FIFO that took the file's place since opens at once, and is refused below.
  const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const stats = fstatSync(fd);
    refuseKind(stats, "file");
    if (stats.size > MAX_FILE_BYTES) throw tooLarge(`${stats.size} bytes, more`);
    // One byte more than the size said: a file that grew meanwhile is read on, up to the bound.
    const chunks: Buffer[] = [];
    let total = 0;
    for (let size = stats.size + 1; ; size = 64 * 1024) {
      const chunk = Buffer.allocUnsafe(size);
      const read = readSync(fd, chunk, 0, size, null);
      if (read === 0) return Buffer.concat(chunks, total);
      chunks.push(chunk.subarray(0, read));
      total += read;
      if (total > MAX_FILE_BYTES) throw tooLarge("more");
    }
  } finally {
    closeSync(fd);
  }
}

/** "it is 67108865 bytes, more than the ...", or, for a file that grew while read, "it is more than the ...". */
const tooLarge = (size: string) => new PathProblem(`it is ${size} than the ${MAX_FILE_BYTES} (64 MiB) effective-args reads`);
