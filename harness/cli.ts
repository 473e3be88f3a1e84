#!/usr/bin/env node
// The installed command, `effective-args`. On Node.js 22.1 and later, V8's compiled code of the
// harness's modules is kept between runs (in the system's temporary folder, as Node.js chooses),
// which makes a run start sooner: measured on Node.js 22.23, 2 cores, `run` of every case
// against the reference, median of 10: 287 ms CPU without, 269 ms with. Node.js 20 has none.
// It must be on before the modules load, hence the import below, after it.
import module from "node:module";

(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
await import("./commands/process.ts");
