// Compiles the case schema vocabulary to a zod schema. Each word has one meaning, documented
// in spec/case-format.md; defaults follow Zod 4 exactly (including its shallow clone of
// object defaults, which the read-batch cases rely on to expose shared nested state).
import { posix } from "node:path";
import { z } from "zod";
import type { SchemaNode } from "../loading/case-schema.ts";
import { sameJson } from "../values/snapshot.ts";

const TRANSFORM_FUNCTIONS: Record<NonNullable<SchemaNode["transforms"]>[number], (value: string) => string> = {
  trim: (value) => value.trim(),
  lowercase: (value) => value.toLowerCase(),
  uppercase: (value) => value.toUpperCase(),
  normalize_path: (value) => posix.normalize(value),
  nfkc: (value) => value.normalize("NFKC"),
};

export function compileSchema(node: SchemaNode): z.ZodType {
  let schema = compileType(node);
  if (node.enum) {
    const allowed = node.enum;
    schema = schema.refine((value) => allowed.some((option) => sameJson(option, value)), {
      message: `expected one of ${allowed.map((option) => JSON.stringify(option)).join(", ")}`,
    });
  }
  if (node.transforms?.length) {
    const steps = node.transforms.map((name) => TRANSFORM_FUNCTIONS[name]);
    schema = schema.transform((value) => steps.reduce((current, step) => step(current), value as string));
  }
  if (node.nullable) schema = schema.nullable();
  if (node.optional) schema = schema.optional();
  // A copy per compiled schema: Zod then shares it between parses (as it would in a runtime),
  // but a runtime that leaks a mutation of it cannot change the loaded case itself.
  if (node.default !== undefined) schema = schema.default(structuredClone(node.default) as never);
  return schema;
}

function compileType(node: SchemaNode): z.ZodType {
  switch (node.type) {
    case "string": {
      let schema = node.coerce ? z.coerce.string() : z.string();
      if (node.minLength !== undefined) schema = schema.min(node.minLength);
      if (node.maxLength !== undefined) schema = schema.max(node.maxLength);
      return schema;
    }
    case "number":
    case "integer": {
      let schema = node.coerce ? z.coerce.number() : z.number();
      if (node.type === "integer") schema = schema.int();
      if (node.minimum !== undefined) schema = schema.min(node.minimum);
      if (node.maximum !== undefined) schema = schema.max(node.maximum);
      return schema;
    }
    case "boolean":
      return node.coerce ? z.coerce.boolean() : z.boolean();
    case "null":
      return z.null();
    case "any":
      return z.unknown();
    case "array": {
      let schema = z.array(node.items ? compileSchema(node.items) : z.unknown());
      if (node.minLength !== undefined) schema = schema.min(node.minLength);
      if (node.maxLength !== undefined) schema = schema.max(node.maxLength);
      return schema;
    }
    case "object":
      return compileObject(node);
  }
}

function compileObject(node: SchemaNode): z.ZodType {
  const shape = Object.fromEntries(Object.entries(node.properties ?? {}).map(([key, child]) => [key, compileSchema(child)]));
  const object =
    node.unknownKeys === "strict" ? z.strictObject(shape) : node.unknownKeys === "passthrough" ? z.looseObject(shape) : z.object(shape);
  const aliases = Object.entries(node.aliases ?? {});
  if (aliases.length === 0) return object;
  // An alias renames a member before validation; when both are present the alias wins.
  // It works on a copy, so the request the runtime holds is never changed.
  return z.preprocess((input) => {
    if (typeof input !== "object" || input === null || Array.isArray(input)) return input;
    const copy: Record<string, unknown> = { ...input };
    for (const [alias, target] of aliases) {
      if (Object.prototype.hasOwnProperty.call(copy, alias)) {
        copy[target] = copy[alias];
        delete copy[alias];
      }
    }
    return copy;
  }, object);
}
