// The tests Stryker runs for each mutant (`npm run mutation`): the direct tests of the harness's
// checks, vocabulary, loading, running and reporting. The slow sweeps (every mutant and variant
// on every case, property runs) stay in `npm test` only: they would make each of thousands of
// mutant runs take seconds. MUTATION_TESTS=direct also leaves out the direct tests that start
// child processes or fuzz (the CLI, stdio adapters, the fuzz command), for the areas they do
// not test; test/mutation/areas.ts says which area uses which.
import { defineConfig } from "vitest/config";

const slow = [
  "test/running/stdio.test.ts",
  "test/commands/main.test.ts",
  "test/fuzz/differential.test.ts",
  "test/fuzz/arbitraries.test.ts",
];

export default defineConfig({
  test: {
    include: ["test/{checking,loading,running,reporting,values,vocabulary,reference,commands,fuzz}/**/*.test.ts"],
    exclude: process.env.MUTATION_TESTS === "direct" ? slow : [],
    testTimeout: 20_000,
  },
});
