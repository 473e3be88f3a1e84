// Typed errors of the reference runtime (RFC-0015, "Validation Failures").

export type ValidationStage = "json" | "schema";

/** Arguments that failed strict JSON decoding or the tool schema; never a policy decision. */
export class ToolArgumentsValidationError extends Error {
  override readonly name = "ToolArgumentsValidationError";
  constructor(
    readonly stage: ValidationStage,
    message: string,
  ) {
    super(message);
  }
}

/** Deny reason when the canonical arguments change while the policy runs (RFC-0015, invariant 6). */
export const POLICY_MUTATED_ARGUMENTS = "policy_mutated_arguments";
/** Deny reason when the policy throws instead of deciding: fail closed. */
export const POLICY_FAILED = "policy_failed";
/** Deny reason when the parsed arguments have no canonical JSON form: fail closed. */
export const NOT_CANONICALIZABLE = "arguments_not_canonicalizable";
/** Deny reason when a PreToolUse hook denies without giving one. */
export const HOOK_DENIED = "hook_denied";
/** Deny reason for a call to a tool the runtime does not know. */
export const UNKNOWN_TOOL = "unknown_tool";
/** Deny reason when a reviewer rejects a pending call without giving one. */
export const REVIEWER_REJECTED = "rejected_by_reviewer";
