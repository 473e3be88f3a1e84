// The requirements catalogue (spec/requirements.yaml), loaded and checked once.
import { readFileSync } from "node:fs";
import { CATALOGUE_PATH } from "./package-root.ts";
import { bundledCatalogue } from "./built-in-bundle.ts";
import { z } from "zod";
import { parse } from "yaml";
import type { Capability } from "../adapter.ts";
import { LEVELS } from "./case-schema.ts";

/** The capabilities without which a requirement that needs them is not applicable, and why, as reports say it. */
export const LACKING = {
  "proposal-hash": "the runtime computes no proposal hash",
  handoffs: "the runtime has no handoff calls",
  "raw-view": "the runtime hands its policy no raw argument string",
  hooks: "the runtime has no PreToolUse hooks",
  approval: "the runtime cannot suspend a call for approval",
  resume: "the runtime keeps no pending approval request of its own to answer",
  batch: "the runtime takes one tool call per model turn",
} as const satisfies Partial<Record<Capability, string>>;
const NOT_APPLICABLE_WITHOUT = Object.keys(LACKING) as [keyof typeof LACKING, ...(keyof typeof LACKING)[]];

export const FAMILIES = ["invariant", "matrix", "decoy-field", "hook-rewrite", "approval-resume", "read-batch", "handoff"] as const;
export type Family = (typeof FAMILIES)[number];

const Requirement = z.strictObject({
  id: z.string().regex(/^[A-Z]+-\d+$/),
  level: z.enum(LEVELS),
  family: z.enum(FAMILIES),
  source: z.string(),
  title: z.string(),
  text: z.string(),
  /** The requirements this one shows in a particular situation (a matrix row, a scenario family). */
  refines: z.array(z.string()).optional(),
  /**
   * What the requirement is about that a conformant runtime may lack (RFC-0015 requires none of
   * them): without it, the requirement is not applicable to the runtime and is counted apart. A
   * capability the adapter could add for a runtime that has the thing (the fingerprint of a
   * runtime that hashes, changing tools between turns) is never a need: lacking it skips the cases
   * that use it, and the badge says which requirements were not judged and what to declare.
   */
  needs: z.array(z.enum(NOT_APPLICABLE_WITHOUT)).optional(),
  retired: z.boolean().optional(),
});
export type Requirement = z.infer<typeof Requirement>;

/**
 * The catalogue in `text` (read from `path`), by id. It is part of the suite, not user input: a
 * broken catalogue throws, naming the file and the first thing wrong.
 */
export function parseCatalogue(text: string, path: string): ReadonlyMap<string, Requirement> {
  const parsed = z.strictObject({ requirements: z.array(Requirement) }).safeParse(parse(text));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${path}: ${issue.path.join(".") || "(top level)"}: ${issue.message}`);
  }
  const byId = new Map<string, Requirement>();
  for (const requirement of parsed.data.requirements) {
    if (byId.has(requirement.id)) throw new Error(`${path}: requirement ${requirement.id} is listed twice`);
    byId.set(requirement.id, requirement);
  }
  for (const requirement of byId.values()) {
    for (const refined of requirement.refines ?? []) {
      if (!byId.has(refined)) throw new Error(`${path}: requirement ${requirement.id} refines ${refined}, which is not in the catalogue`);
    }
  }
  return byId;
}

const catalogueText = readFileSync(CATALOGUE_PATH, "utf8");
const bundled = bundledCatalogue(catalogueText) as Requirement[] | undefined;
/** The catalogue by id: as checked when the package was built (built-in-bundle.ts), or checked now. */
export const REQUIREMENTS: ReadonlyMap<string, Requirement> = bundled
  ? new Map(bundled.map((requirement) => [requirement.id, requirement]))
  : parseCatalogue(catalogueText, CATALOGUE_PATH);

/** The requirements that have not been retired, in catalogue order: the ones reports judge. */
export const LIVE_REQUIREMENTS: readonly Requirement[] = [...REQUIREMENTS.values()].filter((requirement) => !requirement.retired);

/** The requirements that do not apply to an implementation with these capabilities (see `needs`). */
export function notApplicableTo(capabilities: readonly Capability[]): ReadonlySet<string> {
  const lacking = (requirement: Requirement) => (requirement.needs ?? []).some((capability) => !capabilities.includes(capability));
  return new Set([...REQUIREMENTS.values()].filter(lacking).map((requirement) => requirement.id));
}
