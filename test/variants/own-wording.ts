import type { CallOutcome } from "../../harness/adapter.ts";
import { afterAttempt } from "../support/stages.ts";
import { variant } from "./variant.ts";

/** The reference's own words for the reasons RFC-0015 does not name. */
const REWORDED: Record<string, string> = {
  policy_failed: "policy-error",
  arguments_not_canonicalizable: "fingerprint-unavailable",
  unknown_tool: "no-such-tool",
  hook_denied: "blocked-by-hook",
};

export default variant(
  "own-wording",
  "Validation error messages, and the deny reasons RFC-0015 does not name (a throwing policy, a value with no canonical form, a hook's deny without a reason), are worded the runtime's own way.",
  [],
  afterAttempt((outcome): CallOutcome => {
    if (outcome.outcome === "invalid") return { ...outcome, message: `Arguments rejected (${outcome.stage} phase).` };
    if (outcome.outcome === "denied") return { ...outcome, reason: REWORDED[outcome.reason] ?? outcome.reason };
    return outcome;
  }),
);
