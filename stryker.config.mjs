// Mutation testing of the harness and the reference (`npm run mutation`): Stryker changes the
// code one small edit at a time and runs the tests that cover each edit; a test suite that
// lets an edit survive does not pin that behaviour down. test/mutation/run.ts runs it one area
// at a time, through MUTATION_AREA and MUTATION_MUTATE; test/mutation/README.md has the score.
const area = process.env.MUTATION_AREA ?? "all";
const mutate = process.env.MUTATION_MUTATE
  ? JSON.parse(process.env.MUTATION_MUTATE)
  : ["harness/**/*.ts", "reference/**/*.ts", "!harness/commands/write-schemas.ts"];

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  vitest: { configFile: "vitest.mutation.config.ts", related: false },
  checkers: ["typescript"],
  tsconfigFile: "tsconfig.mutation.json", // the code under mutation, not the tests
  typescriptChecker: { prioritizePerformanceOverAccuracy: true },
  mutate,
  coverageAnalysis: "perTest",
  ignoreStatic: true,
  incremental: true,
  incrementalFile: `reports/mutation/${area}.incremental.json`,
  reporters: ["html", "json", "progress"],
  htmlReporter: { fileName: `reports/mutation/${area}.html` },
  jsonReporter: { fileName: `reports/mutation/${area}.json` },
  concurrency: 4, // two TypeScript checkers and two test runners
  timeoutMS: 5000,
  tempDirName: ".stryker-tmp",
  cleanTempDir: "always",
};
