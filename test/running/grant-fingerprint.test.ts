// What a "requested" grant asks of the runtime's fingerprint capability (running/runner.ts,
// giveGrant): the decoded request, and the value the policy evaluated as the runtime holds it,
// in its own member order, not only re-read from the sorted canonical text.
import { describe, expect, it } from "vitest";
import type { Adapter } from "../../harness/adapter.ts";
import { DEFAULT_CASES_DIR, loadCases } from "../../harness/loading/loader.ts";
import { observeCase, runCase } from "../../harness/running/runner.ts";
import { stdioImplementation } from "../../harness/running/stdio/implementation.ts";
import referenceAdapter from "../../reference/adapter.ts";
import fingerprintApiNotCanonical from "../mutants/fingerprint-api-not-canonical.ts";

const { cases } = loadCases([DEFAULT_CASES_DIR]);
const preSchemaGrant = cases.find((testCase) => testCase.id === "approval-resume/pre-schema-grant-rejected")!;

/** The reference, noting the JSON text (member order kept) of every value its fingerprint is handed. */
function noting(handed: string[]): Adapter {
  return {
    ...referenceAdapter,
    async createSession(wiring) {
      const session = await referenceAdapter.createSession(wiring);
      return { runTurn: (calls, turn) => session.runTurn(calls, turn), fingerprint: (tool, args) => (handed.push(JSON.stringify(args)), session.fingerprint!(tool, args)) };
    },
  };
}

describe("a requested grant's fingerprint questions", () => {
  it("hand over the request, then the evaluated value in the member order the runtime holds it (its schema's), then in sorted order", async () => {
    const handed: string[] = [];
    const observed = await observeCase(noting(handed), preSchemaGrant, 10_000);
    if ("errored" in observed) throw new Error(observed.errored);
    expect(handed).toEqual(['{"path":"/tmp/cache/../build"}', '{"path":"/tmp/build","force":false}', '{"force":false,"path":"/tmp/build"}']);
    expect(observed.observation.runFailures).toEqual([]);
  });

  it("catch a fingerprint function that hashes the value in the order it is given, where the pipeline hashes the canonical form", async () => {
    const result = await runCase(fingerprintApiNotCanonical, preSchemaGrant, 10_000);
    expect(result.status).toBe("failed");
    expect(result.failures).toContainEqual(expect.objectContaining({ requirement: "INV-4", check: 20, callId: "c1", step: 1 }));
  });

  it("ask the sorted value only once when the runtime holds it in sorted order already", async () => {
    const handed: string[] = [];
    const sorted = cases.find((testCase) => testCase.id === "approval-resume/pre-schema-grant-rejected")!;
    const renamed = { ...sorted, tools: { delete_file: { ...sorted.tools.delete_file!, schema: { ...sorted.tools.delete_file!.schema, properties: { force: { type: "boolean", default: false }, path: { type: "string", transforms: ["normalize_path"] } } } } } };
    await observeCase(noting(handed), renamed as typeof sorted, 10_000);
    expect(handed).toEqual(['{"path":"/tmp/cache/../build"}', '{"force":false,"path":"/tmp/build"}']);
  });

  it("over stdio, ask about the value in the member order the adapter reported it, then in sorted order", async () => {
    const implementation = await stdioImplementation("node examples/stdio-adapter.mjs");
    try {
      const observed = await observeCase(implementation, preSchemaGrant, 10_000);
      if ("errored" in observed) throw new Error(observed.errored);
      const effective = '{"force":false,"path":"/tmp/build"}';
      expect(observed.observation.fingerprints.map((answer) => answer.value.text)).toEqual(['{"path":"/tmp/cache/../build"}', effective, effective]);
      expect(observed.observation.log.policies[0]?.parsedReported).toEqual({ path: "/tmp/build", force: false });
      expect(Object.keys(observed.observation.log.policies[0]?.parsedReported as object)).toEqual(["path", "force"]);
    } finally {
      await implementation.dispose?.();
    }
  });
});
