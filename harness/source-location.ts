// Maps a path inside a parsed YAML document back to "file:line:column" for error messages.
import { isCollection, isNode, LineCounter, parseDocument, type Document } from "yaml";

export interface ParsedYaml {
  file: string;
  document: Document.Parsed;
  lines: LineCounter;
}

export function parseYamlFile(file: string, text: string): ParsedYaml {
  const lines = new LineCounter();
  const document = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  return { file, document, lines };
}

/** The location of the deepest node along `path` that exists (a missing field points at its parent). */
export function locate(parsed: ParsedYaml, path: readonly PropertyKey[]): string {
  let node: unknown = parsed.document.contents;
  let offset = 0;
  if (isNode(node) && node.range) offset = node.range[0];
  for (const key of path) {
    if (!isCollection(node)) break;
    const child: unknown = node.get(typeof key === "symbol" ? String(key) : key, true);
    if (!isNode(child) || !child.range) break;
    node = child;
    offset = child.range[0];
  }
  return at(parsed, offset);
}

export function at(parsed: ParsedYaml, offset: number): string {
  const { line, col } = parsed.lines.linePos(offset);
  return `${parsed.file}:${line}:${col}`;
}
