// The reference's strict JSON decoding: JSON.parse's grammar plus the hardening it lacks.
import { describe, expect, it } from "vitest";
import { ToolArgumentsValidationError } from "../../reference/errors.ts";
import { decodeStrictJson } from "../../reference/strict-json.ts";

const rejection = (raw: string) => {
  try {
    decodeStrictJson(raw);
  } catch (error) {
    expect(error).toBeInstanceOf(ToolArgumentsValidationError);
    return { stage: (error as ToolArgumentsValidationError).stage, message: (error as Error).message };
  }
  throw new Error(`accepted ${raw}`);
};

describe("decodeStrictJson", () => {
  it("decodes what JSON.parse decodes, an own __proto__ key included", () => {
    const value = decodeStrictJson('{"a": [1, {"b": "x\\"}"}], "__proto__": {"admin": true}}') as Record<string, unknown>;
    expect(Object.keys(value)).toEqual(["a", "__proto__"]);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
  });

  it.each([
    ["", /malformed JSON/],
    ['{"a": 1} trailing', /malformed JSON/],
    ["{'a': 1}", /malformed JSON/],
    ['{"path": "/tmp/ok", "path": "/etc/shadow"}', /duplicate member name "path"/],
    ['{"a": {"k": 1, "\\u006b": 2}}', /duplicate member name "k"/],
    ['{"a": [1], "a": 2}', /duplicate member name "a"/],
    ['{"q\\"": 1, "q\\"": 2}', /duplicate member name "q\\""/],
    ['{"n": 1e400}', /too large/],
    ["[".repeat(65) + "]".repeat(65), /nesting deeper than 64/],
  ])("rejects %j at stage json", (raw, message) => {
    expect(rejection(raw)).toEqual({ stage: "json", message: expect.stringMatching(message) });
  });

  it("accepts equal names in different objects and strings that look like structure", () => {
    expect(decodeStrictJson('{"a": {"k": 1}, "b": {"k": "{\\"k\\": [,"}}')).toEqual({ a: { k: 1 }, b: { k: '{"k": [,' } });
    expect(decodeStrictJson("[".repeat(64) + "]".repeat(64))).toBeDefined();
    expect(decodeStrictJson('{"a": ["x", "x", {"x": 1}], "b": "x"}')).toEqual({ a: ["x", "x", { x: 1 }], b: "x" });
  });
});
