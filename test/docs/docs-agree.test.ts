// The docs agree with the code: every list of capabilities, outcomes and families the README and
// spec/ give is the code's whole list; every check they cite exists under the name they give it,
// and the check table names the requirements the checks really report; every option they show
// is one the CLI has, and every option the CLI has is shown; every requirement they cite exists;
// a user types `npx effective-args`, and `npx tsx harness/cli.ts` stays with clones; the vitest
// example is what `init` writes; links lead somewhere. Each reader is also shown a doctored text,
// so a list that misses an item or a citation under the wrong name fails.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { parse } from "yaml";
import { z } from "zod";
import { describe, expect, it } from "vitest";
import { CAPABILITIES } from "../../harness/adapter.ts";
import { FAMILIES, REQUIREMENTS } from "../../harness/loading/requirements.ts";
import { outcomeSchema } from "../../harness/running/outcomes.ts";
import { runMain, scratchFolder } from "../support/main.ts";
import { PUBLISHED } from "../../adapters/published.ts";
import {
  backticked, brokenLinks, cellWord, checkCitations, commandLines, DOCS, firstTable, listProblems, markedLists, optionsIn, readDoc, ROOT, section, unexplainedCloneCommands,
} from "./doc-text.ts";

const OUTCOMES = outcomeSchema(z.unknown(), false).options.map((option) => option.shape.outcome.value);
const TRUTH: Record<string, readonly string[]> = { capabilities: CAPABILITIES, outcomes: OUTCOMES, families: FAMILIES };
const docs = DOCS.map((path) => ({ path, text: readDoc(path) }));
const contract = readDoc("spec/adapter-contract.md");

describe("lists of capabilities, outcomes and families", () => {
  it("are complete wherever the docs mark one, and marked where a reader looks for them", () => {
    const problems: string[] = [];
    const counts: Record<string, Record<string, number>> = {};
    for (const { path, text } of docs) {
      for (const list of markedLists(text)) {
        const truth = TRUTH[list.kind];
        if (!truth) problems.push(`${path}: a list of ${list.kind}, which no test knows`);
        else problems.push(...listProblems(list.items, truth).map((problem) => `${path}: the list of ${list.kind} ${problem}`));
        (counts[path] ??= {})[list.kind] = (counts[path]![list.kind] ?? 0) + 1;
      }
    }
    expect(problems).toEqual([]);
    // Removing a marker would drop a list from the test: these must stay marked.
    expect(counts).toMatchObject({
      "README.md": { capabilities: 1, outcomes: 1, families: 2 },
      "spec/case-format.md": { families: 1 },
      "spec/adapter-protocol.md": { capabilities: 1, outcomes: 1 },
    });
  });

  it("notice a list that misses an item, names one the code lacks, or names one twice", () => {
    const [list] = markedLists("(<!-- list: families -->`invariant`, `matrix`, `matrix`, `decoy`<!-- /list -->)");
    expect(listProblems(list!.items, ["invariant", "matrix", "handoff"])).toEqual(["misses handoff", "names decoy, which the code does not have", "names matrix twice"]);
  });

  it("are complete in the contract's types and capability table, the case format's capability table and the spec's family tables", () => {
    const union = /type Capability = ([^;]+);/.exec(contract)![1]!;
    const outcomeType = contract.slice(contract.indexOf("type CallOutcome ="), contract.indexOf("```", contract.indexOf("type CallOutcome =")));
    const spec = readDoc("spec/README.md");
    const found = {
      "the Capability type": [[...union.matchAll(/"([a-z-]+)"/g)].map((match) => match[1]!), CAPABILITIES],
      "the CallOutcome type": [[...outcomeType.matchAll(/outcome: "([a-z_]+)"/g)].map((match) => match[1]!), OUTCOMES],
      "the contract's capability table": [firstTable(section(contract, "Capabilities")).map((row) => cellWord(row[0]!)), CAPABILITIES],
      "the case format's capability table": [firstTable(section(readDoc("spec/case-format.md"), "Capabilities")).map((row) => cellWord(row[0]!)), CAPABILITIES],
      "the spec's prefix table": [firstTable(section(spec, "Requirement IDs")).map((row) => cellWord(row[1]!)), FAMILIES],
      "the spec's family list": [[...section(spec, "Families").matchAll(/^- \*\*([a-z-]+)\*\*/gm)].map((match) => match[1]!), FAMILIES],
    } as const;
    const problems = Object.entries(found).flatMap(([where, [items, truth]]) => listProblems(items, truth).map((problem) => `${where} ${problem}`));
    expect(problems).toEqual([]);
  });
});

/** The check table of spec/adapter-contract.md: number → name and the requirements it names. */
function checkTable(text: string): Map<number, { name: string; requirements: string[] }> {
  const table = section(text, "What the harness checks on every call");
  if (!table.includes("\n| # | Name | Check | Requirement |\n")) throw new Error("the check table's columns are not #, Name, Check, Requirement");
  const rows = firstTable(table);
  return new Map(rows.map(([number, name, , requirements]) => [Number(number), { name: name!, requirements: requirements!.match(/[A-Z]+-\d+/g) ?? [] }]));
}

/** The check numbers the harness reports, with the requirements written beside them: `failure(N, "REQ", …)`, `requirement: "REQ", check: N`. */
function checksInCode(): Map<number, Set<string>> {
  const found = new Map<number, Set<string>>();
  const files = readdirSync(join(ROOT, "harness"), { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".ts"));
  for (const file of files) {
    const text = readFileSync(join(ROOT, "harness", file), "utf8");
    for (const match of text.matchAll(/failure\((\d+),\s*(?:"([A-Z]+-\d+)")?|(?:requirement: "([A-Z]+-\d+)",\s*)?check: (\d+)/g)) {
      const requirements = found.get(Number(match[1] ?? match[4])) ?? new Set();
      found.set(Number(match[1] ?? match[4]), requirements);
      if (match[2] ?? match[3]) requirements.add((match[2] ?? match[3])!);
    }
  }
  return found;
}

/** What is wrong with the check citations of a text, held to the table. */
function citationProblems(text: string, table: ReturnType<typeof checkTable>): string[] {
  return checkCitations(text).flatMap(({ numbers, name, context }) => {
    const unknown = numbers.filter((number) => !table.has(number)).map((number) => `cites check ${number}, which does not exist: "${context}"`);
    if (unknown.length > 0 || numbers.length > 1) return unknown;
    const check = table.get(numbers[0]!)!;
    if (name === undefined) return [`cites check ${numbers[0]} without its name, (${check.name}): "${context}"`];
    return name === check.name ? [] : [`calls check ${numbers[0]} "${name}", but it is "${check.name}": "${context}"`];
  });
}

describe("the universal checks", () => {
  // Read in each test, so that a table that cannot be read fails the tests rather than the file.
  const table = () => checkTable(contract);
  const code = checksInCode();

  it("are numbered 1 to N in the contract's table, each with a name of its own and requirements of the catalogue", () => {
    const checks = table();
    expect([...checks.keys()]).toEqual(Array.from({ length: checks.size }, (_, index) => index + 1));
    const names = [...checks.values()].map((check) => check.name);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
    expect([...checks.values()].flatMap((check) => check.requirements).filter((id) => !REQUIREMENTS.has(id))).toEqual([]);
  });

  it("are the checks the harness reports, under the requirements its table gives them", () => {
    const checks = table();
    expect([...code.keys()].sort((a, b) => a - b)).toEqual([...checks.keys()]);
    const misnamed = [...code].flatMap(([number, requirements]) => [...requirements].filter((id) => !checks.get(number)!.requirements.includes(id)).map((id) => `check ${number} reports ${id}`));
    expect(misnamed).toEqual([]);
  });

  it("are cited in README.md and spec/ by a number that exists and the name it has", () => {
    const checks = table();
    expect(docs.flatMap(({ path, text }) => citationProblems(text, checks).map((problem) => `${path} ${problem}`))).toEqual([]);
  });

  it("are cited by the adapters' findings with a number and requirement the table pairs", () => {
    const checks = table();
    const findings = PUBLISHED.map(({ stem }) => `${stem}/findings.yaml`);
    expect(findings.length).toBeGreaterThan(0);
    const problems = findings.flatMap((name) => {
      const shown = (parse(readFileSync(join(ROOT, "adapters", name), "utf8")) as { findings: { shows?: { requirement: string; check?: number }[] }[] }).findings.flatMap((finding) => finding.shows ?? []);
      return shown.filter(({ requirement, check }) => check !== undefined && !checks.get(check)?.requirements.includes(requirement)).map(({ requirement, check }) => `${name}: ${requirement} from check ${check}`);
    });
    expect(problems).toEqual([]);
  });

  it("notice a citation of a check that does not exist, without its name, or under another check's name", () => {
    const text = "Identity is checked (check 5 (identity)); see check 12 and checks 6 and 99, and check 12 (identity).";
    expect(citationProblems(text, table())).toEqual([
      expect.stringContaining('calls check 5 "identity", but it is "policy sees the parse"'),
      expect.stringContaining("cites check 12 without its name, (identity)"),
      expect.stringContaining("cites check 99, which does not exist"),
    ]);
  });
});

describe("the command line in the docs", async () => {
  const COMMANDS = ["run", "fuzz", "validate", "matrix", "report-issue", "init"];
  const usage = new Map(await Promise.all(COMMANDS.map(async (command) => [command, optionsIn((await runMain(command, "--help")).stdout)] as const)));
  const everyOption = new Set([...usage.values()].flatMap((options) => [...options]));
  // Options of other programs the docs show beside the CLI's.
  const FOREIGN = new Set(["--save-dev"]);

  it("names only options the CLI has, and every option the CLI has", () => {
    const named = new Set(docs.flatMap(({ text }) => [...optionsIn(text)]));
    expect([...named].filter((option) => !everyOption.has(option) && option !== "--help" && !FOREIGN.has(option))).toEqual([]);
    expect([...everyOption].filter((option) => !named.has(option))).toEqual([]);
  });

  it("gives each command only its own options", () => {
    const lines = docs.flatMap(({ path, text }) => commandLines(text).map((line) => ({ path, ...line })));
    expect(lines.length).toBeGreaterThan(20);
    const wrong = lines.flatMap(({ path, command, options, line }) => {
      const own = usage.get(command);
      if (!own) return [`${path}: "${line}" runs a command the CLI does not have`];
      return [...options].filter((option) => !own.has(option) && option !== "--help").map((option) => `${path}: "${line}": ${command} has no ${option}`);
    });
    expect(wrong).toEqual([]);
  });

  it("is npx effective-args where a user types it, and npx tsx harness/cli.ts only about a clone", () => {
    expect(docs.flatMap(({ path, text }) => unexplainedCloneCommands(text).map((line) => `${path}: ${line}`))).toEqual([]);
    expect(unexplainedCloneCommands("Gate your CI:\n\n```sh\nnpx tsx harness/cli.ts run --adapter ./mine.ts\n```")).toEqual(["npx tsx harness/cli.ts run --adapter ./mine.ts"]);
  });
});

describe("the rest of what the docs cite", () => {
  it("names only requirements of the catalogue", () => {
    const prefixes = [...new Set([...REQUIREMENTS.keys()].map((id) => id.split("-")[0]))].join("|");
    const cited = docs.flatMap(({ path, text }) => [...text.matchAll(new RegExp(`\\b(?:${prefixes})-\\d+\\b`, "g"))].map((match) => ({ path, id: match[0] })));
    expect(cited.length).toBeGreaterThan(100);
    expect(cited.filter(({ id }) => !REQUIREMENTS.has(id)).map(({ path, id }) => `${path}: ${id}`)).toEqual([]);
  });

  it("shows the vitest test and the commands init writes", async () => {
    const { folder } = scratchFolder("effective-args-docs-");
    const { stdout } = await runMain("init", "--dir", folder);
    const written = readFileSync(join(folder, "conformance.test.ts"), "utf8");
    const readme = readDoc("README.md");
    const example = /```ts\n([\s\S]*?)```/.exec(section(readme, "In your own test command (vitest)"))![1]!;
    expect(example).toContain("effective-args/conformance.test.ts");
    for (const line of written.split("\n").filter((one) => one.startsWith("import ") || one.startsWith("conformanceSuite("))) expect(example).toContain(line);
    // init's "Next:" command, for its default folder, is the README's start.
    const next = /Next: (.+)/.exec(stdout)![1]!.replaceAll(relative(process.cwd(), folder), "effective-args");
    expect(section(readme, "Start here")).toContain(next);
    expect(backticked(section(readme, "Start here"))).toContain("npx effective-args init --kind stdio");
  });

  it("links only to files and headings that exist", () => {
    expect(docs.flatMap(({ path, text }) => brokenLinks(path, text).map((link) => `${path}: ${link}`))).toEqual([]);
    expect(brokenLinks("spec/README.md", "[a](adapter-contract.md#values) [b](adapter-contract.md#no-such) [c](nothing.md)")).toEqual(["adapter-contract.md#no-such (no such heading)", "nothing.md (no file spec/nothing.md)"]);
  });
});
