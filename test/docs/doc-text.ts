// Reading what the docs say in a form a test can hold to the code: the lists marked
// `<!-- list: kind -->…<!-- /list -->` (every backticked word between the markers is an item),
// markdown tables under a heading, check citations ("check 12 (identity)", "checks 5 to 7"),
// command lines, options and links. Each reader works on plain text, so the tests can feed it a
// doctored copy and see it notice what is missing.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** The docs a user reads: the README and the spec's pages, as paths from the repository root. */
export const DOCS = ["README.md", ...readdirSync(join(ROOT, "spec")).filter((name) => name.endsWith(".md")).map((name) => `spec/${name}`)];

export const readDoc = (path: string) => readFileSync(join(ROOT, path), "utf8");

/** The words between backticks in a piece of text. */
export const backticked = (text: string) => [...text.matchAll(/`([^`\n]+)`/g)].map((match) => match[1]!);

export interface MarkedList {
  kind: string;
  items: string[];
}

/** Every marked list of a text. */
export function markedLists(text: string): MarkedList[] {
  return [...text.matchAll(/<!-- list: ([a-z-]+) -->([\s\S]*?)<!-- \/list -->/g)].map((match) => ({ kind: match[1]!, items: backticked(match[2]!) }));
}

/** What a list says wrong about a closed set: what it misses, what it names that is not in the set, and what it names twice. */
export function listProblems(items: readonly string[], truth: readonly string[]): string[] {
  const missing = truth.filter((item) => !items.includes(item)).map((item) => `misses ${item}`);
  const unknown = items.filter((item) => !truth.includes(item)).map((item) => `names ${item}, which the code does not have`);
  const twice = items.filter((item, index) => items.indexOf(item) !== index).map((item) => `names ${item} twice`);
  return [...missing, ...unknown, ...twice];
}

/** The text from a heading (matched by its title, any level) to the next heading of the same or a higher level. */
export function section(text: string, title: string): string {
  const lines = text.split("\n");
  const start = lines.findIndex((line) => /^#+ /.test(line) && line.replace(/^#+ /, "") === title);
  if (start < 0) throw new Error(`no heading "${title}"`);
  const level = /^#+/.exec(lines[start]!)![0].length;
  const end = lines.findIndex((line, index) => index > start && /^#+ /.test(line) && /^#+/.exec(line)![0].length <= level);
  return lines.slice(start + 1, end < 0 ? undefined : end).join("\n");
}

/** The rows of the first table in a text, header and rule left out, each as its cells (a `\|` inside a cell is not a border). */
export function firstTable(text: string): string[][] {
  const lines = text.split("\n");
  const start = lines.findIndex((line) => line.startsWith("|"));
  if (start < 0) throw new Error("no table");
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith("|")) break;
    rows.push(line.slice(1, -1).split(/(?<!\\)\|/).map((cell) => cell.trim()));
  }
  return rows;
}

/** The one backticked word of a table cell. */
export function cellWord(cell: string): string {
  const words = backticked(cell);
  if (words.length !== 1) throw new Error(`expected one backticked word in "${cell}"`);
  return words[0]!;
}

export interface CheckCitation {
  /** The check numbers cited: one, or several ("checks 6 and 7", "checks 5 to 7" gives 5 and 7). */
  numbers: number[];
  /** The name given in parentheses after a single number, if any. */
  name?: string;
  /** The words around the citation, to say where it is. */
  context: string;
}

/** Every "check N" and "checks N to M" of a text, lines joined so that a citation may break across them. */
export function checkCitations(text: string): CheckCitation[] {
  const flat = text.replace(/\s+/g, " ");
  return [...flat.matchAll(/(?<![\w-])[Cc]hecks? (\d+)((?:(?:,| and| or| to) \d+)*)(?: \(([^()]*)\))?/g)].map((match) => {
    const numbers = [match[1]!, ...[...match[2]!.matchAll(/\d+/g)].map((more) => more[0])].map(Number);
    const context = flat.slice(Math.max(0, match.index - 40), match.index + match[0].length + 20);
    return numbers.length === 1 && match[3] !== undefined ? { numbers, name: match[3], context } : { numbers, context };
  });
}

/** The command-line options a text names: `--word`. */
export const optionsIn = (text: string) => new Set([...text.matchAll(/(?<![\w-])--[a-z][a-z0-9-]*/g)].map((match) => match[0]));

export interface CommandLine {
  command: string;
  options: Set<string>;
  line: string;
}

/** Every command line of a text that runs the CLI, installed (`npx effective-args`) or from a clone (`npx tsx harness/cli.ts`). */
export function commandLines(text: string): CommandLine[] {
  return [...text.matchAll(/npx (?:effective-args|tsx harness\/cli\.ts) ([a-z][a-z-]*)([^`#\n]*)/g)].map((match) => {
    // Up to a redirection or a pipe: what follows is another program's.
    const own = match[2]!.split(/ [>|] /)[0]!;
    return { command: match[1]!, options: optionsIn(own), line: match[0] };
  });
}

/** The paragraphs (and code blocks) of a text that run the CLI from a clone without saying so: no "clone" in them, and no clone-only path on the line. */
export function unexplainedCloneCommands(text: string): string[] {
  const found: string[] = [];
  for (const paragraph of text.split(/\n\s*\n/)) {
    for (const line of paragraph.split("\n")) {
      if (!line.includes("npx tsx harness/cli.ts")) continue;
      // adapters/, test/ and the scripts of package.json exist only in a clone; a line about them is a clone's.
      if (/(?<![\w./-])(adapters|test)\//.test(line) || /\bclone\b/.test(paragraph)) continue;
      found.push(line.trim());
    }
  }
  return found;
}

/** GitHub's anchors for the headings of a markdown text. */
export function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const match of text.matchAll(/^#+ (.+)$/gm)) {
    const slug = match[1]!.toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, "").replace(/ /g, "-");
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    result.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return result;
}

/** The relative links of a doc (at `path`) whose file or heading does not exist. */
export function brokenLinks(path: string, text: string): string[] {
  const broken: string[] = [];
  const prose = text.replace(/```[\s\S]*?```/g, "");
  for (const match of prose.matchAll(/\]\(([^)\s]+)\)/g)) {
    const target = match[1]!;
    if (/^[a-z]+:/.test(target)) continue;
    const [file, anchor] = target.split("#") as [string, string | undefined];
    const resolved = file === "" ? join(ROOT, path) : resolve(dirname(join(ROOT, path)), file);
    if (!existsSync(resolved)) broken.push(`${target} (no file ${relative(ROOT, resolved)})`);
    else if (anchor !== undefined && resolved.endsWith(".md") && !anchors(readFileSync(resolved, "utf8")).has(anchor)) broken.push(`${target} (no such heading)`);
  }
  return broken;
}
