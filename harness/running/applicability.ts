// Whether a case can be run and judged against an implementation, decided before it runs from
// what the implementation declares: a case whose raw strings its transport cannot carry is not
// applicable to it; a case that uses a capability it lacks is skipped, as not applicable when every
// requirement the case lists is (spec/requirements.yaml, `needs`), and as not judged otherwise, which
// the badge counts and names (reporting/summary.ts).
import type { Capability, TransportLimit } from "../adapter.ts";
import type { LoadedCase } from "../loading/loader.ts";
import { LACKING, notApplicableTo, REQUIREMENTS } from "../loading/requirements.ts";
import type { Implementation } from "./implementation.ts";
import { caseResult, type CaseResult } from "./results.ts";

/** What each transport limit keeps from the harness, as reports say it. */
export const CANNOT_CARRY: Record<TransportLimit, string> = {
  "empty-raw-string": "an empty raw argument string (there it means a call without arguments, {})",
};

/** The transport limits a case runs into: the raw strings it sends that some transports cannot carry as such. */
export function transportNeeds(testCase: Pick<LoadedCase, "steps">): TransportLimit[] {
  const empty = testCase.steps.some((step) => step.turn?.some((call) => call.arguments === ""));
  return empty ? ["empty-raw-string"] : [];
}

type Declared = Pick<Implementation, "capabilities" | "transportLimits">;

/** The case's result when it cannot be run against the implementation, or undefined when it can. */
export function skippedBeforeRunning(implementation: Declared, testCase: LoadedCase, started: number): CaseResult | undefined {
  const limits = transportNeeds(testCase).filter((limit) => implementation.transportLimits?.includes(limit));
  if (limits.length > 0) {
    const reason = `not applicable: the adapter's transport cannot carry ${limits.map((limit) => CANNOT_CARRY[limit]).join(" or ")} (it declares transportLimits: ${limits.join(", ")})`;
    return caseResult(testCase, started, { status: "skipped", failures: [], reason, notApplicable: true });
  }
  const missing = missingCapabilities(implementation, testCase);
  if (missing.length === 0) return undefined;
  const notApplicable = notApplicableTo(implementation.capabilities);
  if (testCase.requirements.every((id) => notApplicable.has(id))) {
    return caseResult(testCase, started, { status: "skipped", failures: [], reason: notApplicableReason(testCase.requirements, implementation.capabilities, false), notApplicable: true });
  }
  return caseResult(testCase, started, { status: "skipped", failures: [], reason: `the adapter does not declare: ${missing.join(", ")}`, lacking: missing });
}

/** Why a case whose every requirement is not applicable was not judged: what the runtime lacks, by the capability it does not declare. */
export function notApplicableReason(requirements: readonly string[], capabilities: readonly Capability[], ran = true): string {
  const lacking = [...new Set(requirements.flatMap((id) => (REQUIREMENTS.get(id)?.needs ?? []).filter((need) => !capabilities.includes(need))))];
  return `not applicable: ${requirements.join(", ")}, since ${lacking.map((need) => `${LACKING[need]} (no "${need}" capability)`).join(" and ")}${ran ? "; the universal checks held" : ""}`;
}

/**
 * The capabilities a case needs that the implementation lacks. Without proposal hashes the
 * runtime has no fingerprint to ask for: its grants are simply not given (see giveGrant), so
 * that need skips nothing.
 */
export function missingCapabilities(implementation: Pick<Implementation, "capabilities">, testCase: LoadedCase): Capability[] {
  const hashes = implementation.capabilities.includes("proposal-hash");
  return testCase.capabilities.filter((capability) => !implementation.capabilities.includes(capability) && (hashes || capability !== "fingerprint"));
}
