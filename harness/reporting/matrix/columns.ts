// What the matrix page says about each implementation beyond its cells: the name a reader knows
// it by (a report carries the npm package name, "ai", and the product is the Vercel AI SDK), and
// how many requirements of a group hold, over the same denominator as the implementation's badge.
import type { Requirement } from "../../loading/requirements.ts";
import { counted, type RequirementStatus } from "../summary.ts";

/**
 * Product names by npm package: the runtimes whose adapters report their package name. An
 * implementation not listed here (the reference, a user's own runtime) is shown by its own name.
 */
export const PRODUCT_NAMES: Readonly<Record<string, string>> = {
  ai: "Vercel AI SDK",
  "@openai/agents": "OpenAI Agents SDK",
  langchain: "LangChain",
  "@anthropic-ai/claude-agent-sdk": "Claude Agent SDK",
  "@mastra/core": "Mastra",
};

export interface ColumnName {
  /** The name a reader knows: the product's, or the implementation's own name. */
  product: string;
  /** The npm package, when the name is one of PRODUCT_NAMES. */
  package?: string;
  /** What an adapter put in parentheses after the package ("streamed", "input guardrails"). */
  variant?: string;
  version: string;
}

/** "@openai/agents (input guardrails)" 0.20.0: OpenAI Agents SDK, @openai/agents 0.20.0, input guardrails. */
export function columnName(implementation: { name: string; version: string }): ColumnName {
  const { name, version } = implementation;
  const parts = /^(\S+) \((.+)\)$/.exec(name);
  const packageName = parts ? parts[1]! : name;
  const product = PRODUCT_NAMES[packageName];
  if (product === undefined) return { product: name, version };
  return { product, package: packageName, ...(parts && { variant: parts[2]! }), version };
}

/** Every verdict, in the order a tally lists what does not hold. */
export const TALLY_ORDER: readonly RequirementStatus[] = ["holds", "broken", "errored", "inconclusive", "skipped", "not_applicable", "untested"];

export interface Tally {
  /** How many requirements of the group count for the implementation: exercised and applicable, as its badge counts them. */
  of: number;
  counts: Record<RequirementStatus, number>;
}

/**
 * The verdicts of one implementation over a group of requirements. A requirement the report does
 * not mention counts as untested. `of` leaves out the untested and not-applicable ones, as the
 * badge does (summary.ts, `counted`), so that a page and a badge never give one implementation two
 * denominators; those are counted apart.
 */
export function tally(requirements: readonly Requirement[], statusOf: (id: string) => RequirementStatus | undefined): Tally {
  const counts = Object.fromEntries(TALLY_ORDER.map((status) => [status, 0])) as Record<RequirementStatus, number>;
  const statuses = requirements.map((requirement) => statusOf(requirement.id) ?? "untested");
  for (const status of statuses) counts[status] += 1;
  return { of: statuses.filter((status) => counted({ status })).length, counts };
}
