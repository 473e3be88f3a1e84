// JSON texts that look canonical and are not: the serializers of the canonical-form mutants,
// each an RFC 8785 serializer with one rule made differently (member order, escaping, depth).

export interface TextRules {
  /** How member names are ordered (RFC 8785: by UTF-16 code units). */
  order: (a: string, b: string) => number;
  /** Whether nested objects are ordered too, or keep their insertion order. */
  nested: boolean;
  /** Extra escaping applied to JSON.stringify's string text (RFC 8785: none). */
  escape: (text: string) => string;
}

export const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A serializer following `rules`; it throws on values with no JSON form, as a canonicalizer must. */
export function jsonText(rules: Partial<TextRules>): (value: unknown) => string {
  const { order = byCodeUnits, nested = true, escape = (text: string) => text } = rules;
  const write = (value: unknown, depth: number): string => {
    if (typeof value === "number" && !Number.isFinite(value)) throw new TypeError("no JSON form");
    if (typeof value === "string") return escape(JSON.stringify(value));
    if (value === null || typeof value !== "object") return JSON.stringify(value);
    if (Array.isArray(value)) return `[${value.map((item) => write(item, depth + 1)).join(",")}]`;
    const names = Object.keys(value).filter((name) => (value as Record<string, unknown>)[name] !== undefined);
    if (nested || depth === 0) names.sort(order);
    return `{${names.map((name) => `${escape(JSON.stringify(name))}:${write((value as Record<string, unknown>)[name], depth + 1)}`).join(",")}}`;
  };
  return (value) => write(value, 0);
}

/** Replaces each character matching `pattern` by its \uXXXX escape. */
export const escapeAll = (pattern: RegExp) => (text: string) => text.replace(pattern, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
