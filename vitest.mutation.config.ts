// The tests Stryker runs for each mutant (`npm run mutation`): the direct tests of the harness's
// checks, vocabulary, loading, running and reporting, each fast. The slow sweeps (every mutant
// and variant on every case, property runs, fuzzing, the CLI as a child process) run in
// `npm test`; they would make each of thousands of mutant runs take seconds.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/{checking,loading,running,reporting,values,vocabulary,reference,commands,fuzz}/**/*.test.ts"],
    testTimeout: 20_000,
  },
});
