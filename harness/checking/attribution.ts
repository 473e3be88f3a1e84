// Which requirement a failed expectation shows broken. Some words of an expectation have one
// meaning whatever the case (the request view, what the hooks saw, shared and distinct hashes);
// the others test what the case is about: the call's own "requirement", or else the case's
// primary requirement (the first it lists). spec/case-format.md, "Expectations", has the table.
import type { CallExpectation } from "../loading/case-schema.ts";
import type { LoadedCase } from "../loading/loader.ts";
import { REQUIREMENTS } from "../loading/requirements.ts";
import type { Failure } from "../running/results.ts";
import type { CallAt } from "../vocabulary/call-references.ts";
import { explains } from "./context.ts";

/** The requirement a call's case-specific expectations test: its own, or the case's primary one. */
export function callRequirement(testCase: LoadedCase, { step, callId }: CallAt): string {
  const expect = testCase.steps[step]?.expect;
  return (expect && Object.hasOwn(expect, callId) ? expect[callId]!.requirement : undefined) ?? testCase.requirements[0]!;
}

/** Words whose failure always names the same requirement, whichever case they are written in. */
export const FIELD_REQUIREMENTS: Partial<Record<keyof CallExpectation, string>> = {
  sameHashAs: "MATRIX-4",
  differentHashFrom: "INV-4",
  handoffInput: "HANDOFF-2",
  decodesLike: "HANDOFF-2",
};

/** The request view is the decoded model request: after hooks ran for the call (HOOK-5) as without them (MATRIX-3). */
export const requestViewRequirement = (hooked: boolean) => (hooked ? "HOOK-5" : "MATRIX-3");

/** What the hooks saw: the first hook must see the decoded request before the parse (HOOK-1), each later one the previous result (HOOK-4). */
export const hookInputsRequirement = (firstHookSawTheRequest: boolean) => (firstHookSawTheRequest ? "HOOK-4" : "HOOK-1");

/**
 * The requirement a failed expectation (or a grant that could not be given) names, when the
 * universal failure `cause` accounts for it: the cause's requirement, unless the call tests a
 * requirement that refines it (a matrix row or scenario showing that invariant), which is then
 * the more precise name for what the case shows.
 */
export function consequenceRequirement(cause: Failure, own: string): string {
  const refined = explains(cause, undefined) && REQUIREMENTS.get(own)?.refines?.includes(cause.requirement);
  return refined ? own : cause.requirement;
}
