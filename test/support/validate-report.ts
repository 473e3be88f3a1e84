// What `validate` reports for the fixture whose expectations the reference does not meet: one
// line per unmet expectation at its place, with the diff. The CLI test (a child process) and
// the commands' test (in process) both pin it.
export const WRONG_EXPECTATIONS = "test/fixtures/wrong-expectations/matrix/forgotten-default.yaml";

export const WRONG_EXPECTATIONS_REPORT: readonly string[] = [
  `${WRONG_EXPECTATIONS}:36:5: steps.2: the reference fails MATRIX-1 here: cannot grant approval for c1: it was not suspended (reported: executed)`,
  `${WRONG_EXPECTATIONS}:30:9: steps.0.expect.c1.parsedArguments: the reference does not meet this expectation: parsedArguments (at policy entry) differ from the expectation`,
  "    - expected",
  "    + actual",
  "      {",
  '    +   "dryRun": true,',
  '        "pattern": "/tmp/*.tmp"',
  "      }",
  `${WRONG_EXPECTATIONS}:35:13: steps.1.expect.c2.outcome: the reference does not meet this expectation: expected outcome executed, got denied ("live_delete_forbidden")`,
  `${WRONG_EXPECTATIONS}:35:7: steps.1.expect.c2.executions (the default): the reference does not meet this expectation: expected the tool to run 1 time(s), it ran 0 time(s)`,
];
