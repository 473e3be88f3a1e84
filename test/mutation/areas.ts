// The areas `npm run mutation` tests one after another: each has its own Stryker run, its own
// incremental file and report, so an interrupted run loses one area at most and a change to
// one area re-tests only that area's changed code. "direct" runs the direct tests that finish
// in milliseconds; "all" adds the ones that start child processes or fuzz, for the areas they
// test (the CLI, stdio adapters, the fuzz command).
export interface MutationArea {
  name: string;
  mutate: string[];
  tests: "direct" | "all";
}

export const MUTATION_AREAS: readonly MutationArea[] = [
  { name: "checking", mutate: ["harness/checking/**/*.ts"], tests: "direct" },
  { name: "values", mutate: ["harness/values/**/*.ts"], tests: "direct" },
  { name: "vocabulary", mutate: ["harness/vocabulary/**/*.ts"], tests: "direct" },
  { name: "loading", mutate: ["harness/loading/**/*.ts"], tests: "direct" },
  { name: "reporting", mutate: ["harness/reporting/**/*.ts"], tests: "direct" },
  { name: "running", mutate: ["harness/running/**/*.ts"], tests: "all" },
  { name: "commands", mutate: ["harness/commands/**/*.ts", "!harness/commands/write-schemas.ts"], tests: "all" },
  { name: "fuzz", mutate: ["harness/fuzz/**/*.ts"], tests: "all" },
  { name: "entry", mutate: ["harness/*.ts"], tests: "all" },
  { name: "reference", mutate: ["reference/**/*.ts"], tests: "direct" },
];
