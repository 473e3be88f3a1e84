// Starting a worker thread on one of the harness's own modules, from TypeScript sources (through
// tsx) or from compiled JavaScript alike.
import { Worker } from "node:worker_threads";

/** A worker running `name` (without extension), found beside the module at `besideUrl`. */
export function startWorker(besideUrl: string, name: string, workerData: unknown): Worker {
  const typescript = besideUrl.endsWith(".ts");
  const entry = new URL(`./${name}${typescript ? ".ts" : ".js"}`, besideUrl);
  if (!typescript) return new Worker(entry, { workerData });
  // A worker does not inherit the main thread's tsx loader: it registers its own first.
  const tsx = import.meta.resolve("tsx/esm/api");
  const bootstrap = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); });`;
  return new Worker(bootstrap, { eval: true, workerData });
}
