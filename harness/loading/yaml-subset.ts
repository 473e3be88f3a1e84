// The YAML a file of the suite (a case, an expectations file) may use: one document of plain
// YAML 1.2 data, without tags, whose mapping keys are names written once. What the yaml library
// would make of anything else (a tag's string or custom type, a second document it drops, a list
// used as a key turned into text, a key written twice that overwrites the first) is the file's
// error at its place, in the case format's words rather than the library's.
import { isAlias, isCollection, isMap, isPair, isScalar, type CST, type Document, type Node } from "yaml";

/** What is wrong, and where: an offset in the file's text (yaml-limits.ts's LimitProblem, which imports this module). */
interface Problem {
  offset: number;
  message: string;
}

/** The one directive allowed: the version the case format is written in. */
const YAML_VERSION = "%YAML 1.2";

/** What is wrong with one token of the file (its type as CST.tokenType names it), if the case format leaves it out. */
export function tokenProblem(type: string | null, token: string, offset: number): Problem | undefined {
  if (type === "tag") return { offset, message: `the YAML tag ${token} is not part of the case format, which has no tags: write the value without it (in quotes, for a string)` };
  if (type === "directive-line" && token.trim().split(/[ \t]+/).join(" ") !== YAML_VERSION) {
    return { offset, message: `the directive ${token.trim()} is not part of the case format, which is YAML 1.2 without tags: leave it out` };
  }
  return undefined;
}

/** A second document in the file's syntax tree: a file holds one (the library would read the first and drop the rest). */
export function documentsProblem(tokens: readonly CST.Token[]): Problem | undefined {
  const documents = tokens.filter((token) => token.type === "document");
  if (documents.length < 2) return undefined;
  return {
    offset: documents[1]!.offset,
    message: `a second YAML document starts here, after the first one's end ("---" or "..."): a file holds one document, and this one holds ${documents.length}`,
  };
}

/**
 * The first mapping key that is not a name written once in its mapping: a list, a mapping or an
 * alias as a key, or a key that reads as the same name as an earlier one of its mapping (1 and
 * "1" are both "1" once read). In linear time: the library's own check compares each key with
 * every earlier one.
 */
export function keyProblem(document: Document.Parsed): Problem | undefined {
  return firstKeyProblem(document.contents);
}

/** In the order of the file; MAX_NESTING bounds the recursion. */
function firstKeyProblem(node: unknown): Problem | undefined {
  if (!isCollection(node)) return undefined;
  const names = new Set<string>();
  for (const item of node.items) {
    if (!isPair(item)) {
      const inner = firstKeyProblem(item);
      if (inner) return inner;
      continue;
    }
    const key = item.key as Node | null;
    const at = key?.range?.[0] ?? (item.value as Node | null)?.range?.[0] ?? node.range?.[0] ?? 0;
    if (isAlias(key)) return { offset: at, message: `an alias (*${key.source}) cannot be a key: write the name itself` };
    if (isCollection(key)) return { offset: at, message: "a key must be a name, not a list or a mapping" };
    // As the library names a member: null (an empty key too) is "", a number or a boolean its text.
    const name = isScalar(key) && key.value !== null ? String(key.value) : "";
    if (isMap(node) && names.has(name)) return { offset: at, message: `the key ${JSON.stringify(name)} is written twice in this mapping` };
    names.add(name);
    const inner = firstKeyProblem(item.value);
    if (inner) return inner;
  }
  return undefined;
}
