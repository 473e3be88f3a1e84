// Which requirements a divergence from the reference shows. A generated case has no purpose of
// its own, so a diverging expectation is named after what it observed: the decoding of a raw
// string, a hook's effect, a batch, the policy's view or the execution.
import type { Call, CallExpectation } from "../loading/case-schema.ts";
import type { LoadedCase } from "../loading/loader.ts";
import type { Failure } from "../running/results.ts";
import { structureProblem } from "../../reference/strict-json.ts";

export interface Naming {
  /** The case's requirements, the first being the primary one. */
  requirements: string[];
  /** The requirement each call's expectations test. */
  calls: ReadonlyMap<string, string>;
}

/** Words whose failure names the call's requirement, which a generated case has to choose. */
const CASE_SPECIFIC: ReadonlySet<keyof CallExpectation> = new Set(["outcome", "reason", "stage", "executions", "policyEvaluations", "parsedArguments", "executedArguments", "sameHashAs", "differentHashFrom"]);

/**
 * The naming of a generated case from the failures of its provisional run, in which every
 * case-specific failure named `provisional`: universal failures keep their requirement, and a
 * diverging expectation gets the one its word and the case's content point to.
 */
export function divergenceRequirements(testCase: LoadedCase, failures: readonly Failure[], provisional: string): Naming {
  const calls = new Map<string, string>();
  const named: string[] = [];
  for (const failure of failures) {
    const chosen = failure.field && failure.callId && failure.step !== undefined && failure.requirement === provisional && CASE_SPECIFIC.has(failure.field);
    const requirement = chosen ? fieldRequirement(testCase, failure.step!, failure.callId!, failure.field!) : failure.requirement;
    if (chosen && !calls.has(failure.callId!)) calls.set(failure.callId!, requirement);
    if (!named.includes(requirement)) named.push(requirement);
  }
  return { requirements: named.length > 0 ? named : [provisional], calls };
}

function fieldRequirement(testCase: LoadedCase, step: number, callId: string, field: keyof CallExpectation): string {
  const turn = testCase.steps[step]?.turn ?? [];
  const call = turn.find((candidate) => candidate.id === callId)!;
  const expected = testCase.steps[step]!.expect![callId]!;
  const batch = turn.length > 1;
  const rewritten = (testCase.hooks ?? []).some((hook) => hook.rewrite && (hook.tools === undefined || hook.tools.includes(call.tool)));
  const denyingHook = (testCase.hooks ?? []).find((hook) => hook.decision === "deny" && (hook.tools === undefined || hook.tools.includes(call.tool)));
  switch (field) {
    case "outcome":
    case "reason":
    case "stage":
      if (expected.outcome === "invalid" && expected.stage === "json") return decodes(call) ? strictDecodingRequirement(call) : "INV-2";
      if (expected.outcome === "invalid") return rewritten ? "HOOK-2" : "INV-2";
      if (expected.outcome === "denied" && expected.reason === "policy_mutated_arguments") return "INV-6";
      if (expected.outcome === "denied" && denyingHook && (expected.reason === denyingHook.reason || expected.reason === "hook_denied")) return "HOOK-5";
      return batch ? "BATCH-1" : rewritten ? "HOOK-1" : "DECOY-1";
    case "parsedArguments":
    case "policyEvaluations":
      return batch ? "BATCH-1" : rewritten ? "HOOK-1" : "INV-1";
    case "executedArguments":
    case "executions":
      return batch ? "BATCH-1" : "INV-5";
    case "sameHashAs":
      return "MATRIX-4";
    default:
      return "INV-4";
  }
}

function decodes(call: Call): boolean {
  try {
    JSON.parse(call.arguments);
    return true;
  } catch {
    return false;
  }
}

/** JSON.parse accepts it, a strict decoder does not: a repeated member name, or a number or nesting it cannot represent. */
function strictDecodingRequirement(call: Call): string {
  return structureProblem(call.arguments)?.kind === "duplicate-member" ? "DECOY-3" : "DECOY-4";
}
