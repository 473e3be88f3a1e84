// Bounds on what a YAML file may make the loader build. The yaml library reads nesting and runs
// of indicators by recursion, and hands aliases over as shared (even circular) values that zod
// then walks in full: a hostile file would overflow the stack or run without end (an alias bomb).
// Here each is one file's error, at its place.
import { CST, isAlias, isCollection, isNode, isPair, Lexer, Parser, type Alias, type Document, type Node } from "yaml";
import { tokenProblem } from "./yaml-subset.ts";

/**
 * How deep lists and mappings may nest: the suite's cases nest about 10 deep, but a case may
 * expect a deeply nested JSON value (the fuzzer writes ones 80 deep); the yaml library
 * overflows the stack near 800.
 */
export const MAX_NESTING = 256;

/** How many values (lists, mappings, scalars) a file may hold, each alias counted as what it stands for: the largest case holds about 200. */
export const MAX_VALUES = 100_000;

/** How many anchors, tags and "-", "?", ":" indicators may stand in a row: a few a level at most in a file nested MAX_NESTING deep; the yaml library's lexer, which recurses once for each, overflows the stack near 5,000. */
export const MAX_INDICATORS_IN_A_ROW = 1_000;

/** A bound the file breaks, and where: an offset in its text. */
export interface LimitProblem {
  offset: number;
  message: string;
}

const TOO_DEEP = `lists and mappings may be nested at most ${MAX_NESTING} deep`;

const COLLECTIONS = new Set(["block-map", "block-seq", "flow-collection"]);
const RECURSIVE_INDICATORS = new Set(["anchor", "tag", "seq-item-ind", "explicit-key-ind", "map-value-ind"]);
/** Tokens that each start a value of their own: scalars, aliases and flow collections (block collections have no token). */
const VALUE_TOKENS = new Set(["scalar", "single-quoted-scalar", "double-quoted-scalar", "alias", "flow-map-start", "flow-seq-start"]);

/** What breaking MAX_VALUES says; `how`, what made the count pass it. */
const tooManyValues = (how: string) => `more than ${MAX_VALUES} values${how}; a file may hold at most ${MAX_VALUES} values, counting each alias as the values it stands for`;

/**
 * Reads the file's syntax tree (CST), stopping, before the yaml library composes it (by
 * recursion), at the first list or mapping nested deeper than MAX_NESTING, the first indicator
 * past MAX_INDICATORS_IN_A_ROW, the value that takes the file past MAX_VALUES (each counted at
 * its token, an alias as one: composing a file far past the bound took minutes and a gigabyte),
 * or the first token the case format leaves out (yaml-subset.ts). The parser is fed one token at
 * a time, so the reading stops there, before any recursion goes deep. The tree is what
 * source-location.ts composes: the file is parsed once. `onNewLine` is told where each line
 * starts, as the parser finds them.
 */
export function readSyntaxTree(text: string, onNewLine?: (offset: number) => void): { tokens: CST.Token[] } | { problem: LimitProblem } {
  const parser = new Parser(onNewLine);
  // As Parser.parse does: the first line starts at 0.
  onNewLine?.(0);
  const tokens: CST.Token[] = [];
  let inARow = 0;
  let values = 0;
  for (const token of new Lexer().lex(text)) {
    // What is read so far is in the parser's stack; what it yields is done.
    for (const done of parser.next(token)) tokens.push(done);
    const tooDeep = parser.stack.length > MAX_NESTING ? openCollections(parser)[MAX_NESTING] : undefined;
    if (tooDeep) return { problem: { offset: tooDeep.offset, message: `nested too deeply: ${TOO_DEEP}` } };
    const type = CST.tokenType(token);
    const leftOut = tokenProblem(type, token, parser.offset - token.length);
    if (leftOut) return { problem: leftOut };
    if (type !== null && VALUE_TOKENS.has(type) && ++values > MAX_VALUES) return { problem: { offset: parser.offset - token.length, message: tooManyValues("") } };
    if (type !== "space") inARow = type !== null && RECURSIVE_INDICATORS.has(type) ? inARow + 1 : 0;
    if (inARow > MAX_INDICATORS_IN_A_ROW) {
      return { problem: { offset: parser.offset - token.length, message: `more than ${MAX_INDICATORS_IN_A_ROW} anchors, tags or "-", "?", ":" indicators in a row, more than the YAML reader can take` } };
    }
  }
  for (const done of parser.end()) tokens.push(done);
  return { tokens };
}

function openCollections(parser: Parser): CST.Token[] {
  return parser.stack.filter((token) => COLLECTIONS.has(token.type));
}

/**
 * After composing: the first alias that names no anchor, stands inside the value it names, or
 * takes the file deeper than MAX_NESTING or past MAX_VALUES once expanded.
 */
export function aliasProblem(document: Document.Parsed): LimitProblem | undefined {
  const walk = new Expansion();
  walk.extent(document.contents, 0);
  return walk.problem;
}

/** A value with its aliases expanded: how many values it holds, and how many collections deep it goes. */
interface Extent {
  values: number;
  depth: number;
}

const NOTHING: Extent = { values: 0, depth: 0 };

/**
 * Walks the document in order, as the yaml library resolves aliases: an alias stands for the
 * latest value anchored with its name before it. Each anchored value is measured once, when the
 * walk leaves it, so an alias costs as little as a scalar to check.
 */
class Expansion {
  problem: LimitProblem | undefined;
  private readonly anchors = new Map<string, Node>();
  /** Anchored values the walk has left; one it is still inside is missing here. */
  private readonly measured = new Map<Node, Extent>();
  private values = 0;

  /** `level`: how many collections hold the value. */
  extent(value: unknown, level: number): Extent {
    if (this.problem || !isNode(value)) return NOTHING;
    if (isAlias(value)) return this.aliasExtent(value, level);
    if (value.anchor) this.anchors.set(value.anchor, value);
    this.count(1, value, "");
    const extent = isCollection(value) ? this.collectionExtent(value.items, level) : { values: 1, depth: 0 };
    if (value.anchor) this.measured.set(value, extent);
    return extent;
  }

  private collectionExtent(items: unknown[], level: number): Extent {
    const extent = { values: 1, depth: 1 };
    for (const child of items.flatMap((item) => (isPair(item) ? [item.key, item.value] : [item]))) {
      const { values, depth } = this.extent(child, level + 1);
      extent.values += values;
      extent.depth = Math.max(extent.depth, depth + 1);
    }
    return extent;
  }

  private aliasExtent(alias: Alias, level: number): Extent {
    const name = alias.source;
    const target = this.anchors.get(name);
    const extent = target && this.measured.get(target);
    if (!target) return this.fail(alias, `the alias *${name} names no anchor: write &${name} on a value before it`);
    if (!extent) return this.fail(alias, `the alias *${name} is inside the value it names (&${name}), which would then contain itself without end`);
    if (level + extent.depth > MAX_NESTING) return this.fail(alias, `nested too deeply once the alias *${name} is expanded: ${TOO_DEEP}`);
    this.count(extent.values, alias, ` once the alias *${name} is expanded (an alias bomb?)`);
    return extent;
  }

  private count(values: number, at: Node, how: string): void {
    this.values += values;
    if (this.values > MAX_VALUES) {
      this.fail(at, tooManyValues(how));
    }
  }

  private fail(at: Node, message: string): Extent {
    this.problem ??= { offset: at.range?.[0] ?? 0, message };
    return NOTHING;
  }
}
