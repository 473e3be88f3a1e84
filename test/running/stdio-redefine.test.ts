// Tool redefinitions and reused call ids over the stdio protocol: the example adapter passes the
// cases that use them; an adapter that answers "redefine" with the wrong reply or an error errors
// that case only, and the run goes on; one that says "redefined" but keeps its old tools fails.
import { describe, expect, it } from "vitest";
import { DEFAULT_CASES_DIR, loadCases } from "../../harness/loading/loader.ts";
import type { Implementation } from "../../harness/running/implementation.ts";
import type { CaseResult } from "../../harness/running/results.ts";
import { runCases } from "../../harness/running/runner.ts";
import { stdioImplementation } from "../../harness/running/stdio/implementation.ts";

const { cases } = loadCases([DEFAULT_CASES_DIR]);
const byId = (id: string) => {
  const found = cases.find((testCase) => testCase.id === id);
  if (!found) throw new Error(`no case ${id}`);
  return found;
};

const DEFAULT_CHANGED = byId("approval-resume/default-changed-before-resume");
const REDEFINED_DEFAULT = byId("decoy-field/redefined-default-evaluated");
const REUSED_ID_APPROVAL = byId("approval-resume/reused-call-id-new-arguments");
const REUSED_ID_DECODED = byId("invariant/reused-call-id-decoded-afresh");

const EXAMPLE = "node examples/stdio-adapter.mjs";
const misbehaving = (kind: string) => `node test/fixtures/stdio-redefine/adapter.mjs ${kind}`;

/** Runs the cases through the adapter command, and shuts it down whatever happens. */
async function run(command: string, selected: typeof cases): Promise<{ implementation: Implementation; results: CaseResult[] }> {
  const implementation = await stdioImplementation(command);
  try {
    return { implementation, results: await runCases(implementation, selected, { timeoutMs: 10_000 }) };
  } finally {
    await implementation.dispose?.();
  }
}

describe("the example stdio adapter", () => {
  it("declares tool-changes and passes the cases with redefinitions and reused call ids", async () => {
    // The redefinition cases need the capability: without it they would be skipped, not passed.
    expect(DEFAULT_CHANGED.capabilities).toContain("tool-changes");
    expect(REDEFINED_DEFAULT.capabilities).toContain("tool-changes");
    const { implementation, results } = await run(EXAMPLE, [DEFAULT_CHANGED, REDEFINED_DEFAULT, REUSED_ID_APPROVAL, REUSED_ID_DECODED]);
    expect(implementation.capabilities).toContain("tool-changes");
    expect(results.map(({ id, status, failures, reason }) => ({ id, status, failures, reason }))).toEqual([
      { id: DEFAULT_CHANGED.id, status: "passed", failures: [], reason: undefined },
      { id: REDEFINED_DEFAULT.id, status: "passed", failures: [], reason: undefined },
      { id: REUSED_ID_APPROVAL.id, status: "passed", failures: [], reason: undefined },
      { id: REUSED_ID_DECODED.id, status: "passed", failures: [], reason: undefined },
    ]);
  });
});

describe("an adapter that misbehaves on redefine", () => {
  it.each([
    { kind: "wrong-type", reason: /^the adapter answered the redefinition of read_file with "started" instead of "redefined"$/ },
    {
      kind: "error",
      reason: /^the adapter reported an error for the redefinition of read_file: this runtime cannot change its tools; its stderr ends with:\nredefine-misbehaving adapter: refusing the redefinition$/,
    },
  ])("($kind) errors each case that redefines, with the reason, and the run goes on", async ({ kind, reason }) => {
    const { implementation, results } = await run(misbehaving(kind), [DEFAULT_CHANGED, REUSED_ID_DECODED, REDEFINED_DEFAULT]);
    expect(implementation.capabilities).toContain("tool-changes");
    expect(results.map((result) => result.status)).toEqual(["errored", "passed", "errored"]);
    expect(results[0]!.reason).toMatch(reason);
    expect(results[2]!.reason).toMatch(reason);
    // An errored case shows nothing broken: no failures are charged to a requirement.
    expect(results[0]!.failures).toEqual([]);
  });

  it("(ignore: replies redefined, keeps the old schema) fails redefined-default-evaluated on DECOY-1", async () => {
    const { results } = await run(misbehaving("ignore"), [REDEFINED_DEFAULT]);
    const [result] = results;
    expect(result!.status).toBe("failed");
    expect(result!.reason).toBeUndefined();
    // Every failure is the second turn's c2 (step index 2), judged under the case's first requirement.
    expect(new Set(result!.failures.map((failure) => `${failure.requirement} ${failure.step} ${failure.callId}`))).toEqual(new Set(["DECOY-1 2 c2"]));
    // The old default (/workspace/README.md) was evaluated and run, where the new one (/etc/passwd) is to be denied.
    expect(result!.failures).toContainEqual(expect.objectContaining({ field: "outcome", message: "expected outcome denied, got executed" }));
    expect(result!.failures).toContainEqual(expect.objectContaining({ field: "executions", message: "expected the tool to run 0 time(s), it ran 1 time(s)" }));
    const parsed = result!.failures.find((failure) => failure.field === "parsedArguments");
    expect(parsed?.diff).toContain('-   "path": "/etc/passwd"');
    expect(parsed?.diff).toContain('+   "path": "/workspace/README.md"');
    expect(result!.failures.map((failure) => failure.field)).toContain("differentHashFrom");
  });
});
