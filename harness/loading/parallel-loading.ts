// Loading many case files on every core. Reading a case file (YAML, the case format, the
// cross-references) takes most of a millisecond, so 10,000 files take seconds on one thread.
// Worker threads beside this one check files with the loader's own code (checkCaseFile), taking
// them in chunks as they go, as this thread does meanwhile; what they checked comes back as data
// and text, and the result is put together in the order of the files: the same as loadCases's.
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { caseFilesIn, checkCaseFile, collectCases, loadedFile, loadCaseFile, type CheckedFile, type LoadedFile, type LoadResult } from "./loader.ts";

/** Below this many files one thread loads them: starting a worker costs about what loading 200 files does. */
export const PARALLEL_FROM = 500;

/** How many files a thread takes at a time. */
export const CHUNK_FILES = 64;

/** What a worker is handed: the files, and the counter of files taken (shared by every thread). */
export interface LoadWork {
  files: string[];
  taken: Int32Array;
}

/** What a worker sends: the files it checked, by index; then that it is done. */
export type LoadMessage = { checked: [index: number, checked: CheckedFile][] } | { done: true };

/** The next chunk of files for a thread, as [from, to), or undefined when none is left. */
export function takeChunk(taken: Int32Array, files: number): [number, number] | undefined {
  const from = Atomics.add(taken, 0, CHUNK_FILES);
  return from < files ? [from, Math.min(from + CHUNK_FILES, files)] : undefined;
}

/** loadCases on `threads` threads (one per core by default) once there are `from` files: the same result, sooner for many files. */
export async function loadCasesInParallel(paths: readonly string[], { threads = availableParallelism(), from = PARALLEL_FROM } = {}): Promise<LoadResult> {
  const files = caseFilesIn(paths);
  if (files.length < from || threads < 2) return collectCases(files.map(loadCaseFile));
  const { loaded } = await loadInThreads(files, threads - 1, true);
  // A worker that could not start, or broke, leaves its files to this thread: the result is the
  // same, and a file that breaks the loader breaks it here as it would on one thread.
  return collectCases(loaded.map((result, index) => result ?? loadCaseFile(files[index]!)));
}

/**
 * Each file loaded by one of `workers` worker threads or, with `here`, by this thread too (while
 * the workers start): undefined where no thread got to it. `byWorkers` counts the workers' files.
 */
export async function loadInThreads(files: readonly string[], workers: number, here: boolean): Promise<{ loaded: (LoadedFile | undefined)[]; byWorkers: number }> {
  const loaded: (LoadedFile | undefined)[] = new Array(files.length);
  let byWorkers = 0;
  const work: LoadWork = { files: [...files], taken: new Int32Array(new SharedArrayBuffer(4)) };
  const running = Array.from({ length: workers }, () =>
    runWorker(work, (index, checked) => {
      loaded[index] = loadedFile(files[index]!, checked);
      byWorkers += 1;
    }),
  );
  for (let chunk = here ? takeChunk(work.taken, files.length) : undefined; chunk; chunk = takeChunk(work.taken, files.length)) {
    for (let index = chunk[0]; index < chunk[1]; index++) loaded[index] = loadCaseFile(files[index]!);
  }
  await Promise.all(running);
  return { loaded, byWorkers };
}

/** Starts a worker on `work`, and settles once it is done or gone; each file it checked goes to `onChecked`. */
function runWorker(work: LoadWork, onChecked: (index: number, checked: CheckedFile) => void): Promise<void> {
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = startWorker(work);
    } catch {
      return resolve();
    }
    worker.on("message", (message: LoadMessage) => {
      if ("done" in message) return void worker.terminate().then(() => resolve());
      for (const [index, checked] of message.checked) onChecked(index, checked);
    });
    worker.on("error", () => resolve());
    worker.on("exit", () => resolve());
  });
}

/** The worker: the compiled module, or from the TypeScript sources the module through tsx's loader, as isolate.ts starts its children. */
function startWorker(work: LoadWork): Worker {
  const entry = new URL(`./load-worker${import.meta.url.endsWith(".ts") ? ".ts" : ".js"}`, import.meta.url);
  if (entry.pathname.endsWith(".js")) return new Worker(entry, { workerData: work });
  const tsx = import.meta.resolve("tsx/esm/api");
  const code = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); })`;
  return new Worker(code, { eval: true, workerData: work });
}

/** A worker's part: chunks of files, checked, until none is left. */
export function serveWork(work: LoadWork, send: (message: LoadMessage) => void): void {
  for (let chunk = takeChunk(work.taken, work.files.length); chunk; chunk = takeChunk(work.taken, work.files.length)) {
    const checked: [number, CheckedFile][] = [];
    for (let index = chunk[0]; index < chunk[1]; index++) checked.push([index, checkCaseFile(work.files[index]!)]);
    send({ checked });
  }
  send({ done: true });
}
