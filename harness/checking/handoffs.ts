// Handoff calls (RFC-0015, validation failures): a synthetic handoff call comes in the same
// function-call envelope as a tool call and shares its strict JSON decoding, and nothing more:
// RFC-0015 adds no handoff schema or normalization. So a malformed handoff hands nothing over
// (check 22), a handoff hands over exactly the decoded raw string (check 23), and no tool's
// schema parses a handoff's input (check 24). The tool-call checks never see handoff calls:
// universal.ts gives them the tool calls alone, without the parses check 24 attributes here.
import { isHandoffCall, type Call } from "../loading/case-schema.ts";
import { describeOutcome, type Observation, type ParseRecord } from "../running/observation.ts";
import type { Failure } from "../running/results.ts";
import { snapshotDiff } from "../values/diff.ts";
import { hasRepeatedNames } from "../values/repeated-names.ts";
import { decodedRequest, describeSnapshot, sameSnapshot } from "../values/snapshot.ts";
import type { TurnContext } from "./context.ts";

/** The handoff calls of the context's turn. */
export const handoffCalls = ({ observation, turn }: TurnContext): Call[] => turn.calls.filter((call) => isHandoffCall(observation.testCase, call));

/**
 * The parses of a turn that took a handoff call's input: a parse of a value that is some handoff
 * call's decoded request and neither a tool call's request nor a hook's rewrite in the turn.
 */
export function handoffParses(context: TurnContext): Set<ParseRecord> {
  const handoffs = handoffCalls(context);
  if (handoffs.length === 0) return new Set();
  const inputs = handoffs.map((call) => decodedRequest(call.arguments)).filter((input) => input !== undefined);
  const toolInputs = [
    ...context.turn.calls.filter((call) => !handoffs.includes(call)).map((call) => decodedRequest(call.arguments)),
    ...context.hooks.map((hook) => hook.output),
  ];
  return new Set(context.parses.filter((parse) => inputs.some((input) => sameSnapshot(input, parse.input)) && !toolInputs.some((input) => sameSnapshot(input, parse.input))));
}

/** The observation as the tool-call checks see it: no handoff call, and no parse a handoff call took. */
export function toolCallsOnly(observation: Observation, taken: ReadonlySet<ParseRecord>): Observation {
  return {
    ...observation,
    log: { ...observation.log, parses: observation.log.parses.filter((parse) => !taken.has(parse)) },
    turns: observation.turns.map((turn) => ({ ...turn, calls: turn.calls.filter((call) => !isHandoffCall(observation.testCase, call)) })),
  };
}

/** `taken`: the parses of this turn that took a handoff call's input (handoffParses). */
export function handoffFailures(context: TurnContext, taken: ReadonlySet<ParseRecord>): Failure[] {
  const { turn, failure } = context;
  const failures: Failure[] = [];
  for (const call of handoffCalls(context)) {
    const outcome = turn.outcomes.get(call.id);
    const received = context.handoffsOf(call.id);
    const request = decodedRequest(call.arguments);
    const at = { callId: call.id, explains: "every expectation" as const };
    if (request === undefined) {
      if (context.notAttempted(call.id)) continue;
      if (received.length > 0 || outcome?.outcome === "handed_off") {
        const handed = received[0] ? ` with the input ${describeSnapshot(received[0].input)}` : "";
        failures.push(failure(22, "HANDOFF-1", `a handoff call with malformed JSON arguments was handed off${handed} (reported: ${describeOutcome(outcome)})`, at));
      } else if (outcome?.outcome !== "invalid" || outcome.stage !== "json") {
        failures.push(failure(22, "HANDOFF-1", `a handoff call with malformed JSON arguments was not refused at stage json (reported: ${describeOutcome(outcome)})`, at));
      }
      continue;
    }
    if (outcome?.outcome === "handed_off" && received.length === 0) {
      failures.push(failure(23, "HANDOFF-2", "the handoff was reported handed off, but the receiving side was handed nothing (the handoff probe was not called)", { callId: call.id, explains: ["handoffInput", "decodesLike"] }));
    }
    // A repeated member name has no one decoding (RFC 8259); decodesLike compares it with the runtime's own tool decoding.
    if (!hasRepeatedNames(call.arguments)) {
      for (const record of received.filter((one) => !sameSnapshot(one.input, request))) {
        const diff = snapshotDiff(request, record.input, "decoded", "handed over");
        failures.push(failure(23, "HANDOFF-2", "the handoff handed over a value other than the strict JSON decoding of its raw arguments", { callId: call.id, diff, explains: ["handoffInput", "decodesLike"] }));
      }
    }
    for (const parse of [...taken].filter((one) => sameSnapshot(one.input, request))) {
      failures.push(failure(24, "HANDOFF-3", `the schema of tool ${parse.tool} parsed the handoff's input ${describeSnapshot(request)}`, { callId: call.id, explains: ["handoffInput"] }));
    }
  }
  return failures;
}
