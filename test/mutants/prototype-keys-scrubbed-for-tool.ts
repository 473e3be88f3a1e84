import { referenceStages } from "../../reference/runtime.ts";
import { mutant } from "./mutant.ts";

const RISKY = new Set(["__proto__", "constructor", "prototype"]);

const hasRiskyMember = (value: unknown): boolean =>
  value !== null && typeof value === "object" && Object.keys(value).some((name) => RISKY.has(name) || hasRiskyMember((value as Record<string, unknown>)[name]));

/** A copy without the members named like prototype machinery, at every depth. */
function scrubbed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(scrubbed);
  if (value === null || typeof value !== "object") return value;
  const copy: Record<string, unknown> = {};
  for (const name of Object.keys(value)) if (!RISKY.has(name)) copy[name] = scrubbed((value as Record<string, unknown>)[name]);
  return copy;
}

export default mutant(
  "prototype-keys-scrubbed-for-tool",
  "A prototype-pollution guard at tool entry: arguments holding a member named __proto__, constructor or prototype are rebuilt without it before the tool runs, so the tool executes a copy that differs from what the policy evaluated.",
  ["INV-5"],
  {
    execute: (tool, args, callId) => referenceStages.execute(tool, hasRiskyMember(args) ? scrubbed(args) : args, callId),
  },
);
