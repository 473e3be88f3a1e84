// The universal checks: "evaluated equals executed", checked on every call of every case from
// what the probes recorded, whatever the case itself expects. spec/adapter-contract.md lists
// them with the requirement each failure names.
import type { Failure } from "../running/results.ts";
import type { Observation, ParseRecord } from "../running/observation.ts";
import { strayActivityFailures } from "./activity.ts";
import { turnContext } from "./context.ts";
import { executionFailures } from "./execution.ts";
import { fingerprintFailures } from "./fingerprint.ts";
import { handoffCalls, handoffFailures, handoffParses, toolCallsOnly } from "./handoffs.ts";
import { hookFailures } from "./hooks.ts";
import { parseFailures } from "./parses.ts";
import { validationFailures } from "./validation.ts";
import { viewFailures } from "./views.ts";

export function universalFailures(observation: Observation): Failure[] {
  // Handoff calls are judged by their own checks; the tool-call checks see the tool calls alone,
  // and not the parses a tool's schema made of a handoff's input (check 24 names those).
  const taken = new Set<ParseRecord>(observation.turns.flatMap((turn) => [...handoffParses(observation, turn)]));
  const tools = observation.testCase.handoffs ? toolCallsOnly(observation, taken) : observation;
  const perTurn = observation.turns.flatMap((turn, index) => {
    const context = turnContext(tools, tools.turns[index]!);
    // In pipeline order: where several findings account for one expectation, the earliest stage is its cause.
    return [
      ...validationFailures(context),
      ...hookFailures(context),
      ...parseFailures(context),
      ...executionFailures(context),
      ...viewFailures(context),
      ...handoffFailures(turnContext(observation, turn), handoffCalls(observation, turn), taken),
    ];
  });
  return [...perTurn, ...fingerprintFailures(tools), ...strayActivityFailures(observation)];
}
