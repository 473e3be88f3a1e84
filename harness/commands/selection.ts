// Which loaded cases a run selects: --filter globs on the id, --level, --family. A case must
// pass every flag given (AND), and match one value of each repeated flag (OR).
import picomatch from "picomatch";
import { LEVELS } from "../loading/case-schema.ts";
import type { LoadedCase } from "../loading/loader.ts";
import { FAMILIES } from "../loading/requirements.ts";
import { UsageError } from "./common.ts";

export const SELECTION_OPTIONS = {
  filter: { type: "string", multiple: true },
  level: { type: "string", multiple: true },
  family: { type: "string", multiple: true },
} as const;

/** The test a case must pass to run; throws a UsageError for an unknown level or family. */
export function caseSelector(values: { filter?: string[]; level?: string[]; family?: string[] }): (testCase: LoadedCase) => boolean {
  const levels = known(values.level, LEVELS, "level");
  const families = known(values.family, FAMILIES, "family");
  const matches = values.filter?.length ? picomatch(values.filter, { bash: true }) : () => true;
  return (testCase) => matches(testCase.id) && (!levels || levels.has(testCase.level)) && (!families || families.has(testCase.family));
}

/** The values given for --<flag>, each checked against the list it must come from. */
function known(values: string[] | undefined, allowed: readonly string[], flag: string): ReadonlySet<string> | undefined {
  if (!values?.length) return undefined;
  const unknown = values.find((value) => !allowed.includes(value));
  if (unknown !== undefined) throw new UsageError(`unknown ${flag} "${unknown}" for --${flag}; use one of ${allowed.join(", ")}`);
  return new Set(values);
}
