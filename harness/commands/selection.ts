// Which loaded cases a run selects: --filter globs on the id, --level, --family. A case must
// pass every flag given (AND), and match one value of each repeated flag (OR). --level also
// narrows the verdict: only failures of requirements at the selected levels count, so that
// `--level must` rests on MUST evidence alone.
import picomatch from "picomatch";
import { LEVELS, type Level } from "../loading/case-schema.ts";
import type { CaseResult } from "../running/results.ts";
import { atLevels } from "../reporting/summary.ts";
import type { LoadedCase } from "../loading/loader.ts";
import { FAMILIES } from "../loading/requirements.ts";
import { UsageError } from "./common.ts";

export const SELECTION_OPTIONS = {
  filter: { type: "string", multiple: true },
  level: { type: "string", multiple: true },
  family: { type: "string", multiple: true },
} as const;

export interface Selection {
  /** Whether the case runs. */
  selects(testCase: LoadedCase): boolean;
  /** The result as the selection counts it: with --level, only failures of requirements at those levels. */
  verdict(result: CaseResult): CaseResult;
}

/** What a run selects; throws a UsageError for an unknown level or family. */
export function caseSelection(values: { filter?: string[]; level?: string[]; family?: string[] }): Selection {
  const levels = selectedLevels(values.level);
  const families = known(values.family, FAMILIES, "family");
  const matches = values.filter?.length ? picomatch(values.filter, { bash: true }) : () => true;
  return {
    selects: (testCase) => matches(testCase.id) && (!levels || levels.has(testCase.level)) && (!families || families.has(testCase.family)),
    verdict: (result) => (levels ? atLevels(result, levels) : result),
  };
}

/** The levels given with --level (every level when none); throws a UsageError for an unknown one. fuzz --level counts failures by them too. */
export function selectedLevels(values: string[] | undefined): ReadonlySet<Level> | undefined {
  return known(values, LEVELS, "level") as ReadonlySet<Level> | undefined;
}

/** The values given for --<flag>, each checked against the list it must come from. */
function known(values: string[] | undefined, allowed: readonly string[], flag: string): ReadonlySet<string> | undefined {
  if (!values?.length) return undefined;
  const unknown = values.find((value) => !allowed.includes(value));
  if (unknown !== undefined) throw new UsageError(`unknown ${flag} "${unknown}" for --${flag}; use one of ${allowed.join(", ")}`);
  return new Set(values);
}
