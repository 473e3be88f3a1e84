// The expectations file of `run --expect` and `run --write-expectations`: the cases an
// implementation is known to fail, and the requirements each fails. A listed case that fails
// only on its listed requirements, or errors, does not fail the run; a listed case that passes
// does, so that the list only shrinks, and so does one that breaks a requirement its entry does
// not list, so that a known failure cannot hide a new break.
import { relative } from "node:path";
import { Document, visit } from "yaml";
import { z } from "zod";
import { namedRecord } from "../loading/case-schema.ts";
import { REQUIREMENTS } from "../loading/requirements.ts";
import { byCodeUnits } from "../values/order.ts";
import type { CaseResult } from "../running/results.ts";
import { locate } from "../loading/source-location.ts";
import { parseYamlWith, readTextFile } from "../loading/yaml-file.ts";
import { printableLine } from "./printable.ts";
import { UPSTREAM_REF } from "./upstream-links.ts";

/**
 * failures:
 *   <case id>:
 *     requirements: [<requirement ID>, ...]   # what it may fail; a failure naming another fails the run
 *     reason: <text>                          # optional, for people
 *     links: [owner/repository#number, ...]   # optional: upstream issues or changes that concern it
 */
export const ExpectationsFile = z.strictObject({
  failures: namedRecord(
    z.string(),
    z.strictObject({
      requirements: z.array(z.string()),
      reason: z.string().optional(),
      links: z.array(z.string().regex(UPSTREAM_REF, 'an upstream issue or change as "owner/repository#number"')).min(1).optional(),
    }),
  ),
});
export type ExpectationsFile = z.infer<typeof ExpectationsFile>;

export interface KnownFailure {
  requirements: string[];
  reason?: string;
  /** Upstream issues or changes that concern it ("owner/repository#number"). */
  links?: string[];
  /** "file:line:column" of the entry, for warnings. */
  at: string;
}

export interface KnownFailures {
  /** The file as given, relative to the working directory. */
  file: string;
  /** By case id, in file order. */
  entries: ReadonlyMap<string, KnownFailure>;
}

/**
 * What a listed case did: failed on its listed requirements only, or errored (an error breaks no
 * requirement, so any entry covers it); failed on a requirement its entry does not list; or passed.
 */
export type Expectation = "expected-failure" | "unexpected-failure" | "unexpected-pass";

export interface Expected {
  expectation: Expectation;
  /** With unexpected-failure: the requirements its failures name that its entry does not list, in catalogue order. */
  newlyBroken?: string[];
  /** What the entry says of the case: its reason and upstream links, when it has them. */
  known?: { reason?: string; links?: string[] };
}

export function expectationOf(result: CaseResult, known: KnownFailures | undefined): Expected | undefined {
  const entry = known?.entries.get(result.id);
  if (!entry) return undefined;
  const said = entry.reason !== undefined || entry.links !== undefined ? { known: { ...(entry.reason !== undefined && { reason: entry.reason }), ...(entry.links && { links: entry.links }) } } : {};
  if (result.status === "passed") return { expectation: "unexpected-pass", ...said };
  if (result.status === "errored") return { expectation: "expected-failure", ...said };
  if (result.status !== "failed") return undefined;
  const named = new Set(result.failures.map((failure) => failure.requirement).filter((requirement) => !entry.requirements.includes(requirement)));
  if (named.size === 0) return { expectation: "expected-failure", ...said };
  return { expectation: "unexpected-failure", newlyBroken: inCatalogueOrder(named), ...said };
}

/** "matrix/a is listed for INV-5 but now also breaks INV-1": why a listed case fails the run. */
export function newBreakMessage(id: string, known: KnownFailures, newlyBroken: readonly string[]): string {
  const listed = known.entries.get(id)?.requirements ?? [];
  const breaks = newlyBroken.join(", ");
  return listed.length > 0 ? `${id} is listed for ${listed.join(", ")} but now also breaks ${breaks}` : `${id} is listed for no requirement (it errored when recorded) but now breaks ${breaks}`;
}

/** The requirements in catalogue order; any the catalogue does not hold come last, sorted. */
export function inCatalogueOrder(ids: ReadonlySet<string>): string[] {
  const catalogue = [...REQUIREMENTS.keys()];
  return [...catalogue.filter((id) => ids.has(id)), ...[...ids].filter((id) => !REQUIREMENTS.has(id)).sort(byCodeUnits)];
}

/** Reads and checks an expectations file; problems come back as "file:line:column: message", one line each. */
export function loadKnownFailures(path: string): KnownFailures | { errors: string[] } {
  const checked = checkKnownFailures(path);
  return "errors" in checked ? { errors: checked.errors.map(printableLine) } : checked;
}

function checkKnownFailures(path: string): KnownFailures | { errors: string[] } {
  const file = relative(process.cwd(), path) || path;
  const read = readTextFile(path, "the expectations file");
  if ("errors" in read) return read;
  const parsed = parseYamlWith(ExpectationsFile, file, read.text);
  if ("errors" in parsed) return parsed;
  const { source } = parsed;
  const errors = Object.entries(parsed.data.failures).flatMap(([id, entry]) =>
    entry.requirements.flatMap((requirement, index) =>
      REQUIREMENTS.has(requirement) ? [] : [`${locate(source, ["failures", id, "requirements", index])}: unknown requirement "${requirement}" (see spec/requirements.yaml)`],
    ),
  );
  if (errors.length > 0) return { errors };
  const entries = new Map(Object.entries(parsed.data.failures).map(([id, entry]) => [id, { ...entry, at: locate(source, ["failures", id], { key: true }) }]));
  return { file, entries };
}

/**
 * The expectations file that lists this run's failed and errored cases, sorted by id: what
 * each failed (catalogue order), and the reason from `previous` when it had one, or else why
 * the case errored.
 */
export function knownFailuresYaml(implementation: string, results: readonly CaseResult[], previous?: KnownFailures): string {
  const failures: ExpectationsFile["failures"] = {};
  for (const result of [...results].sort((a, b) => byCodeUnits(a.id, b.id))) {
    if (result.status !== "failed" && result.status !== "errored") continue;
    const named = new Set(result.failures.map((failure) => failure.requirement));
    const before = previous?.entries.get(result.id);
    const reason = before?.reason ?? (result.status === "errored" ? `errored: ${result.reason}` : undefined);
    failures[result.id] = { requirements: inCatalogueOrder(named), reason, links: before?.links }; // YAML leaves out what is undefined
  }
  const document = new Document({ failures } satisfies ExpectationsFile);
  visit(document, {
    Seq(_, node) {
      node.flow = true;
    },
  });
  document.commentBefore =
    ` Known failures of ${implementation}, generated by effective-args run --write-expectations.\n` +
    ` A listed case may fail on the requirements listed, or error, without failing the run; it fails the run when it breaks another or passes.`;
  return document.toString({ lineWidth: 0, flowCollectionPadding: false });
}

