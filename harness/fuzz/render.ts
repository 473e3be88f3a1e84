// Generated cases written as the hand-written ones are: block style for the outline (the
// requirements one a line), one line (flow style) for each schema member (of a tool and of a
// redefinition), hook, rule, call, resume, grant and expectation, and every character outside
// printable ASCII as an escape, so that a shrunk divergence reads at a glance and no invisible
// character (U+2028, a combining accent, a look-alike letter) hides in it.
import { Document, isCollection, isPair, isScalar, Scalar } from "yaml";

/** Where the outline ends, as data paths ("*" any key, "#" any list item). */
const ONE_LINE = [
  "tools/*/schema/properties/*",
  "tools/*/schema/aliases",
  "hooks/#",
  "policy/rules/#",
  "policy/mutate",
  "steps/#/turn/#",
  "steps/#/resume",
  "steps/#/grant",
  "steps/#/redefine/*/schema/properties/*",
  "steps/#/redefine/*/schema/aliases",
  "steps/#/expect/*",
].map((pattern) => pattern.split("/"));

const NOT_PRINTABLE_ASCII = /[^\x20-\x7e]/;

export function compactYaml(data: object): string {
  const document = new Document(data, { aliasDuplicateObjects: false });
  shape(document.contents, []);
  // Only double-quoted scalars hold such characters now, and there an escape means the character.
  return document.toString({ lineWidth: 0 }).replace(/[^\x00-\x7f]/gu, escape);
}

/** Marks the one-line collections, and double-quotes every string that needs escapes. */
function shape(node: unknown, path: string[]): void {
  if (isScalar(node) && typeof node.value === "string" && NOT_PRINTABLE_ASCII.test(node.value)) node.type = Scalar.QUOTE_DOUBLE;
  if (!isCollection(node)) return;
  if (ONE_LINE.some((pattern) => matches(pattern, path))) node.flow = true;
  for (const item of node.items) {
    if (!isPair(item)) {
      shape(item, [...path, "#"]);
      continue;
    }
    shape(item.key, []);
    shape(item.value, [...path, String(isScalar(item.key) ? item.key.value : item.key)]);
  }
}

function matches(pattern: readonly string[], path: readonly string[]): boolean {
  return pattern.length === path.length && pattern.every((segment, index) => segment === path[index] || (segment === "*" && path[index] !== "#") || (segment === "#" && path[index] === "#"));
}

/** YAML's double-quoted escape of a character: \uXXXX, or \UXXXXXXXX beyond the BMP. */
function escape(character: string): string {
  const code = character.codePointAt(0)!;
  return code > 0xffff ? `\\U${code.toString(16).toUpperCase().padStart(8, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`;
}
