// Decode and validate before policy, and parse once (RFC-0015, invariants 1 and 3). Parses are
// matched to attempts by tool and input, since an in-process schema cannot tell which call it
// parses for: the policy must be handed what a parse of the call's own schema input (its last
// hook rewrite, or else its decoded request) produced, and a tool's schema may not run more
// often than the attempts that reached it.
import type { Failure } from "../running/results.ts";
import { isObjectRef, type PolicyRecord } from "../running/observation.ts";
import type { Call } from "../loading/case-schema.ts";
import { snapshotDiff } from "../values/diff.ts";
import { decodedRequest, describeSnapshot, sameSnapshot, type Snapshot } from "../values/snapshot.ts";
import { inputKey, type TurnContext } from "./context.ts";

export function parseFailures(context: TurnContext): Failure[] {
  // An invalid call that reached the policy is reported as such (validation.ts), not again here;
  // nor is a call whose hooks went astray (hooks.ts): what it should have parsed is unknown.
  const valid = context.turn.calls.filter((call) => !context.invalid(call) && !context.hooksAstray(call));
  return [...valid.flatMap((call) => context.policiesOf(call.id).flatMap((policy) => evaluatedParseFailures(context, call, policy))), ...parseCountFailures(context)];
}

/** The policy was handed the output of an earlier parse of this call's schema input. */
function evaluatedParseFailures(context: TurnContext, call: Call, policy: PolicyRecord): Failure[] {
  const input = context.schemaInput(call);
  const parsesOf = (wanted: typeof input) => context.parsesWith(call.tool, wanted).filter((parse) => parse.seq < policy.seq && parse.output !== undefined);
  if (context.parsedBefore(policy.seq, call.tool, input, policy.parsedAtEntry)) return [];
  const candidates = parsesOf(input);
  const evaluated = describeSnapshot(policy.parsedAtEntry);
  const rewritten = context.rewritesOf(call.id).length > 0;
  const request = decodedRequest(call.arguments);
  const at = { callId: call.id, explains: "every expectation" as const };
  if (rewritten && context.parsedBefore(policy.seq, call.tool, request, policy.parsedAtEntry)) {
    const rejected = context.parsedBefore(policy.seq, call.tool, input, undefined);
    return rejected
      ? [context.failure(5, "HOOK-2", `the schema rejected the hooks' rewrite ${describeSnapshot(input)}, and the policy evaluated the model's request in its place`, at)]
      : [context.failure(5, "HOOK-1", `the policy evaluated the schema output of the model's request instead of the hooks' rewrite ${describeSnapshot(input)}`, at)];
  }
  // Provenance, not equality: a request that merely equals an earlier parse's output is told below as
  // what it is (the policy evaluated the call before any parse of it); only the very object an
  // earlier parse returned, by identity, shows a parse reused in place of this attempt's own.
  const earlier = isObjectRef(policy.parsedRef)
    ? context.observation.log.parses.find((parse) => parse.step < context.turn.step && parse.tool === call.tool && parse.outputRef !== undefined && parse.outputRef === policy.parsedRef)
    : undefined;
  if (earlier) {
    return [context.failure(5, "INV-3", `the schema did not parse this attempt's input ${describeSnapshot(input)}: the policy was handed the very object a parse of step ${earlier.step + 1} returned`, at)];
  }
  const produced = candidates.at(-1)?.output;
  if (produced) {
    const diff = snapshotDiff(produced, policy.parsedAtEntry, "parse output", "evaluated");
    return [context.failure(5, "INV-1", `the policy was not handed the schema output of this call's ${rewritten ? "rewritten input" : "request"}`, { ...at, diff })];
  }
  const what = rewritten ? "rewritten input" : "request";
  // What the probes saw: no parse of this input before the evaluation, and what the policy was handed (equal to the input or not; equality says nothing of where it came from).
  const handed = sameSnapshot(policy.parsedAtEntry, input) ? `${evaluated}, equal to the ${what}` : `${evaluated}, the ${what} being ${describeSnapshot(input)}`;
  return [context.failure(5, "INV-1", `the policy evaluated this call before the schema had parsed its ${what}: it was handed ${handed}`, at)];
}

/**
 * Every attempt that executed had its own schema input parsed; no tool's schema ran more often
 * than attempts may have reached it, nor parsed one attempt's input twice. An attempt that did not
 * execute (denied, suspended, refused) is not counted short: RFC-0015's "exactly once per
 * execution attempt" is about what executes, and one the policy saw before any parse of it breaks
 * invariant 1, which check 5 names (spec/latitude.md, "Parses of an attempt that never executed").
 */
function parseCountFailures(context: TurnContext): Failure[] {
  const failures: Failure[] = [];
  const parsesOf = (tool: string, input: Snapshot | undefined) => context.parsesWith(tool, input);
  const known = context.turn.calls.filter((call) => !context.hooksAstray(call));
  const groups = groupByInput(context, known.filter((call) => reachedSchema(context, call)));
  for (const group of groups) {
    const parsed = parsesOf(group.tool, group.input).length;
    if (parsed >= group.calls.length) continue;
    const call = group.calls[parsed]!;
    // Only attempts that executed must have been parsed (exactly once): those short of a parse.
    const executed = group.calls.filter((candidate) => executedAttempt(context, candidate));
    const attemptInputs = new Set(groupByInput(context, context.turn.calls.filter((candidate) => mayReachSchema(context, candidate))).map((other) => inputKey(other.tool, other.input)));
    const foreign = context.parses.filter((parse) => parse.tool === group.tool && !attemptInputs.has(inputKey(parse.tool, parse.input)));
    // Without a rewrite, the decoded request is the call's own input, never a foreign one.
    if (foreign.some((parse) => sameSnapshot(parse.input, decodedRequest(call.arguments)))) {
      failures.push(context.failure(6, "HOOK-1", `the schema parsed the model's request instead of the hooks' rewrite ${describeSnapshot(group.input)}`, { callId: call.id, explains: "every expectation" }));
    } else if (foreign.length > 0) {
      failures.push(context.failure(6, "INV-1", `the schema validated ${describeSnapshot(foreign[0]!.input)} instead of this call's input ${describeSnapshot(group.input)}`, { callId: call.id }));
    } else if (executed.length > parsed) {
      const who = executed.length > 1 ? `${executed.length} executed attempts (${executed.map((one) => one.id).join(", ")})` : "this executed attempt";
      failures.push(context.failure(6, "INV-3", `the schema of ${group.tool} parsed ${describeSnapshot(group.input)} ${parsed} time(s) for ${who}`, { callId: executed[parsed]!.id }));
    }
  }
  for (const tool of new Set(context.parses.map((parse) => parse.tool))) {
    // A call of this tool whose hooks went astray parsed an input nobody can tell.
    if (context.turn.calls.some((call) => call.tool === tool && context.hooksAstray(call))) continue;
    const attempts = context.turn.calls.filter((call) => call.tool === tool && mayReachSchema(context, call));
    const repeated = groupByInput(context, attempts).filter((group) => parsesOf(tool, group.input).length > group.calls.length);
    for (const group of repeated) {
      failures.push(context.failure(7, "INV-3", `the schema of ${tool} parsed the same input ${parsesOf(tool, group.input).length} times for ${group.calls.length} attempt(s): ${describeSnapshot(group.input)}`));
    }
    const parses = context.parses.filter((parse) => parse.tool === tool).length;
    if (repeated.length === 0 && parses > attempts.length) {
      failures.push(context.failure(7, "INV-3", `the schema of ${tool} ran ${parses} times in this turn for ${attempts.length} attempt(s) that reached it`));
    }
  }
  return failures;
}

interface InputGroup {
  tool: string;
  input: Snapshot | undefined;
  calls: Call[];
}

/** Calls grouped by tool and schema input: an in-process schema cannot tell them apart. */
function groupByInput(context: TurnContext, calls: readonly Call[]): InputGroup[] {
  const groups: InputGroup[] = [];
  const byKey = new Map<string, InputGroup>();
  for (const call of calls) {
    const input = context.schemaInput(call);
    const key = inputKey(call.tool, input);
    const group = key === undefined ? undefined : byKey.get(key);
    if (group) {
      group.calls.push(call);
      continue;
    }
    const created = { tool: call.tool, input, calls: [call] };
    groups.push(created);
    if (key !== undefined) byKey.set(key, created);
  }
  return groups;
}

/** An attempt that executed, as the runtime reports or the tool's probe saw: it must have been parsed exactly once. */
const executedAttempt = (context: TurnContext, call: Call) => context.turn.outcomes.get(call.id)?.outcome === "executed" || context.executionsOf(call.id).length > 0;

/** An attempt that the runtime took past the schema (the policy saw it, or it ran) or says the schema rejected: its input, and no other, must be what the schema validated. */
function reachedSchema(context: TurnContext, call: Call): boolean {
  // A raw string that is not JSON has no input to parse: checks 2 and 3 judge that call.
  if (context.notAttempted(call.id) || decodedRequest(call.arguments) === undefined) return false;
  const outcome = context.turn.outcomes.get(call.id);
  return (outcome?.outcome === "invalid" && outcome.stage === "schema") || context.policiesOf(call.id).length > 0 || outcome?.outcome === "executed" || outcome?.outcome === "suspended";
}

/** Whether an attempt may have been parsed: it must have been, or it was attempted, decoded, and no hook denied it first. */
function mayReachSchema(context: TurnContext, call: Call): boolean {
  // A call reported invalid at stage json that the policy saw anyway was parsed: check 3 judges the report.
  if (reachedSchema(context, call)) return true;
  const outcome = context.turn.outcomes.get(call.id);
  if (context.notAttempted(call.id)) return false;
  if (outcome?.outcome === "invalid" && outcome.stage === "json") return false;
  // No policy saw it and it neither ran nor suspended: it may have been parsed, unless a hook's deny stopped it first.
  return !context.hooksOf(call.id).some((hook) => hook.decision === "deny");
}
