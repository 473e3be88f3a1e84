// Compiles the policy vocabulary: ordered rules over JSON Pointers, first match decides.
import type { Condition, Policy } from "../loading/case-schema.ts";
import type { PolicyDecision, ToolPolicyInput } from "../adapter.ts";
import { patternMatcher } from "./pattern.ts";
import { getAt } from "./pointer.ts";
import { sameJson } from "../values/snapshot.ts";

export const DEFAULT_DENY_REASON = "policy_denied";

export interface PolicyFacts {
  /** Proposal hashes a grant has been given for. */
  grants: ReadonlySet<string>;
}

export function decide(policy: Policy, input: ToolPolicyInput, facts: PolicyFacts): PolicyDecision {
  const rule = policy.rules.find((candidate) => holds(candidate.when, input, facts));
  const decision = rule ? rule.decision : policy.otherwise;
  const reason = rule ? rule.reason : policy.otherwiseReason;
  if (decision === "deny") return { decision, reason: reason ?? DEFAULT_DENY_REASON };
  return reason === undefined ? { decision } : { decision, reason };
}

export function holds(condition: Condition, input: ToolPolicyInput, facts: PolicyFacts): boolean {
  if (condition.all) return condition.all.every((inner) => holds(inner, input, facts));
  if (condition.any) return condition.any.some((inner) => holds(inner, input, facts));
  if (condition.not) return !holds(condition.not, input, facts);
  if (condition.granted !== undefined) return (input.proposalHash !== undefined && facts.grants.has(input.proposalHash)) === condition.granted;
  if (condition.tool !== undefined) return input.toolName === condition.tool;
  const view = condition.view === "requested" ? input.requestedArguments : input.parsedArguments;
  const { found, value } = getAt(view, condition.pointer ?? "");
  if (condition.exists !== undefined) return found === condition.exists;
  if (!found) return false;
  return compare(condition, value);
}

function compare(condition: Condition, value: unknown): boolean {
  if (condition.equals !== undefined) return sameJson(value, condition.equals);
  if (condition.notEquals !== undefined) return !sameJson(value, condition.notEquals);
  if (condition.in !== undefined) return condition.in.some((option) => sameJson(value, option));
  if (condition.contains !== undefined) {
    if (typeof value === "string") return typeof condition.contains === "string" && value.includes(condition.contains);
    return Array.isArray(value) && value.some((element) => sameJson(element, condition.contains));
  }
  if (typeof value === "string") {
    if (condition.startsWith !== undefined) return value.startsWith(condition.startsWith);
    if (condition.endsWith !== undefined) return value.endsWith(condition.endsWith);
    if (condition.matches !== undefined) return patternMatcher(condition.matches).test(value);
  }
  if (typeof value === "number") {
    if (condition.gt !== undefined) return value > condition.gt;
    if (condition.gte !== undefined) return value >= condition.gte;
    if (condition.lt !== undefined) return value < condition.lt;
    if (condition.lte !== undefined) return value <= condition.lte;
  }
  return false;
}
