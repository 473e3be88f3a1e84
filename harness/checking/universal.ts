// The universal checks: "evaluated equals executed", checked on every call of every case from
// what the probes recorded, whatever the case itself expects. spec/adapter-contract.md lists
// them with the requirement each failure names.
import type { Failure } from "../running/results.ts";
import type { Observation } from "../running/observation.ts";
import { strayActivityFailures } from "./activity.ts";
import { turnContext } from "./context.ts";
import { executionFailures } from "./execution.ts";
import { fingerprintFailures } from "./fingerprint.ts";
import { hookFailures } from "./hooks.ts";
import { parseFailures } from "./parses.ts";
import { validationFailures } from "./validation.ts";
import { viewFailures } from "./views.ts";

export function universalFailures(observation: Observation): Failure[] {
  const perTurn = observation.turns.flatMap((turn) => {
    const context = turnContext(observation, turn);
    // In pipeline order: where several findings account for one expectation, the earliest stage is its cause.
    return [...validationFailures(context), ...hookFailures(context), ...parseFailures(context), ...executionFailures(context), ...viewFailures(context)];
  });
  return [...perTurn, ...fingerprintFailures(observation), ...strayActivityFailures(observation)];
}
