import { defineConfig } from "vitest/config";

/** Test files that mock a module (vi.mock): they need modules of their own, or a file before them has bound the real one. */
const MOCKING = ["test/adapters/openai-agents.test.ts"];

export default defineConfig({
  test: {
    // The CLI tests start real child processes; give them room on a 2-core machine.
    testTimeout: 60_000,
    // Many test files mostly wait on child processes and worker threads: three files at a time
    // keep 2 cores busy (measured: 289 s with vitest's default, 187 s with 3).
    maxWorkers: 3,
    projects: [
      {
        extends: true,
        // The files of a worker share its modules instead of loading zod, yaml and the harness afresh
        // for each (measured from a clean clone: 153 s against 184 s). Every test leaves module state
        // as it found it; the suite passes with its files in any order (--sequence.shuffle.files).
        test: { name: "shared", include: ["test/**/*.test.ts"], exclude: MOCKING, isolate: false },
      },
      { extends: true, test: { name: "isolated", include: MOCKING, isolate: true } },
    ],
  },
});
