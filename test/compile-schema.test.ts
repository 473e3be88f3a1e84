// The schema vocabulary compiles to zod with the meanings spec/case-format.md gives each word.
import { describe, expect, it } from "vitest";
import { compileSchema } from "../harness/vocabulary/schema.ts";

describe("compileSchema", () => {
  it("coerces as Zod does, surprises included", () => {
    const schema = compileSchema({ type: "object", properties: { dryRun: { type: "boolean", coerce: true }, limit: { type: "number", coerce: true } } });
    expect(schema.parse({ dryRun: "false", limit: "" })).toEqual({ dryRun: true, limit: 0 });
  });

  it("maps an alias onto its target, the alias winning, without touching the input", () => {
    const schema = compileSchema({ type: "object", aliases: { file: "path" }, properties: { path: { type: "string" } } });
    const input = { path: "/tmp/a", file: "/etc/shadow" };
    expect(schema.parse(input)).toEqual({ path: "/etc/shadow" });
    expect(input).toEqual({ path: "/tmp/a", file: "/etc/shadow" });
  });

  it("applies transforms in order after validation", () => {
    const schema = compileSchema({ type: "string", transforms: ["trim", "normalize_path", "lowercase"] });
    expect(schema.parse("  /TMP/../Etc/Passwd ")).toBe("/etc/passwd");
  });

  it("strips, rejects or keeps unknown keys as unknownKeys says", () => {
    const properties = { path: { type: "string" as const } };
    expect(compileSchema({ type: "object", properties }).parse({ path: "a", extra: 1 })).toEqual({ path: "a" });
    expect(compileSchema({ type: "object", properties, unknownKeys: "passthrough" }).parse({ path: "a", extra: 1 })).toEqual({ path: "a", extra: 1 });
    expect(compileSchema({ type: "object", properties, unknownKeys: "strict" }).safeParse({ path: "a", extra: 1 }).success).toBe(false);
  });

  it("shares a nested default object between parses, as Zod 4 does", () => {
    const schema = compileSchema({
      type: "object",
      properties: { options: { type: "object", default: { limits: { maxBytes: 100 } }, properties: { limits: { type: "any" } } } },
    });
    const first = schema.parse({}) as { options: { limits: { maxBytes: number } } };
    const second = schema.parse({}) as { options: { limits: { maxBytes: number } } };
    expect(first.options).not.toBe(second.options);
    expect(first.options.limits).toBe(second.options.limits);
  });

  it("checks enum, bounds and integer", () => {
    const schema = compileSchema({ type: "object", properties: { mode: { type: "string", enum: ["r", "w"] }, n: { type: "integer", minimum: 1, maximum: 3 } } });
    expect(schema.safeParse({ mode: "r", n: 2 }).success).toBe(true);
    expect(schema.safeParse({ mode: "x", n: 2 }).success).toBe(false);
    expect(schema.safeParse({ mode: "r", n: 2.5 }).success).toBe(false);
    expect(schema.safeParse({ mode: "r", n: 4 }).success).toBe(false);
  });
});
