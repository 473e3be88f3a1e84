// The universal checks: "evaluated equals executed", checked on every call of every case from
// what the probes recorded, whatever the case itself expects. spec/adapter-contract.md lists
// them with the requirement each failure names.
import type { Failure } from "../running/results.ts";
import type { Observation } from "../running/observation.ts";
import { strayActivityFailures } from "./activity.ts";
import { turnContext } from "./context.ts";
import { executionFailures } from "./execution.ts";
import { fingerprintFailures } from "./fingerprint.ts";
import { handoffFailures, handoffParses, toolCallsOnly } from "./handoffs.ts";
import { hookFailures } from "./hooks.ts";
import { parseFailures } from "./parses.ts";
import { resumeFailures } from "./resumes.ts";
import { validationFailures } from "./validation.ts";
import { viewFailures } from "./views.ts";

export function universalFailures(observation: Observation): Failure[] {
  // Handoff calls are judged by their own checks; the tool-call checks see the tool calls alone,
  // and not the parses a tool's schema made of a handoff's input (check 24 names those).
  const contexts = observation.turns.map((turn) => turnContext(observation, turn));
  const takenByTurn = contexts.map(handoffParses);
  const tools = observation.testCase.handoffs ? toolCallsOnly(observation, new Set(takenByTurn.flatMap((taken) => [...taken]))) : observation;
  const perTurn = contexts.flatMap((whole, index) => {
    const context = tools === observation ? whole : turnContext(tools, tools.turns[index]!);
    // A resume continues attempts suspended earlier: it is held to what was approved, not checked as new attempts.
    if (context.turn.answers) return resumeFailures(context);
    // In pipeline order: where several findings account for one expectation, the earliest stage is its cause.
    return [
      ...validationFailures(context),
      ...hookFailures(context),
      ...parseFailures(context),
      ...executionFailures(context),
      ...viewFailures(context),
      ...handoffFailures(whole, takenByTurn[index]!),
    ];
  });
  return [...perTurn, ...fingerprintFailures(tools), ...strayActivityFailures(observation)];
}
