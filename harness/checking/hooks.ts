// PreToolUse hooks run before the single parse, in order, each on what the hooks before it left
// (this suite's hook rule; spec/adapter-contract.md, "Hooks"). Checked for every attempt from
// the hook records: every hook that applies to the call's tool ran once, before the policy,
// the first on the decoded request and each later one on the previous one's result, and
// none ran after a hook denied.
import type { Failure } from "../running/results.ts";
import { decodedRequest, describeSnapshot, sameSnapshot } from "../values/snapshot.ts";
import type { TurnContext } from "./context.ts";

export function hookFailures(context: TurnContext): Failure[] {
  // Checked even when the case has no hooks: an out-of-process adapter reports its own hook
  // runs, and a run of a hook the case does not define is a hook applied where none applies.
  const hooks = context.observation.testCase.hooks ?? [];
  const failures: Failure[] = [];
  for (const call of context.turn.calls) {
    const outcome = context.turn.outcomes.get(call.id);
    const request = decodedRequest(call.arguments);
    if (!request || context.notAttempted(call.id) || (outcome?.outcome === "invalid" && outcome.stage === "json")) continue;
    const fail = (requirement: string, message: string) => failures.push(context.failure(4, requirement, message, { callId: call.id, ...(requirement === "HOOK-1" && { explains: "every expectation" }) }));
    const applicable = context.applicableHooks(call);
    const runs = context.hooksOf(call.id);
    const evaluated = context.policiesOf(call.id)[0];
    let expectedInput = request;
    let next = 0;
    let denied: string | undefined;
    for (const run of runs) {
      if (denied !== undefined) {
        fail("HOOK-5", `the hook ${run.hookId} ran after ${denied} had denied the call`);
        break;
      }
      if (!applicable.includes(run.hookId)) {
        const known = hooks.some((hook) => hook.id === run.hookId);
        fail("HOOK-4", known ? `the hook ${run.hookId} ran for ${call.tool}, which it does not apply to` : `a hook ${run.hookId} ran for ${call.tool}, which the case does not define`);
        continue;
      }
      if (run.hookId !== applicable[next]) {
        fail("HOOK-4", `the hook ${run.hookId} ran where ${applicable[next] ?? "no further hook"} was due (order: ${applicable.join(", ")})`);
        break;
      }
      // Stryker disable next-line EqualityOperator: records never share a seq (spec/adapter-protocol.md), so > and >= agree
      if (evaluated && run.seq > evaluated.seq) fail("HOOK-1", `the hook ${run.hookId} ran after the policy had evaluated the call`);
      if (!sameSnapshot(run.toolInput, expectedInput)) {
        const due = next === 0 ? "the model's decoded request" : `what ${applicable[next - 1]} left`;
        fail(next === 0 ? "HOOK-1" : "HOOK-4", `the hook ${run.hookId} was handed ${describeSnapshot(run.toolInput)} instead of ${due}, ${describeSnapshot(expectedInput)}`);
      }
      expectedInput = run.output ?? run.toolInput;
      if (run.decision === "deny") denied = run.hookId;
      next++;
    }
    // Only for an attempt that went on past the hooks: evaluated, run, or its request parsed as it was.
    const wentOn = evaluated !== undefined || context.executionsOf(call.id).length > 0 || context.parsesWith(call.tool, request).length > 0;
    if (denied === undefined && next < applicable.length && runs.length === next && wentOn) {
      const missing = applicable.slice(next).join(", ");
      fail("HOOK-1", `the hook${applicable.length - next > 1 ? "s" : ""} ${missing} did not run for this call before its ${evaluated ? "policy evaluation" : "parse"}`);
    }
  }
  return failures;
}
