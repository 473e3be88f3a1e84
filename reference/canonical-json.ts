// RFC 8785 (JSON Canonicalization Scheme) text of a value: the algorithm of the canonicalize
// package (Apache-2.0, https://github.com/erdtman/canonicalize, 4.0.0), ported line for line.
// The reference does not import the package itself because it is published as an ES module
// that cannot be required: a CommonJS project whose TypeScript adapter imports
// "effective-args/reference" would fail to load it. test/reference/canonical-json.test.ts
// holds the port equal to the package on generated values.

function hasLoneSurrogate(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff) {
      if (i === value.length - 1) return true;
      const next = value.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return true;
      i++;
    } else if (code >= 0xdc00 && code <= 0xdfff) {
      return true;
    }
  }
  return false;
}

/** The canonical text, or undefined for what JSON.stringify writes as nothing (undefined, a function). */
export function canonicalize(object: unknown, seen = new Set<object>()): string | undefined {
  if (typeof object === "number" && Number.isNaN(object)) throw new Error("NaN is not allowed");
  if (typeof object === "number" && !Number.isFinite(object)) throw new Error("Infinity is not allowed");
  if (typeof object === "string" && hasLoneSurrogate(object)) throw new Error("Lone surrogate is not allowed");
  if (object === null || typeof object !== "object") return JSON.stringify(object);
  const toJSON = (object as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === "function") {
    if (seen.has(object)) throw new Error("Circular reference detected");
    seen.add(object);
    const result = canonicalize(toJSON.call(object), seen);
    seen.delete(object);
    return result;
  }
  if (seen.has(object)) throw new Error("Circular reference detected");
  seen.add(object);
  let result: string;
  if (Array.isArray(object)) {
    const values = object.map((item: unknown) => canonicalize(item === undefined || typeof item === "symbol" ? null : item, seen));
    result = `[${values.join(",")}]`;
  } else {
    const record = object as Record<string, unknown>;
    const parts: string[] = [];
    for (const key of Object.keys(record).sort()) {
      if (record[key] === undefined || typeof record[key] === "symbol") continue;
      parts.push(`${canonicalize(key)}:${canonicalize(record[key], seen)}`);
    }
    result = `{${parts.join(",")}}`;
  }
  seen.delete(object);
  return result;
}
