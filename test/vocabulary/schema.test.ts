// Every word of the schema vocabulary, with the meaning spec/case-format.md gives it, under
// both schema libraries; and the two library behaviours, under each library as it has them.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { SchemaLibrary, ToolSchema } from "../../harness/adapter.ts";
import type { SchemaNode } from "../../harness/loading/case-schema.ts";
import { compileSchema, observedSchema } from "../../harness/vocabulary/schema.ts";

type Result = { success: true; data: unknown } | { success: false };
const parse = (schema: ToolSchema, input: unknown): Result => (schema as { safeParse(value: unknown): Result }).safeParse(input);
const accepts = (schema: ToolSchema, input: unknown) => parse(schema, input).success;
const output = (schema: ToolSchema, input: unknown) => {
  const result = parse(schema, input);
  if (!result.success) throw new Error(`rejected ${JSON.stringify(input)}`);
  return result.data;
};
const member = (node: SchemaNode): SchemaNode => ({ type: "object", properties: { m: node } });

describe.each(["zod4", "zod3"] as SchemaLibrary[])("under %s", (library) => {
  const compile = (node: SchemaNode) => compileSchema(node, library);

  describe("type", () => {
    it.each([
      ["string", "a", [1, null, true]],
      ["number", 1.5, ["1", null]],
      ["integer", 3, [1.5, 2 ** 53, "3"]],
      ["boolean", false, ["false", 0]],
      ["null", null, [0, "null"]],
      ["array", [1], [{}, "[]"]],
      ["object", {}, [[], null, "{}"]],
    ] as const)("%s accepts its own kind and rejects others", (type, good, bad) => {
      const schema = compile({ type });
      expect(accepts(schema, good)).toBe(true);
      for (const value of bad) expect(accepts(schema, value), JSON.stringify(value)).toBe(false);
    });

    it("integer means a safe integer: 2^53 - 1 passes, 2^53 does not", () => {
      expect(accepts(compile({ type: "integer" }), 2 ** 53 - 1)).toBe(true);
      expect(accepts(compile({ type: "integer" }), 2 ** 53)).toBe(false);
    });

    it("number rejects a non-finite value a coercion produces", () => {
      expect(accepts(compile({ type: "number", coerce: true }), "Infinity")).toBe(false);
      expect(accepts(compile({ type: "number", coerce: true }), "abc")).toBe(false);
    });

    it("any takes any value, absence included, and stays absent", () => {
      const schema = compile(member({ type: "any" }));
      expect(output(schema, { m: [1, { a: null }] })).toEqual({ m: [1, { a: null }] });
      expect(Object.keys(output(schema, {}) as object)).toEqual([]);
    });

    it("any with enum checks absence against the list too, and fails it", () => {
      const schema = compile(member({ type: "any", enum: [1, 2] }));
      expect(accepts(schema, { m: 2 })).toBe(true);
      expect(accepts(schema, {})).toBe(false);
    });
  });

  describe("object words", () => {
    it("properties are required unless optional, defaulted, any, or coerced string or boolean", () => {
      const schema = compile({
        type: "object",
        properties: { need: { type: "string" }, opt: { type: "string", optional: true }, def: { type: "string", default: "d" }, s: { type: "string", coerce: true }, b: { type: "boolean", coerce: true } },
      });
      expect(accepts(schema, {})).toBe(false);
      expect(output(schema, { need: "x" })).toEqual({ need: "x", def: "d", s: "undefined", b: false });
    });

    it("an object's output is a new object", () => {
      const input = { a: "x" };
      expect(output(compile({ type: "object", properties: { a: { type: "string" } } }), input)).not.toBe(input);
    });

    it("aliases rename in the order written, the alias winning, on a copy", () => {
      const schema = compile({ type: "object", aliases: { file: "path", f: "path" }, properties: { path: { type: "string" } } });
      const input = { path: "/a", file: "/b", f: "/c" };
      expect(output(schema, input)).toEqual({ path: "/c" });
      expect(input).toEqual({ path: "/a", file: "/b", f: "/c" });
    });

    it("aliases pass a non-object on unchanged, to fail the object check", () => {
      expect(accepts(compile({ type: "object", aliases: { f: "p" }, properties: { p: { type: "string" } } }), ["p"])).toBe(false);
      const optional = compile({ type: "object", aliases: { f: "p" }, properties: { p: { type: "string", optional: true } } });
      for (const value of ["ab", 5, null, true]) expect(accepts(optional, value), JSON.stringify(value)).toBe(false);
    });

    it("an alias that is absent leaves its target alone", () => {
      expect(output(compile({ type: "object", aliases: { f: "p" }, properties: { p: { type: "string" } } }), { p: "x" })).toEqual({ p: "x" });
    });

    it("unknownKeys strips by default, rejects when strict, keeps when passthrough", () => {
      const properties = { path: { type: "string" as const } };
      expect(output(compile({ type: "object", properties }), { path: "a", extra: 1 })).toEqual({ path: "a" });
      expect(output(compile({ type: "object", properties, unknownKeys: "strip" }), { path: "a", extra: 1 })).toEqual({ path: "a" });
      expect(output(compile({ type: "object", properties, unknownKeys: "passthrough" }), { path: "a", extra: 1 })).toEqual({ path: "a", extra: 1 });
      expect(accepts(compile({ type: "object", properties, unknownKeys: "strict" }), { path: "a", extra: 1 })).toBe(false);
      expect(accepts(compile({ type: "object", properties, unknownKeys: "strict" }), { path: "a" })).toBe(true);
    });

    it("an object without properties accepts any object and strips it to {}", () => {
      expect(output(compile({ type: "object" }), { a: 1 })).toEqual({});
    });
  });

  describe("array words", () => {
    it("items parse every element; without items elements are taken as they are", () => {
      expect(output(compile({ type: "array", items: { type: "string", transforms: ["trim"] } }), [" a ", "b "])).toEqual(["a", "b"]);
      expect(accepts(compile({ type: "array", items: { type: "string" } }), ["a", 1])).toBe(false);
      expect(output(compile({ type: "array" }), [1, "x", null])).toEqual([1, "x", null]);
    });

    it("minLength and maxLength bound the element count, inclusively", () => {
      const schema = compile({ type: "array", minLength: 1, maxLength: 2 });
      expect([[], [1], [1, 2], [1, 2, 3]].map((value) => accepts(schema, value))).toEqual([false, true, true, false]);
    });
  });

  describe("string, number and boolean words", () => {
    it("minLength and maxLength count UTF-16 code units, inclusively", () => {
      const schema = compile({ type: "string", minLength: 2, maxLength: 3 });
      expect(["a", "ab", "abc", "abcd", "😀"].map((value) => accepts(schema, value))).toEqual([false, true, true, false, true]);
    });

    it("minimum and maximum are inclusive", () => {
      const schema = compile({ type: "number", minimum: 1, maximum: 3 });
      expect([0.999, 1, 3, 3.001].map((value) => accepts(schema, value))).toEqual([false, true, true, false]);
    });

    it.each([
      ["string", [12, "12"], [null, "null"], [true, "true"]],
      ["number", ["12", 12], ["", 0], [true, 1], [null, 0]],
      ["integer", ["12", 12]],
      ["boolean", ["false", true], ["", false], [0, false], ["0", true]],
    ] as const)("coerce converts a %s input the JavaScript way first", (type, ...pairs) => {
      const schema = compile({ type, coerce: true });
      for (const [input, converted] of pairs) expect(output(schema, input)).toBe(converted);
    });

    it("coerce keeps the bounds: they hold for the converted value", () => {
      expect([accepts(compile({ type: "number", coerce: true, minimum: 2 }), "3"), accepts(compile({ type: "number", coerce: true, minimum: 2 }), "1")]).toEqual([true, false]);
      expect([accepts(compile({ type: "string", coerce: true, maxLength: 2 }), 12), accepts(compile({ type: "string", coerce: true, maxLength: 2 }), 123)]).toEqual([true, false]);
    });

    it("coerce rejects a value its conversion cannot convert (an object whose toString is no function) rather than throwing", () => {
      const unconvertible = { toString: 1 };
      expect(accepts(compile({ type: "string", coerce: true }), unconvertible)).toBe(false);
      expect(accepts(compile({ type: "number", coerce: true }), unconvertible)).toBe(false);
      expect(accepts(compile({ type: "integer", coerce: true }), unconvertible)).toBe(false);
    });

    it("a coerced string or boolean turns absence into \"undefined\" or false", () => {
      expect(output(compile(member({ type: "string", coerce: true })), {})).toEqual({ m: "undefined" });
      expect(output(compile(member({ type: "boolean", coerce: true })), {})).toEqual({ m: false });
    });

    it("enum compares by canonical JSON: member order does not matter, -0 is 0", () => {
      const schema = compile({ type: "any", enum: [{ a: 1, b: [2] }, 0] });
      expect(accepts(schema, { b: [2], a: 1 })).toBe(true);
      expect(accepts(schema, -0)).toBe(true);
      expect(accepts(schema, { a: 1, b: [2, 3] })).toBe(false);
    });

    it("enum's failure lists the allowed values as JSON", () => {
      const result = (compile({ type: "any", enum: ["a", 1, null] }) as { safeParse(value: unknown): { success: boolean; error?: { issues: { message: string }[] } } }).safeParse("b");
      expect(result.error?.issues.map((issue) => issue.message)).toEqual(['expected one of "a", 1, null']);
    });

    it("enum sees the value before transforms", () => {
      expect(accepts(compile({ type: "string", enum: ["A"], transforms: ["uppercase"] }), "a")).toBe(false);
      expect(output(compile({ type: "string", enum: ["A"], transforms: ["lowercase"] }), "A")).toBe("a");
      expect(output(compile({ type: "string", minLength: 3, transforms: ["trim"] }), "  a ")).toBe("a");
    });
  });

  describe("transforms", () => {
    it.each([
      ["trim", " \t a b \n", "a b"],
      ["lowercase", "İ ABC", "i̇ abc"],
      ["uppercase", "straße", "STRASSE"],
      ["normalize_path", "/tmp/./a//b/../c/", "/tmp/a/c/"],
      ["normalize_path", "", "."],
      ["normalize_path", "/..", "/"],
      ["normalize_path", "a/../../b", "../b"],
      ["nfkc", "ｆｉｌｅ ﬁ", "file fi"],
    ] as const)("%s: %j becomes %j", (name, input, result) => {
      expect(output(compile({ type: "string", transforms: [name] }), input)).toBe(result);
    });

    it("apply in the order written", () => {
      expect(output(compile({ type: "string", transforms: ["nfkc", "lowercase"] }), "ℌ")).toBe("h");
      expect(output(compile({ type: "string", transforms: ["lowercase", "nfkc"] }), "ℌ")).toBe("H");
    });
  });

  describe("presence words", () => {
    it("nullable takes null as it is, skipping the checks", () => {
      expect(output(compile({ type: "string", nullable: true, minLength: 3 }), null)).toBe(null);
      expect(accepts(compile({ type: "string" }), null)).toBe(false);
    });

    it("optional leaves an absent member absent", () => {
      expect(Object.keys(output(compile(member({ type: "string", optional: true })), {}) as object)).toEqual([]);
    });

    it("default fills an absent member, and wins over optional", () => {
      expect(output(compile(member({ type: "string", default: "d" })), {})).toEqual({ m: "d" });
      expect(output(compile(member({ type: "string", optional: true, default: "d" })), {})).toEqual({ m: "d" });
      expect(output(compile(member({ type: "string", default: "d" })), { m: "x" })).toEqual({ m: "x" });
    });

    it("a default is copied per compile, so a runtime's change to it cannot reach the case", () => {
      const node = member({ type: "object", default: { limits: { n: 1 } }, properties: { limits: { type: "any" } } });
      const first = output(compile(node), {}) as { m: { limits: { n: number } } };
      first.m.limits.n = 99;
      expect(node.properties!.m!.default).toEqual({ limits: { n: 1 } });
      expect(output(compile(node), {})).toEqual({ m: { limits: { n: 1 } } });
    });

    it("a node compiled again is reused, its own default still copied per compile", () => {
      const node = member({ type: "object", properties: { n: { type: "integer" } } });
      expect(compile(structuredClone(node))).toBe(compile(node));
      const defaulted: SchemaNode = { type: "object", default: { limits: { n: 1 } }, properties: { limits: { type: "any" } } };
      const first = output(compile(defaulted), undefined) as { limits: { n: number } };
      first.limits.n = 99;
      expect(output(compile(defaulted), undefined)).toEqual({ limits: { n: 1 } });
    });

    it("a default of -0 below a node is not taken for 0, though JSON writes both 0", () => {
      expect(Object.is((output(compile(member({ type: "number", default: 0 })), {}) as { m: number }).m, 0)).toBe(true);
      expect(Object.is((output(compile(member({ type: "number", default: -0 })), {}) as { m: number }).m, -0)).toBe(true);
    });
  });

  it("an observed schema reports each parse's input, and the output of one that succeeded", () => {
    const seen: string[] = [];
    const schema = observedSchema(compile({ type: "string", transforms: ["trim"] }), library, (input) => seen.push(`in ${JSON.stringify(input)}`), (out) => seen.push(`out ${JSON.stringify(out)}`));
    expect(output(schema, " a ")).toBe("a");
    expect(accepts(schema, 1)).toBe(false);
    expect(seen).toEqual(['in " a "', 'out "a"', "in 1"]);
  });

  it("an observed object reports each parse too", () => {
    const seen: string[] = [];
    const node: SchemaNode = { type: "object", properties: { path: { type: "string", transforms: ["trim"] }, limit: { type: "integer", coerce: true, default: 10 } } };
    const schema = observedSchema(compile(node), library, (input) => seen.push(`in ${JSON.stringify(input)}`), (out) => seen.push(`out ${JSON.stringify(out)}`));
    expect(output(schema, { path: " /a ", extra: 1 })).toEqual({ path: "/a", limit: 10 });
    expect(accepts(schema, { path: 1 })).toBe(false);
    expect(seen).toEqual(['in {"path":" /a ","extra":1}', 'out {"path":"/a","limit":10}', 'in {"path":1}']);
  });
});

describe("an observed Zod 4 object is an object (what JSON Schema converters and SDKs read)", () => {
  const node: SchemaNode = { type: "object", unknownKeys: "strict", properties: { path: { type: "string", transforms: ["trim"] }, limit: { type: "integer", coerce: true, minimum: 1 } } };
  const observed = () => observedSchema(compileSchema(node, "zod4"), "zod4", () => {}, () => {}) as unknown as z.ZodType;

  it("keeps the object's definition and shape, and converts to the object's JSON Schema", () => {
    const schema = observed() as unknown as z.ZodObject;
    expect(schema._zod.def.type).toBe("object");
    expect(Object.keys(schema.shape)).toEqual(["path", "limit"]);
    expect(z.toJSONSchema(schema, { io: "input" })).toEqual(z.toJSONSchema(compileSchema(node, "zod4") as unknown as z.ZodType, { io: "input" }));
  });

  it("is a copy: the compiled schema, which cases share, reports nothing", () => {
    const seen: unknown[] = [];
    const compiled = compileSchema(node, "zod4");
    observedSchema(compiled, "zod4", (input) => seen.push(input), () => {});
    expect(accepts(compiled, { path: "a", limit: 1 })).toBe(true);
    expect(seen).toEqual([]);
  });

  it("reports a parse run asynchronously, and through Standard Schema's validate", async () => {
    const seen: string[] = [];
    const schema = observedSchema(compileSchema(node, "zod4"), "zod4", (input) => seen.push(`in ${JSON.stringify(input)}`), (out) => seen.push(`out ${JSON.stringify(out)}`)) as unknown as z.ZodObject;
    await schema.safeParseAsync({ path: " b ", limit: "2" });
    await schema["~standard"].validate({ path: "c", limit: 3 });
    expect(seen).toEqual(['in {"path":" b ","limit":"2"}', 'out {"path":"b","limit":2}', 'in {"path":"c","limit":3}', 'out {"path":"c","limit":3}']);
  });
});

describe("library behaviours (spec/case-format.md)", () => {
  const shared = { type: "object", properties: { options: { type: "object", default: { limits: { maxBytes: 100 } }, properties: { limits: { type: "object", properties: { maxBytes: { type: "integer" } } } } } } } as SchemaNode;
  type Options = { options: { limits: unknown } };

  it("shared-nested-defaults: Zod 4 shares a nested default object between parses", () => {
    const schema = compileSchema(shared, "zod4");
    const [first, second] = [output(schema, {}) as Options, output(schema, {}) as Options];
    expect(first.options).not.toBe(second.options);
    expect(first.options.limits).toBe(second.options.limits);
  });

  it("shared-nested-defaults: Zod 3 builds the nested default anew", () => {
    const schema = compileSchema(shared, "zod3");
    expect((output(schema, {}) as Options).options.limits).not.toBe((output(schema, {}) as Options).options.limits);
  });

  it("proto-under-passthrough: Zod 4 makes an own __proto__ the prototype, Zod 3 drops it", () => {
    const node: SchemaNode = { type: "object", unknownKeys: "passthrough", properties: { path: { type: "string" } } };
    const input = JSON.parse('{"path": "/x", "__proto__": {"admin": true}}') as unknown;
    const zod4 = output(compileSchema(node, "zod4"), input) as Record<string, unknown>;
    expect([Object.keys(zod4), zod4.admin]).toEqual([["path"], true]);
    const zod3 = output(compileSchema(node, "zod3"), input) as Record<string, unknown>;
    expect([Object.keys(zod3), zod3.admin, Object.getPrototypeOf(zod3)]).toEqual([["path"], undefined, Object.prototype]);
  });
});
