import { variant } from "./variant.ts";

/** Canonical, but not RFC 8785: member names sorted by code point, every non-ASCII character escaped. */
function codePointCanonical(value: unknown): string {
  if (typeof value === "number" && !Number.isFinite(value)) throw new TypeError("no canonical form");
  if (typeof value === "string") return JSON.stringify(value).replace(/[\u0080-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
  if (value === null || typeof value !== "object") {
    const text = JSON.stringify(value);
    if (text === undefined) throw new TypeError("no canonical form");
    return text;
  }
  if (Array.isArray(value)) return `[${value.map(codePointCanonical).join(",")}]`;
  const byCodePoint = (a: string, b: string) => {
    const [x, y] = [[...a].map((char) => char.codePointAt(0)!), [...b].map((char) => char.codePointAt(0)!)];
    for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
    return x.length - y.length;
  };
  const keys = Object.keys(value).filter((key) => (value as Record<string, unknown>)[key] !== undefined).sort(byCodePoint);
  return `{${keys.map((key) => `${codePointCanonical(key)}:${codePointCanonical((value as Record<string, unknown>)[key])}`).join(",")}}`;
}

export default variant(
  "code-point-canonical-form",
  "argsCanonicalJson is a deterministic JSON text of the value that orders member names by code point and escapes all non-ASCII: canonical, but not RFC 8785, which RFC-0015 does not name.",
  ["INV-7"],
  { canonicalize: codePointCanonical },
);
