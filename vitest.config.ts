import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** Test files that mock a module (vi.mock): they need modules of their own, or a file before them has bound the real one. */
const MOCKING = ["test/adapters/openai-agents.test.ts"];

/**
 * Files started before all others, in this order: each runs a whole suite against a real SDK in a
 * few lines, and vitest, knowing no durations on a fresh clone, starts the smallest files last.
 * Measured from a clean clone: the Claude Agent SDK's (a CLI process per case, 76 s alone) began
 * at 249 s of 287 s and ran on alone at the end.
 */
const STARTED_FIRST = ["test/adapters/published/claude-agent-sdk.test.ts", "test/adapters/published/"];

class HeavyFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = STARTED_FIRST.findIndex((prefix) => file.moduleId.includes(`/${prefix}`));
      return index < 0 ? STARTED_FIRST.length : index;
    };
    // Array.prototype.sort is stable: the files of one rank keep vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}

/** With --sequence.shuffle.files (the check that the files pass in any order), vitest's own random order, which a sequencer given here would replace. */
const shuffled = process.argv.some((argument) => argument.startsWith("--sequence.shuffle"));

export default defineConfig({
  test: {
    // The CLI tests start real child processes; give them room on a 2-core machine.
    testTimeout: 60_000,
    // Many test files mostly wait on child processes and worker threads: three files at a time
    // keep 2 cores busy (measured: 289 s with vitest's default, 187 s with 3).
    maxWorkers: 3,
    sequence: shuffled ? {} : { sequencer: HeavyFilesFirst },
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
