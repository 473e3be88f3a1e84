// Evaluated equals executed (RFC-0015, invariants 5 and 6): a tool runs once, after exactly one
// allowing evaluation of its call, with the very object the policy evaluated, unchanged; a
// policy that changed the arguments ends the attempt with policy_mutated_arguments.
import type { Call } from "../loading/case-schema.ts";
import type { Failure } from "../running/results.ts";
import { snapshotDiff } from "../values/diff.ts";
import { decodedRequest, sameSnapshot, type Snapshot } from "../values/snapshot.ts";
import { describeOutcome } from "../running/observation.ts";
import type { TurnContext } from "./context.ts";

export const POLICY_MUTATED_ARGUMENTS = "policy_mutated_arguments";

export function executionFailures(context: TurnContext): Failure[] {
  const { turn, failure } = context;
  const failures: Failure[] = [];
  for (const call of turn.calls) {
    const policies = context.policiesOf(call.id);
    const executions = context.executionsOf(call.id);
    if (policies.length > 1) failures.push(failure(8, "INV-1", `the policy evaluated this one attempt ${policies.length} times`, { callId: call.id, explains: ["policyEvaluations"] }));
    if (executions.length > 1) failures.push(failure(9, "INV-5", `the tool ran ${executions.length} times for one attempt`, { callId: call.id, explains: ["executions", "executedArguments"] }));
    for (const execution of executions) {
      const evaluated = policies.filter((record) => record.seq < execution.seq);
      const allowing = evaluated.filter((record) => record.decision.decision === "allow");
      if (evaluated.length !== 1 || allowing.length !== 1) {
        const before = `${allowing.length} allowing policy evaluation(s) out of ${evaluated.length}`;
        const hookAllowed = evaluated.length === 0 && context.hooks.some((hook) => hook.callId === call.id && hook.seq < execution.seq && hook.decision === "allow");
        const siblingDecided = evaluated.length === 0 && context.policies.some((record) => record.callId !== call.id && record.tool === call.tool);
        const [requirement, message] = hookAllowed
          ? ["HOOK-3", "the tool ran on a hook's allow, with no policy evaluation"]
          : siblingDecided
            ? ["BATCH-1", "the tool ran without a policy evaluation of this call, on the decision for another call of the turn"]
            : ["INV-1", `the tool ran after ${before}; exactly one allowing evaluation must come first`];
        // Without any allowing evaluation the run itself is out of order; after several, only the count is.
        const explained = allowing.length === 0 ? "every expectation" : (["policyEvaluations"] as const);
        failures.push(failure(10, requirement, message, { callId: call.id, explains: explained }));
        continue;
      }
      const policy = allowing[0]!;
      const sibling = execution.argsRef !== policy.parsedRef && context.policies.find((record) => record.callId !== call.id && record.parsedRef === execution.argsRef);
      if (sibling) {
        const message = `the tool ran for ${call.id} with the arguments evaluated for ${sibling.callId}`;
        failures.push(failure(11, "BATCH-1", message, { callId: call.id, explains: "every expectation" }));
        continue;
      }
      const sameValue = sameSnapshot(execution.argsAtEntry, policy.parsedAtEntry);
      if (execution.argsRef !== policy.parsedRef) {
        // Over stdio, identity is what the adapter reports; an equal value under another identity is a copy (or a second parse).
        const copies = sameValue ? " (same value, another object: the runtime copies the arguments, or makes them again, between policy and tool)" : "";
        failures.push(failure(12, "INV-5", `the tool received a different object from the parsedArguments the policy evaluated${copies}`, { callId: call.id }));
      }
      if (!sameValue) {
        const diff = snapshotDiff(policy.parsedAtEntry, execution.argsAtEntry, "evaluated", "executed");
        // After a policy changed the arguments, INV-6 is the cause, which the call's expectations name.
        const explained = policy.mutation === "changed" ? undefined : "every expectation";
        const message = `the arguments at tool entry differ from the arguments at policy entry${whatRan(context, call, execution.argsAtEntry, policy.parsedAtEntry)}`;
        failures.push(failure(13, "INV-5", message, { callId: call.id, diff, ...(explained && { explains: explained }) }));
      }
    }
    if (context.turn.outcomes.get(call.id)?.outcome === "executed" && executions.length === 0) {
      const evaluated = policies.at(-1)?.parsedRef;
      const elsewhere = context.executions.find((execution) => evaluated !== undefined && execution.argsRef === evaluated);
      const message = elsewhere ? `reported executed, but its arguments ran as ${elsewhere.callId}'s` : "reported executed, but its tool did not run for it";
      failures.push(failure(14, elsewhere ? "BATCH-1" : "INV-5", message, { callId: call.id, explains: "every expectation" }));
    }
    const last = policies.at(-1);
    if (last?.mutation === "changed") {
      const outcome = turn.outcomes.get(call.id);
      const denied = outcome?.outcome === "denied" && outcome.reason === POLICY_MUTATED_ARGUMENTS;
      if (!denied || executions.some((execution) => execution.seq > last.seq)) {
        failures.push(failure(15, "INV-6", `the policy changed the arguments, yet the call was not denied with ${POLICY_MUTATED_ARGUMENTS} (reported: ${describeOutcome(outcome)})`, { callId: call.id }));
      }
    }
  }
  return failures;
}

/**
 * What a tool was handed, when it was not the schema output but what the schema was given: the
 * decoded request, or a hook's rewrite. A runtime that wires its tool to the wrong value breaks
 * every case whose schema changes anything; the message says so, so that the many failures read
 * as the one mistake they are.
 */
export function whatRan(context: Pick<TurnContext, "schemaInput">, call: Call, ran: Snapshot, schemaOutput: Snapshot | undefined): string {
  if (schemaOutput !== undefined && sameSnapshot(ran, schemaOutput)) return "";
  if (sameSnapshot(ran, decodedRequest(call.arguments))) return ": the tool got the decoded request, not the schema output";
  if (sameSnapshot(ran, context.schemaInput(call))) return ": the tool got the hook's rewrite as the schema was given it, not the schema output";
  return "";
}
