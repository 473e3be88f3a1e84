// The argument views the runtime shows (RFC-0015, "Argument Views" and test matrix rows 3 and
// 7): the raw view is the provider's exact string; the request view, when handed over, is the
// decoded model request; a suspended proposal keeps both views and the fingerprint the policy
// saw; and nothing handed to policy or tool carries members that no view shows (inherited
// through a prototype).
import type { Call } from "../loading/case-schema.ts";
import type { Failure } from "../running/results.ts";
import type { PolicyRecord } from "../running/observation.ts";
import { snapshotDiff } from "../values/diff.ts";
import { quoted, shown, SHOWN_TEXT_CHARACTERS } from "../values/elide.ts";
import { decodedRequest, sameSnapshot, snapshot } from "../values/snapshot.ts";
import { requestViewRequirement } from "./attribution.ts";
import type { TurnContext } from "./context.ts";

export function viewFailures(context: TurnContext): Failure[] {
  const { turn, failure } = context;
  const failures: Failure[] = [];
  for (const call of turn.calls) {
    const request = decodedRequest(call.arguments);
    const policies = context.policiesOf(call.id);
    for (const policy of policies) {
      // An invalid call that reached the policy is check 3's (INV-2), whatever it was handed.
      if (!context.invalid(call)) failures.push(...rawViewFailures(context, call, policy));
      if (policy.inherited.length > 0) failures.push(failure(16, "DECOY-2", hiddenMembers("policy", policy.inherited), { callId: call.id }));
      if (policy.requestedAtEntry !== undefined && !context.invalid(call) && !sameSnapshot(policy.requestedAtEntry, request)) {
        const diff = snapshotDiff(request, policy.requestedAtEntry, "decoded request", "requestedArguments");
        failures.push(failure(17, requestViewRequirement(context.hooked(call.id)), "the requestedArguments handed to the policy are not the model's decoded request", { callId: call.id, diff }));
      } else if (sharedWithAHook(context, call.id, policy)) {
        failures.push(failure(17, "HOOK-5", "the requestedArguments handed to the policy are the very object a hook was handed, so a hook could change the request view in place", { callId: call.id }));
      }
    }
    for (const execution of context.executionsOf(call.id)) {
      if (execution.inherited.length > 0) failures.push(failure(16, "DECOY-2", hiddenMembers("tool", execution.inherited), { callId: call.id }));
    }
    failures.push(...suspendedFailures(context, call.id, call.arguments, policies));
  }
  return failures;
}

/** Check 25: the raw view handed to the policy is the provider's exact string (absent: a stdio adapter did not report it). */
function rawViewFailures(context: TurnContext, call: Call, policy: PolicyRecord): Failure[] {
  const at = { callId: call.id };
  if (policy.rawArguments === null) return [context.failure(25, "INV-8", "the policy was handed no rawArguments", at)];
  if (policy.rawArguments === undefined || policy.rawArguments === call.arguments) return [];
  return [context.failure(25, "INV-8", `the rawArguments handed to the policy, ${quoted(policy.rawArguments)}, are not the provider's exact string ${quoted(call.arguments)}`, at)];
}

/** In process: whether the request view is an object some hook of the call was handed (hooks must get copies). */
function sharedWithAHook(context: TurnContext, callId: string, policy: PolicyRecord): boolean {
  const view = policy.requestedRef;
  return typeof view === "object" && view !== null && context.hooksOf(callId).some((hook) => hook.toolInputRef === view);
}

function hiddenMembers(receiver: string, members: string[]): string {
  return `the arguments handed to the ${receiver} inherit members that no view shows: ${shown(members.join(", "), SHOWN_TEXT_CHARACTERS)}`;
}

const ABSENT = snapshot(undefined);

function suspendedFailures(context: TurnContext, callId: string, raw: string, policies: PolicyRecord[]): Failure[] {
  const outcome = context.turn.outcomes.get(callId);
  const request = decodedRequest(raw);
  // A malformed call should not have got this far: check 2 reports that, and there is no view to hold.
  if (outcome?.outcome !== "suspended" || request === undefined) return [];
  const failures: Failure[] = [];
  const fail = (message: string, diff?: string) => failures.push(context.failure(18, "MATRIX-7", message, { callId, ...(diff ? { diff } : {}) }));
  const proposal = outcome.proposal;
  const policy = policies.filter((record) => record.decision.decision === "require_approval").at(-1);
  if (!policy) {
    fail("the call was suspended without a policy evaluation that required approval");
    return failures;
  }
  // After a policy changed the arguments (INV-6 is reported), the proposal shows the change.
  if (sameSnapshot(proposal.parsedArguments, ABSENT)) fail("the suspended proposal has no parsedArguments view");
  else if (policy.mutation !== "changed" && !sameSnapshot(proposal.parsedArguments, policy.parsedAtEntry)) {
    fail("the suspended parsedArguments differ from what the policy evaluated", snapshotDiff(policy.parsedAtEntry, proposal.parsedArguments, "evaluated", "suspended"));
  }
  // Without proposal hashes (no "proposal-hash" capability) there is no fingerprint to carry.
  if (context.observation.hashes) {
    if (proposal.argsCanonicalJson !== policy.argsCanonicalJson) fail(`the suspended argsCanonicalJson ${shown(proposal.argsCanonicalJson)} is not the ${shown(policy.argsCanonicalJson)} the policy was handed`);
    if (proposal.proposalHash !== policy.proposalHash) fail(`the suspended proposalHash ${shown(proposal.proposalHash)} is not the effective hash ${shown(policy.proposalHash)} the policy was handed`);
  }
  if (proposal.rawArguments === undefined) fail("the suspended proposal has no rawArguments view");
  else if (proposal.rawArguments !== raw) fail(`the suspended rawArguments ${quoted(proposal.rawArguments)} are not the model's exact string ${quoted(raw)}`);
  if (proposal.requestedArguments === undefined) fail("the suspended proposal has no requestedArguments view");
  else if (!sameSnapshot(proposal.requestedArguments, request)) {
    fail("the suspended requestedArguments are not the model's decoded request", snapshotDiff(request, proposal.requestedArguments, "decoded request", "suspended"));
  }
  return failures;
}
