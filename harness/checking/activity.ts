// Policy and tool activity must belong to a call of the turn it happens in: a runtime that
// replays an approved proposal by itself, or acts while approval is being granted, runs
// something no attempt of the model asked for (RFC-0015, invariant 1).
import type { Failure } from "../running/results.ts";
import type { Observation } from "../running/observation.ts";
import { replayedRecords } from "./replays.ts";

export function strayActivityFailures(observation: Observation): Failure[] {
  const { log, turns } = observation;
  const callsOfStep = new Map(turns.map((turn) => [turn.step, new Set(turn.calls.map((call) => call.id))]));
  // A record under an id of the turn that hands over an earlier turn's proposal belongs to no attempt of the turn either.
  const replayed = replayedRecords(observation);
  const stray = <T extends { step: number; callId: string }>(records: T[]) => records.filter((record) => !callsOfStep.get(record.step)?.has(record.callId) || replayed.has(record as never));
  const why = (record: object) => (replayed.has(record as never) ? ": it handed over the very arguments object an attempt of an earlier turn evaluated" : "");
  return [
    ...stray(log.executions).map((record) => ({
      requirement: "INV-1",
      check: 21,
      message: `the tool ${record.tool} ran for call ${record.callId} outside any attempt of that call${why(record)}`,
      step: record.step,
      callId: record.callId,
    })),
    ...stray(log.policies).map((record) => ({
      requirement: "INV-1",
      check: 21,
      message: `the policy evaluated call ${record.callId} outside any attempt of that call${why(record)}`,
      step: record.step,
      callId: record.callId,
    })),
  ];
}
