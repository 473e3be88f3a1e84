// Maps a path inside a parsed YAML document back to "file:line:column" for error messages.
import { Composer, isCollection, isMap, isNode, isScalar, LineCounter, parseDocument, YAMLParseError, type CST, type Document } from "yaml";

export interface ParsedYaml {
  file: string;
  document: Document.Parsed;
  lines: LineCounter;
}

// Keys written twice are refused by yaml-subset.ts, in linear time: the library's own check
// compares each key with every earlier one (a minute for a mapping of 50,000 keys).
const OPTIONS = { prettyErrors: false, uniqueKeys: false } as const;

export function parseYamlFile(file: string, text: string): ParsedYaml {
  const lines = new LineCounter();
  const document = parseDocument(text, { lineCounter: lines, ...OPTIONS });
  return { file, document, lines };
}

/**
 * The document of a syntax tree already read (yaml-limits.ts): what parseYamlFile makes of the
 * same text, without reading it again. `lines` was fed as the tree was read.
 */
export function composeYamlFile(file: string, text: string, tokens: readonly CST.Token[], lines: LineCounter): ParsedYaml {
  let document: Document.Parsed | undefined;
  for (const next of new Composer(OPTIONS).compose(tokens, true, text.length)) {
    if (!document) {
      document = next;
      continue;
    }
    // As parseDocument says it.
    document.errors.push(new YAMLParseError([next.range[0], next.range[1]], "MULTIPLE_DOCS", "Source contains multiple documents; please use YAML.parseAllDocuments()"));
    break;
  }
  return { file, document: document!, lines };
}

/**
 * The location of the deepest node along `path` that exists (a missing field points at its
 * parent). With `key`, a mapping member is located by its key rather than by its value: the
 * line the word is written on, even when its value starts on the next one.
 */
export function locate(parsed: ParsedYaml, path: readonly PropertyKey[], { key = false } = {}): string {
  let node: unknown = parsed.document.contents;
  let offset = 0;
  if (isNode(node) && node.range) offset = node.range[0];
  for (const segment of path) {
    if (!isCollection(node)) break;
    const name = typeof segment === "symbol" ? String(segment) : segment;
    const child: unknown = node.get(name, true);
    if (!isNode(child) || !child.range) break;
    const pair = key && isMap(node) ? node.items.find((item) => isScalar(item.key) && item.key.value === name) : undefined;
    offset = isScalar(pair?.key) && pair.key.range ? pair.key.range[0] : child.range[0];
    node = child;
  }
  return at(parsed, offset);
}

export function at(parsed: Pick<ParsedYaml, "file" | "lines">, offset: number): string {
  const { line, col } = parsed.lines.linePos(offset);
  return `${parsed.file}:${line}:${col}`;
}

/** "file:line:column" of an offset in text the YAML parser has not read: for problems found before it reads it. */
export function atInText(file: string, text: string, offset: number): string {
  const lines = new LineCounter();
  lines.addNewLine(0);
  for (let end = text.indexOf("\n"); end !== -1; end = text.indexOf("\n", end + 1)) lines.addNewLine(end + 1);
  return at({ file, lines }, offset);
}
