// What an adapter declares it can do, checked before any case runs: a mistyped capability
// ("batching") would otherwise be ignored, and every case needing the real one ("batch") would be
// skipped as "the adapter does not declare: batch", which reads as the runtime's answer. The
// declaration is the adapter author's input, so a capability the suite does not know is an error
// that names the known ones, for in-process adapters and for a stdio adapter's hello alike.
import { CAPABILITIES, TRANSPORT_LIMITS } from "../adapter.ts";
import { shown } from "../values/elide.ts";

/** A declaration the harness cannot take: the adapter is not run at all. */
export class CapabilityDeclarationError extends Error {}

/** Why the declared capabilities cannot be taken ("declares an unknown capability ..."), or undefined when they can. */
export function capabilityProblem(declared: unknown): string | undefined {
  if (!Array.isArray(declared)) return `declares its capabilities as ${typeof declared}, not as a list; ${known()}`;
  for (const capability of declared as unknown[]) {
    if (typeof capability !== "string") return `declares a capability that is no name (a ${capability === null ? "null" : typeof capability}); ${known()}`;
    if (!(CAPABILITIES as readonly string[]).includes(capability)) {
      const meant = closest(capability);
      return `declares an unknown capability ${JSON.stringify(shown(capability, 60))}${meant ? ` (did you mean "${meant}"?)` : ""}; ${known()}`;
    }
  }
  return undefined;
}

/** Why the transport limits an adapter declares cannot be taken, or undefined when they can (absent: none). */
export function transportLimitsProblem(declared: unknown): string | undefined {
  if (declared === undefined) return undefined;
  const known = `the transport limits are ${TRANSPORT_LIMITS.join(", ")}`;
  if (!Array.isArray(declared)) return `declares its transport limits as ${typeof declared}, not as a list; ${known}`;
  const unknown = (declared as unknown[]).find((limit) => typeof limit !== "string" || !(TRANSPORT_LIMITS as readonly string[]).includes(limit));
  return unknown === undefined ? undefined : `declares an unknown transport limit ${typeof unknown === "string" ? JSON.stringify(shown(unknown, 60)) : `(a ${unknown === null ? "null" : typeof unknown})`}; ${known}`;
}

/** Why the components an adapter declares cannot be taken (not a record of package names to versions), or undefined. */
export function componentsProblem(declared: unknown): string | undefined {
  if (declared === undefined) return undefined;
  if (typeof declared !== "object" || declared === null || Array.isArray(declared)) return "declares its components as something other than a record of package names to versions";
  const bad = Object.entries(declared).find(([name, version]) => name === "" || typeof version !== "string" || version === "");
  return bad === undefined ? undefined : `declares component ${JSON.stringify(shown(bad[0], 60))} without a version (a non-empty string)`;
}

/** Throws CapabilityDeclarationError, "<who> declares ...", when what an adapter declares (capabilities, transport limits, components) cannot be taken. */
export function checkDeclaration(adapter: { capabilities: unknown; transportLimits?: unknown; components?: unknown }, who: string): void {
  const problem = capabilityProblem(adapter.capabilities) ?? transportLimitsProblem(adapter.transportLimits) ?? componentsProblem(adapter.components);
  if (problem !== undefined) throw new CapabilityDeclarationError(`${who} ${problem}`);
}

const known = () => `the capabilities are ${CAPABILITIES.join(", ")}`;

/** The known capability a typo most likely meant: one that starts the same, or within two edits. */
function closest(name: string): string | undefined {
  const lower = name.toLowerCase();
  if (lower.length < 3) return undefined;
  const prefixed = CAPABILITIES.find((capability) => lower.startsWith(capability) || capability.startsWith(lower));
  if (prefixed) return prefixed;
  const near = CAPABILITIES.map((capability) => ({ capability, distance: editDistance(lower, capability) })).sort((a, b) => a.distance - b.distance)[0]!;
  return near.distance <= 2 ? near.capability : undefined;
}

/** Levenshtein distance; names here are short, and a long one is cut (nothing it says past 60 characters makes it closer). */
function editDistance(a: string, b: string): number {
  const left = a.slice(0, 60);
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= left.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (left[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length]!;
}
