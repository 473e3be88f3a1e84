// The vitest entry point fails exactly the cases a broken runtime fails, with the requirement
// and the reason in the test's error, when run in an implementer's own vitest.
import { spawnSync } from "node:child_process";
import { expect, it } from "vitest";
import { ROOT } from "./support/cli.ts";

it("turns each case into a vitest test that fails when the runtime breaks it", () => {
  const run = spawnSync(process.execPath, ["node_modules/vitest/vitest.mjs", "run", "--config", "test/fixtures/entry-point/vitest.config.ts", "--reporter", "json"], {
    cwd: ROOT,
    encoding: "utf8",
  });
  expect(run.status).toBe(1);
  const report = JSON.parse(run.stdout) as { testResults: { assertionResults: { title: string; status: string; failureMessages: string[] }[] }[] };
  const tests = report.testResults.flatMap((file) => file.assertionResults);
  expect(tests.length).toBeGreaterThanOrEqual(15);
  const failed = tests.filter((test) => test.status === "failed");
  expect(failed.map((test) => test.title).sort()).toEqual([
    "invariant/late-mutation-while-requiring-approval-denied",
    "invariant/mutation-while-requiring-approval-denied",
    "invariant/nested-policy-mutation-denied",
    "invariant/policy-mutation-after-await-denied",
    "matrix/policy-mutation-denied",
  ]);
  expect(failed[0]!.failureMessages.join("\n")).toMatch(/(INV|MATRIX)-6 \(step 1, call c1\): expected outcome denied/);
  expect(tests.filter((test) => test.status === "passed")).toHaveLength(tests.length - 5);
});
