// The outcomes an implementation reports, checked for shape and turned into observations as
// soon as they arrive: a suspended proposal's argument views are snapshotted at the end of the
// turn that reported them, so that what a runtime does to its own objects later cannot change
// what it reported. The same shapes serve both kinds of adapter; only the views differ (live
// values in-process, the protocol's encoded values over stdio).
import { z } from "zod";
import { elide } from "../values/elide.ts";
import type { Snapshot } from "../values/snapshot.ts";
import { ImplementationBroke } from "./implementation.ts";
import type { ObservedOutcome } from "./observation.ts";

/** The outcome union, with `view` as the schema of a proposal's argument views; `closed` rejects unknown members. */
export function outcomeSchema<V extends z.ZodType>(view: V, closed: boolean) {
  const object = closed ? z.strictObject : z.looseObject;
  const proposal = object({
    kind: z.literal("tool"),
    callId: z.string(),
    toolName: z.string(),
    // A view the runtime does not keep is left out; check 18 reports it.
    rawArguments: z.string().optional(),
    requestedArguments: view.optional(),
    parsedArguments: view,
    argsCanonicalJson: z.string().optional(),
    proposalHash: z.string().optional(),
  });
  return z.discriminatedUnion("outcome", [
    object({ callId: z.string(), outcome: z.literal("executed"), result: z.unknown().optional().describe("What the tool returned; not checked.") }),
    object({ callId: z.string(), outcome: z.literal("denied"), reason: z.string() }),
    object({ callId: z.string(), outcome: z.literal("suspended"), proposal }),
    object({ callId: z.string(), outcome: z.literal("invalid"), stage: z.enum(["json", "schema"]), message: z.string() }),
    object({ callId: z.string(), outcome: z.literal("handed_off").describe("A handoff call whose handoff happened.") }),
    object({
      callId: z.string(),
      outcome: z.literal("not_attempted").describe("The runtime ended the turn at an earlier call's validation failure and never started this call."),
    }),
  ]);
}

const IN_PROCESS_OUTCOME = outcomeSchema(z.unknown(), false);

/**
 * Outcomes as an implementation reported them, observed: `view` turns a reported argument view
 * into a snapshot. Throws ImplementationBroke for anything but a list of well-formed outcomes.
 */
export function observeOutcomes(reported: unknown, shape: z.ZodType, view: (value: unknown) => Snapshot, who: string): ObservedOutcome[] {
  if (!Array.isArray(reported)) throw new ImplementationBroke(`${who} returned ${describeValue(reported)} instead of a list of call outcomes`);
  return reported.map((entry: unknown) => {
    const checked = shape.safeParse(entry);
    if (!checked.success) {
      const issue = checked.error.issues[0]!;
      throw new ImplementationBroke(`${who} reported a malformed outcome (${issue.path.join(".") || "the outcome"}: ${issue.message}): ${describeValue(entry)}`);
    }
    // Read from the entry as reported, not as zod rebuilt it: an own "__proto__" member must survive.
    const outcome = entry as Record<string, unknown> & { outcome: ObservedOutcome["outcome"]; callId: string };
    switch (outcome.outcome) {
      case "executed":
      case "handed_off":
      case "not_attempted":
        return { callId: outcome.callId, outcome: outcome.outcome };
      case "denied":
        return { callId: outcome.callId, outcome: "denied", reason: outcome.reason as string };
      case "invalid":
        return { callId: outcome.callId, outcome: "invalid", stage: outcome.stage as "json" | "schema", message: outcome.message as string };
      case "suspended": {
        const proposal = outcome.proposal as Record<string, unknown>;
        return {
          callId: outcome.callId,
          outcome: "suspended",
          proposal: {
            kind: proposal.kind as string,
            callId: proposal.callId as string,
            toolName: proposal.toolName as string,
            rawArguments: proposal.rawArguments as string | undefined,
            requestedArguments: proposal.requestedArguments === undefined ? undefined : view(proposal.requestedArguments),
            parsedArguments: view(proposal.parsedArguments),
            argsCanonicalJson: proposal.argsCanonicalJson as string | undefined,
            proposalHash: proposal.proposalHash as string | undefined,
          },
        };
      }
    }
  });
}

/** In-process outcomes: any value may stand in a view; extra members (a runtime's own fields) are ignored. */
export const observeInProcessOutcomes = (reported: unknown, view: (value: unknown) => Snapshot) => observeOutcomes(reported, IN_PROCESS_OUTCOME, view, "runTurn");

/** How much of a malformed report a reason shows. */
const DESCRIBED_CHARACTERS = 200;

/** A reported value in a message: as JSON when it has a JSON text, its middle left out when long. */
export function describeValue(value: unknown): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    // A cycle, a BigInt, a value nested too deep for JSON.stringify: as String writes it.
  }
  try {
    return elide(text ?? String(value), DESCRIBED_CHARACTERS);
  } catch {
    return "a value that neither JSON nor String can write";
  }
}
