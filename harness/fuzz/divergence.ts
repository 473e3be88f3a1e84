// Which requirements a divergence from the reference shows. A generated case has no purpose of
// its own, so a diverging expectation is named after what it observed: the decoding of a raw
// string, a grant, an answer to a pending approval request, a hook's effect, a batch, the
// policy's view or the execution.
import { hookAppliesTo, type Call, type CallExpectation, type Hook } from "../loading/case-schema.ts";
import type { LoadedCase } from "../loading/loader.ts";
import type { Failure } from "../running/results.ts";
import { explains } from "../checking/context.ts";
import { decodedRequest, sameJson, snapshotValue } from "../values/snapshot.ts";
import { structureProblem } from "../../reference/strict-json.ts";
import { referencedCall, referencedStep, type CallAt } from "../vocabulary/call-references.ts";
import { REQUIREMENTS } from "../loading/requirements.ts";

export interface Naming {
  /** The case's requirements, the first being the primary one. */
  requirements: string[];
  /** The requirement each call's expectations test, by callKey: two calls with one id in different turns may test different ones. */
  calls: ReadonlyMap<string, string>;
}

/** The key of a call of a case in Naming.calls: its step and its id. */
export const callKey = ({ step, callId }: CallAt): string => `${step}\u0000${callId}`;

/** Words whose failure names the call's requirement, which a generated case has to choose. */
const CASE_SPECIFIC: ReadonlySet<keyof CallExpectation> = new Set(["outcome", "reason", "stage", "executions", "policyEvaluations", "parsedArguments", "executedArguments", "sameHashAs", "differentHashFrom"]);

/**
 * The naming of a generated case from the failures of its provisional run, in which every
 * case-specific failure named `provisional`: universal failures keep their requirement, and so
 * do the expectations one of them accounts for (its consequences); a call's first diverging
 * expectation names the requirement its word and the case's content point to, and its others
 * follow it, as they will in the written case.
 */
export function divergenceRequirements(testCase: LoadedCase, failures: readonly Failure[], provisional: string): Naming {
  const { named, calls } = nameEach(testCase, failures, provisional);
  const requirements = [...new Set(named.map((failure) => failure.requirement))];
  return { requirements: requirements.length > 0 ? requirements : [provisional], calls };
}

/** The failures of a provisional run, each named as it will be in the written case: what `fuzz --level` judges. */
export function namedFailures(testCase: LoadedCase, failures: readonly Failure[], provisional: string): Failure[] {
  return nameEach(testCase, failures, provisional).named;
}

function nameEach(testCase: LoadedCase, failures: readonly Failure[], provisional: string): { named: Failure[]; calls: Map<string, string> } {
  const calls = new Map<string, string>();
  const named: Failure[] = [...failures];
  // A resume step's failures last, so that a resumed call whose attempt diverged already when it was suspended is named as that call was.
  const resumed = (failure: Failure) => failure.step !== undefined && testCase.steps[failure.step]?.resume !== undefined;
  const order = [...failures.keys()].sort((a, b) => Number(resumed(failures[a]!)) - Number(resumed(failures[b]!)));
  for (const index of order) {
    const failure = failures[index]!;
    const { field, callId, step } = failure;
    const expectation = field && callId && step !== undefined && CASE_SPECIFIC.has(field);
    const cause = expectation ? failures.find((candidate) => candidate.step === step && candidate.callId === callId && explains(candidate, field)) : undefined;
    const consequence = cause !== undefined;
    const chosen = expectation && !consequence && failure.requirement === provisional;
    const key = expectation ? callKey({ step, callId }) : "";
    const own = () => calls.get(key) ?? suspensionRequirement(testCase, calls, step!, callId!) ?? fieldRequirement(testCase, step!, callId!, field!);
    // A consequence of a tool run no allowing evaluation came before, on a call an approval met: APPROVAL-8, which refines INV-1.
    const refined = expectation && cause && refinesCause(own(), cause);
    const requirement = chosen ? own() : refined ? refined : failure.requirement;
    // A consequence keeps its cause's name in the written case only if the call asks for it: a call's default is the case's first requirement, which may refine the cause.
    if (expectation && !calls.has(key)) calls.set(key, requirement);
    named[index] = { ...failure, requirement };
  }
  return { named, calls };
}

/**
 * For a call a resume step answers whose expectations diverged already in the turn that
 * suspended it: the requirement that divergence names. What the runtime made of the answer then
 * follows from what it suspended, which check 26 holds it to (APPROVAL-6, APPROVAL-7).
 */
function suspensionRequirement(testCase: LoadedCase, calls: ReadonlyMap<string, string>, step: number, callId: string): string | undefined {
  if (!testCase.steps[step]?.resume) return undefined;
  const suspendedIn = referencedStep(testCase.steps, callId, step);
  return suspendedIn === undefined ? undefined : calls.get(callKey({ step: suspendedIn, callId }));
}

/** APPROVAL-8, when it is the call's requirement and refines what the universal failure `cause` names for every expectation of the call. */
function refinesCause(own: string, cause: Failure): string | undefined {
  return own === "APPROVAL-8" && explains(cause, undefined) && REQUIREMENTS.get(own)?.refines?.includes(cause.requirement) ? own : undefined;
}

function fieldRequirement(testCase: LoadedCase, step: number, callId: string, field: keyof CallExpectation): string {
  // A call a resume step answers: what it ran, if anything, is held to the answer.
  const answer = testCase.steps[step]?.resume?.[callId];
  if (answer) return answer === "reject" ? "APPROVAL-7" : "APPROVAL-6";
  const turn = testCase.steps[step]?.turn ?? [];
  const call = turn.find((candidate) => candidate.id === callId)!;
  const expected = testCase.steps[step]!.expect![callId]!;
  const batch = turn.length > 1;
  // A sibling that is invalid must change nothing this call is decided (BATCH-2).
  const besideInvalid = turn.some((sibling) => sibling.id !== callId && testCase.steps[step]!.expect?.[sibling.id]?.outcome === "invalid");
  const hooks = (testCase.hooks ?? []).filter((hook) => hookAppliesTo(hook, call.tool));
  const rewritten = hooks.some((hook) => hook.rewrite);
  const editedInPlace = hooks.some((hook) => hook.mutate);
  const denyingHook = hooks.find((hook) => hook.decision === "deny");
  const resumed = resumeRequirement(testCase, step, call, expected);
  // Asked for approval again after an approval of the same id or request: running it ran on that approval.
  if ((field === "outcome" || field === "executions") && expected.outcome === "suspended" && approvedBefore(testCase, step, call)) return "APPROVAL-8";
  // Denied before any policy ran, and by no hook: the value has no canonical form, which a runtime
  // may refuse (as the reference does) or evaluate and execute unchanged (spec/latitude.md; DECOY-4, a SHOULD).
  if (expected.outcome === "denied" && expected.policyEvaluations === 0 && !denyingHook) return "DECOY-4";
  switch (field) {
    case "outcome":
    case "reason":
    case "stage":
      if (expected.outcome === "invalid" && expected.stage === "json") return decodedRequest(call.arguments) !== undefined ? strictDecodingRequirement(call) : "INV-2";
      // A replacement that is null, "", 0 or false is a replacement all the same: ignoring it skips the rewrite.
      if (expected.outcome === "invalid" && hooks.some(replacesWithFalsy)) return "HOOK-1";
      if (expected.outcome === "invalid") return rewritten ? "HOOK-2" : "INV-2";
      if (expected.outcome === "denied" && expected.reason === "policy_mutated_arguments") return "INV-6";
      if (expected.outcome === "denied" && denyingHook && (expected.reason === denyingHook.reason || expected.reason === "hook_denied")) return "HOOK-5";
      return resumed ?? hookRequirement(rewritten, editedInPlace) ?? (besideInvalid ? "BATCH-2" : batch ? "BATCH-1" : "DECOY-1");
    case "parsedArguments":
    case "policyEvaluations":
      return hookRequirement(rewritten, editedInPlace) ?? (batch ? "BATCH-1" : "INV-1");
    case "executions":
      return resumed ?? (batch ? "BATCH-1" : "INV-5");
    // Characters changed on the way to the tool; a call that ran with another's arguments is found by the universal checks.
    case "executedArguments":
      return resumed ?? "INV-5";
    case "sameHashAs":
      return "MATRIX-4";
    default:
      return "INV-4";
  }
}

/** After a rewrite, what is parsed and decided on is the hooks' result (HOOK-1); after an in-place edit, the request and its parse must stay the model's (HOOK-5). */
function hookRequirement(rewritten: boolean, editedInPlace: boolean): string | undefined {
  return rewritten ? "HOOK-1" : editedInPlace ? "HOOK-5" : undefined;
}

const replacesWithFalsy = (hook: Hook) => hook.rewrite !== undefined && "replace" in hook.rewrite && !hook.rewrite.replace;

/**
 * For a call of the granted call's tool after a grant, expected to run or to wait for approval:
 * the same effective value must match the grant, from the same text (APPROVAL-1) or an
 * equivalent one (APPROVAL-2); another value must not (APPROVAL-3). The value granted is the
 * granted call's effective value, or for a grant over the request its decoded request; the same
 * raw string means another value after a redefinition that changes what it means.
 */
function resumeRequirement(testCase: LoadedCase, step: number, call: Call, expected: CallExpectation): string | undefined {
  if (expected.outcome !== "executed" && expected.outcome !== "suspended") return undefined;
  const granted = testCase.steps.slice(0, step).flatMap((earlier, at) => (earlier.grant ? [{ view: earlier.grant.view, at: referencedCall(testCase.steps, earlier.grant.call, at) }] : []));
  for (const { view, at: grantedCall } of granted) {
    const original = grantedCall?.call;
    if (!original || original.tool !== call.tool) continue;
    const approved = view === "requested" ? snapshotValue(decodedRequest(original.arguments)) : testCase.steps[grantedCall.step]!.expect?.[original.id]?.parsedArguments;
    if (!sameJson(approved, expected.parsedArguments)) return "APPROVAL-3";
    return original.arguments === call.arguments ? "APPROVAL-1" : "APPROVAL-2";
  }
  return undefined;
}

/** Whether a resume step before `step` approved a call with this call's id, or this call's request to its tool. */
function approvedBefore(testCase: LoadedCase, step: number, call: Call): boolean {
  return testCase.steps.slice(0, step).some((earlier, at) =>
    Object.entries(earlier.resume ?? {}).some(([callId, answer]) => {
      const approved = answer === "approve" ? referencedCall(testCase.steps, callId, at)?.call : undefined;
      return approved !== undefined && (approved.id === call.id || (approved.tool === call.tool && approved.arguments === call.arguments));
    }),
  );
}

/** JSON.parse accepts it, a strict decoder does not: a repeated member name, or a number or nesting it cannot represent. */
function strictDecodingRequirement(call: Call): string {
  return structureProblem(call.arguments)?.kind === "duplicate-member" ? "DECOY-3" : "DECOY-4";
}
