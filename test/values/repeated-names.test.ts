// hasRepeatedNames (harness/values/repeated-names.ts): whether some object of JSON text names a
// member twice, however it is spelled; strings that are values, or in arrays, are not names.
import { describe, expect, it } from "vitest";
import { hasRepeatedNames } from "../../harness/values/repeated-names.ts";

describe("hasRepeatedNames", () => {
  it.each([
    ['{"a": 1, "a": 2}', true],
    ['{"a": 1, "\\u0061": 2}', true],
    ['{"x": {"a": 1, "a": 2}}', true],
    ['[{"a": 1}, {"a": 2}]', false],
    ['{"a": {"a": 1}}', false],
    ['{"a": "a", "b": "a"}', false],
    ['["a", "a"]', false],
    ['{"a\\"": 1, "a": 2}', false],
    ['{"a\\"": 1, "a\\"" : 2}', true],
    ['{"a": [1, {"b": 1}], "b": 2}', false],
    ['{"__proto__": {}, "__proto__": 1}', true],
    ["{}", false],
    ['"a"', false],
  ])("%s: %s", (text, repeated) => {
    JSON.parse(text); // every example is JSON
    expect(hasRepeatedNames(text)).toBe(repeated);
  });
});
