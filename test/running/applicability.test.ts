// What a runtime cannot be judged on is not applicable and counted apart, never against it
// (issue 32): a requirement about a capability RFC-0015 does not require (hooks, approval, the
// runtime's own resume, batches, hashes, handoffs, the raw view), and a case whose raw strings the
// adapter's transport cannot carry. What an adapter could add for a runtime that has the thing (a
// fingerprint, tool changes) is "not judged" instead, and the badge says what to declare.
import { describe, expect, it } from "vitest";
import type { Adapter, Capability } from "../../harness/adapter.ts";
import { DEFAULT_CASES_DIR, loadCases } from "../../harness/loading/loader.ts";
import { REQUIREMENTS } from "../../harness/loading/requirements.ts";
import { buildReport } from "../../harness/reporting/report.ts";
import { runCases } from "../../harness/running/runner.ts";
import { referenceAdapter } from "../../reference/adapter.ts";
import { referenceStages } from "../../reference/runtime.ts";
import emptyArgumentsAsObject from "../mutants/empty-arguments-as-object.ts";

const { cases } = loadCases([DEFAULT_CASES_DIR]);
const reference = referenceAdapter();
const without = (name: string, ...lacking: Capability[]): Adapter => ({ ...referenceAdapter(name), capabilities: reference.capabilities.filter((capability) => !lacking.includes(capability)) });
const needing = (capability: Capability) => [...REQUIREMENTS.values()].filter((requirement) => (requirement.needs as readonly Capability[] | undefined)?.includes(capability)).map((requirement) => requirement.id);
const report = async (adapter: Adapter) => buildReport(adapter, await runCases(adapter, cases), []);
const statusesOf = (verdicts: { id: string; status: string }[]) => Object.fromEntries(verdicts.map((verdict) => [verdict.id, verdict.status]));

describe("a correct runtime without a capability RFC-0015 does not require", () => {
  it("without hooks scores MUST 100%, the hook requirements not applicable and counted apart", async () => {
    expect(needing("hooks")).toEqual(["HOOK-1", "HOOK-2", "HOOK-3", "HOOK-4", "HOOK-5"]);
    const { summary, requirements } = await report(without("reference without hooks", "hooks"));
    expect(summary.badge).toBe("MUST 29/29 (100%), SHOULD 6/6 (100%); not applicable: 5");
    const statuses = statusesOf(requirements);
    expect(Object.keys(statuses).filter((id) => statuses[id] === "not_applicable")).toEqual(needing("hooks"));
    expect(Object.keys(statuses).filter((id) => statuses[id] !== "not_applicable" && statuses[id] !== "holds")).toEqual([]);
  });

  it.each([
    ["batch", "MUST 29/29 (100%), SHOULD 7/7 (100%); not applicable: 4"],
    ["approval", "MUST 24/24 (100%), SHOULD 7/7 (100%); not applicable: 9"],
    ["resume", "MUST 29/29 (100%), SHOULD 8/8 (100%); not applicable: 3"],
  ] as const)("without %s scores MUST 100% as well: %s", async (capability, expected) => {
    const { summary, requirements } = await report(without(`reference without ${capability}`, capability, ...(capability === "approval" ? (["resume"] as const) : [])));
    expect(summary.badge).toBe(expected);
    expect(requirements.filter((verdict) => verdict.status !== "not_applicable" && verdict.status !== "holds")).toEqual([]);
  });

  it("without a fingerprint or tool changes, which an adapter can add, is short of 100%, and the badge says what to declare", async () => {
    const { summary, requirements } = await report(without("reference without a fingerprint", "fingerprint", "tool-changes"));
    const skipped = requirements.filter((verdict) => verdict.status === "skipped");
    expect(skipped.map((verdict) => [verdict.id, verdict.lacking])).toEqual([["APPROVAL-4", ["fingerprint"]]]);
    expect(summary.badge).toBe('MUST 31/32 (96%), SHOULD 8/8 (100%); 1 MUST not judged: declare "fingerprint"');
  });
});

describe("a transport that cannot carry an empty raw string", () => {
  const limited = { ...referenceAdapter("reference over a transport without empty strings"), transportLimits: ["empty-raw-string"] as const };

  it("makes exactly the cases that send one not applicable; their requirements are judged by the others", async () => {
    const { summary, results } = await report(limited);
    const skipped = results.filter((result) => result.status === "skipped");
    expect(skipped.map((result) => [result.id, result.notApplicable])).toEqual([
      ["handoff/empty-or-trailing-handoff-refused", true],
      ["matrix/empty-argument-string-is-malformed", true],
    ]);
    expect(skipped[1]!.reason).toBe("not applicable: the adapter's transport cannot carry an empty raw argument string (there it means a call without arguments, {}) (it declares transportLimits: empty-raw-string)");
    expect(summary.badge).toBe("MUST 32/32 (100%), SHOULD 8/8 (100%)");
  });

  it("excuses the empty string only: reading blank text as {} still breaks MATRIX-5 and INV-2", async () => {
    const lenient = { ...emptyArgumentsAsObject, transportLimits: ["empty-raw-string"] as const };
    const [result] = await runCases(lenient, cases.filter((testCase) => testCase.id === "matrix/malformed-json-runs-nothing"));
    expect(result!.status).toBe("failed");
    expect(new Set(result!.failures.map((failure) => failure.requirement))).toEqual(new Set(["MATRIX-5", "INV-2"]));
  });

  it("without the declaration, a runtime that reads the empty string as {} fails the case that sends it", async () => {
    const emptyOnly: Adapter = { ...referenceAdapter("empty string as {}", { ...referenceStages, decode: (raw) => (raw === "" ? {} : referenceStages.decode(raw)) }) };
    const chosen = cases.filter((testCase) => testCase.id === "matrix/empty-argument-string-is-malformed");
    const [failed] = await runCases(emptyOnly, chosen);
    expect(failed!.status).toBe("failed");
    const [excused] = await runCases({ ...emptyOnly, transportLimits: ["empty-raw-string"] }, chosen);
    expect([excused!.status, excused!.notApplicable]).toEqual(["skipped", true]);
  });
});
