// Check 4 (harness/checking/hooks.ts), tested directly on the reference's real run of a batch
// whose calls go through the hooks differently: which calls are held to their hooks, exactly
// what each hook failure says, and which of them account for the call's expectations.
import { beforeAll, describe, expect, it } from "vitest";
import { explains, turnContext } from "../../harness/checking/context.ts";
import { hookFailures } from "../../harness/checking/hooks.ts";
import { universalFailures } from "../../harness/checking/universal.ts";
import type { Observation, ObservedOutcome } from "../../harness/running/observation.ts";
import type { Failure } from "../../harness/running/results.ts";
import { copyOf, observed } from "../support/observations.ts";

let batch: Observation;
beforeAll(async () => {
  batch = await observed("checks/hook-rewrite/hooks-batch");
});

const hookFindings = (observation: Observation): Failure[] => observation.turns.flatMap((turn) => hookFailures(turnContext(observation, turn)));
/** A copy of the batch with `change` applied; its check 4 findings. */
function after(change: (observation: Observation) => void): Failure[] {
  const observation = copyOf(batch);
  change(observation);
  return hookFindings(observation);
}
const setOutcome = (observation: Observation, outcome: ObservedOutcome) => (observation.turns[0]!.outcomes as Map<string, ObservedOutcome>).set(outcome.callId, outcome);
/** Removes every record of a call, as if the runtime had never reached it. */
const forget = (observation: Observation, callId: string) => {
  const { log } = observation;
  const input = log.policies.find((record) => record.callId === callId)?.parsedAtEntry.text;
  log.hooks = log.hooks.filter((record) => record.callId !== callId);
  log.policies = log.policies.filter((record) => record.callId !== callId);
  log.executions = log.executions.filter((record) => record.callId !== callId);
  log.parses = log.parses.filter((record) => record.input.text !== input);
};
const hooksOf = (observation: Observation, callId: string) => observation.log.hooks.filter((record) => record.callId === callId);
const failure = (callId: string, requirement: string, message: string) => ({ requirement, check: 4, message, step: 0, callId });

describe("the base", () => {
  it("passes every universal check: each call is held to its own hook runs, and a deny ends the hooks of its call", () => {
    expect(universalFailures(batch)).toEqual([]);
    expect(hookFindings(batch)).toEqual([]);
  });
});

describe("which calls are held to their hooks", () => {
  it("a call whose hook did not run is reported under that call only, not excused by another call's runs of it", () => {
    expect(after((o) => (o.log.hooks = o.log.hooks.filter((record) => record.callId !== "c5")))).toEqual([
      failure("c5", "HOOK-1", "the hook audit did not run for this call before its policy evaluation"),
    ]);
  });

  it("a call denied by a hook is not missing the hooks after the deny", () => {
    // audit applies to every tool, delete_file included, but comes after no-delete.
    expect(batch.testCase.hooks!.map((hook) => [hook.id, hook.tools])).toEqual([["shell-cwd", ["run_shell"]], ["no-delete", ["delete_file"]], ["audit", undefined]]);
    expect(hooksOf(batch, "c4").map((record) => [record.hookId, record.decision])).toEqual([["no-delete", "deny"]]);
    expect(hookFindings(batch).filter((found) => found.callId === "c4")).toEqual([]);
  });

  it("a call reported invalid that never got as far as the hooks (no hook run, no parse of its request, no evaluation) is not held to them: its report is what is wrong", () => {
    const failures = after((o) => {
      o.log.hooks = o.log.hooks.filter((record) => record.callId !== "c3");
      o.log.parses = o.log.parses.filter((record) => record.input.text !== '{"path":3}');
    });
    expect(failures).toEqual([]);
  });

  it("a schema-invalid call is held to the hooks that run before its parse", () => {
    const failures = after((o) => (o.log.hooks = o.log.hooks.filter((record) => record.callId !== "c3")));
    expect(failures).toEqual([failure("c3", "HOOK-1", "the hook audit did not run for this call before its parse")]);
  });

  it("a call the runtime did not attempt after a validation failure is not held to its hooks", () => {
    expect(after((o) => {
      setOutcome(o, { callId: "c5", outcome: "not_attempted" });
      forget(o, "c5");
    })).toEqual([]);
  });

  it("a call reported invalid at stage json is not held to its hooks, even when its raw string decodes", () => {
    expect(after((o) => {
      setOutcome(o, { callId: "c5", outcome: "invalid", stage: "json", message: "m" });
      forget(o, "c5");
    })).toEqual([]);
  });
});

describe("what the failures say", () => {
  it("names every hook that did not run, in order", () => {
    expect(after((o) => (o.log.hooks = o.log.hooks.filter((record) => record.callId !== "c1")))).toEqual([
      failure("c1", "HOOK-1", "the hooks shell-cwd, audit did not run for this call before its policy evaluation"),
    ]);
  });

  it("names HOOK-4 for a hook run again after every applicable hook had run", () => {
    expect(after((o) => {
      const audit = hooksOf(o, "c1")[1]!;
      o.log.hooks.splice(o.log.hooks.indexOf(audit) + 1, 0, { ...audit, seq: audit.seq + 0.5 });
    })).toEqual([failure("c1", "HOOK-4", "the hook audit ran where no further hook was due (order: shell-cwd, audit)")]);
  });
});

describe("which failures account for the call's expectations", () => {
  it("a hook that did not run (HOOK-1) accounts for every expectation of the call", () => {
    const failures = after((o) => (o.log.hooks = o.log.hooks.filter((record) => record.callId !== "c3")));
    expect(failures.map((found) => [found.requirement, explains(found, undefined)])).toEqual([["HOOK-1", true]]);
  });

  it("hooks run out of order (HOOK-4) account for none of them", () => {
    const failures = after((o) => {
      const [first, second] = hooksOf(o, "c1");
      [first!.hookId, second!.hookId] = ["audit", "shell-cwd"];
    });
    expect(failures).toEqual([failure("c1", "HOOK-4", "the hook audit ran where shell-cwd was due (order: shell-cwd, audit)")]);
    expect(failures.map((found) => explains(found, undefined))).toEqual([false]);
  });
});
