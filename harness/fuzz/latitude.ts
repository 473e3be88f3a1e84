// What RFC-0015 leaves to the runtime (spec/latitude.md) that an expectation made from the
// reference's behaviour must not pin: the reference's own words for a deny, and its acceptance
// of member names a strict decoder may refuse. The other choices need nothing here: the canonical
// text (INV-7) and ending a turn at a validation failure (BATCH-5) fail SHOULD requirements only,
// no expectation holds a hash value, and a missing request view is compared as case files say.
import type { CaseFile } from "../loading/case-schema.ts";
import { POLICY_MUTATED_ARGUMENTS } from "../checking/execution.ts";
import { DEFAULT_DENY_REASON } from "../vocabulary/policy.ts";

/** The deny reasons a case gives the runtime (its policy's and hooks'), and the one RFC-0015 names: the only ones an expectation may pin. */
export function givenReasons(data: Pick<CaseFile, "policy" | "hooks">): ReadonlySet<string> {
  const reasons = new Set([POLICY_MUTATED_ARGUMENTS, DEFAULT_DENY_REASON]);
  for (const rule of data.policy.rules ?? []) if (rule.reason !== undefined) reasons.add(rule.reason);
  if (data.policy.otherwiseReason !== undefined) reasons.add(data.policy.otherwiseReason);
  for (const hook of data.hooks ?? []) if (hook.reason !== undefined) reasons.add(hook.reason);
  return reasons;
}

/** Whether a strict decoder may refuse this raw string at stage json: it decodes to a member name that reaches a prototype (an own `__proto__`, a `constructor` holding `prototype`). */
export function decoderMayRefuse(raw: string): boolean {
  try {
    return reachesAPrototype(JSON.parse(raw));
  } catch {
    return false;
  }
}

function reachesAPrototype(value: unknown): boolean {
  // Iterative: a raw string may nest as deep as JSON.parse allows.
  const pending = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next !== "object" || next === null) continue;
    if (Object.hasOwn(next, "__proto__")) return true;
    const constructor: unknown = Object.hasOwn(next, "constructor") ? (next as { constructor: unknown }).constructor : undefined;
    if (typeof constructor === "object" && constructor !== null && Object.hasOwn(constructor, "prototype")) return true;
    for (const member of Object.values(next)) pending.push(member);
  }
  return false;
}
