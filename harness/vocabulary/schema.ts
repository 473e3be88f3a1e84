// Compiles the case schema vocabulary to a schema of the adapter's library, Zod 4 (the default)
// or Zod 3. Each word has one meaning, documented in spec/case-format.md; the two libraries are
// made to agree on it, except for the library behaviours that page names (how far a default
// object is copied, what passthrough does with "__proto__"), which are left as each library has them.
import { posix } from "node:path";
import { z } from "zod";
import { z as z3 } from "zod/v3";
import type { SchemaLibrary, ToolSchema } from "../adapter.ts";
import type { SchemaNode } from "../loading/case-schema.ts";
import { sameJson } from "../values/snapshot.ts";
import { Recent } from "../values/recent.ts";

const TRANSFORM_FUNCTIONS: Record<NonNullable<SchemaNode["transforms"]>[number], (value: string) => string> = {
  trim: (value) => value.trim(),
  lowercase: (value) => value.toLowerCase(),
  uppercase: (value) => value.toUpperCase(),
  normalize_path: (value) => posix.normalize(value),
  nfkc: (value) => value.normalize("NFKC"),
};

/** The methods both libraries' schemas share, as far as the compiler uses them. */
interface Built {
  min(bound: number): Built;
  max(bound: number): Built;
  refine(check: (value: unknown) => boolean, options: { message: string }): Built;
  transform(change: (value: never) => unknown): Built;
  nullable(): Built;
  optional(): Built;
  default(value: never): Built;
}

/** Where the two libraries are spelled differently, or differ in meaning until told otherwise. */
/** Adds a node's bounds to a schema of its type, before any coercion wraps it. */
type Bounds = (schema: Built) => Built;

interface Library {
  string(coerce: boolean, bounds: Bounds): Built;
  number(coerce: boolean, integer: boolean, bounds: Bounds): Built;
  boolean(coerce: boolean): Built;
  null(): Built;
  unknown(): Built;
  array(items: Built): Built;
  object(shape: Record<string, Built>, unknownKeys: SchemaNode["unknownKeys"]): Built;
  preprocess(change: (input: unknown) => unknown, schema: Built): Built;
  /** The schema with a node's bounds: lengths for a string or an array, the least and greatest value for a number. */
  bounded(schema: Built, min: number | undefined, max: number | undefined): Built;
}

const ZOD4: Library = {
  string: (coerce, bounds) => bounds((coerce ? z.coerce.string() : z.string()) as unknown as Built),
  number: (coerce, integer, bounds) => {
    const number = coerce ? z.coerce.number() : z.number(); // rejects Infinity and NaN
    return bounds((integer ? number.int() : number) as unknown as Built); // int(): safe integers only
  },
  boolean: (coerce) => (coerce ? z.coerce.boolean() : z.boolean()) as unknown as Built,
  null: () => z.null() as unknown as Built,
  unknown: () => z.unknown() as unknown as Built,
  array: (items) => z.array(items as unknown as z.ZodType) as unknown as Built,
  object: (shape, unknownKeys) => {
    const members = shape as unknown as Record<string, z.ZodType>;
    return (unknownKeys === "strict" ? z.strictObject(members) : unknownKeys === "passthrough" ? z.looseObject(members) : z.object(members)) as unknown as Built;
  },
  preprocess: (change, schema) => z.preprocess(change, schema as unknown as z.ZodType) as unknown as Built,
  bounded: (schema, min, max) => {
    const typed = schema as unknown as z.ZodType;
    const number = typed.type === "number";
    const checks = [...(min === undefined ? [] : [number ? z.gte(min) : z.minLength(min)]), ...(max === undefined ? [] : [number ? z.lte(max) : z.maxLength(max)])];
    // The checks .min() and .max() add, in one copy of the schema instead of two: a Zod 4 schema
    // is some 12 KB, and fuzzing compiles thousands (issue 26).
    return checks.length > 0 ? (typed.check(...checks) as unknown as Built) : schema;
  },
};

/**
 * Zod 3's coercion lets a conversion that throws (String() of an object whose toString is not a
 * function) escape the parse; Zod 4's keeps the value, which the type check then rejects. The
 * vocabulary means Zod 4's: the value is rejected at the schema stage.
 */
const coercedZod3 = <T extends z3.ZodTypeAny>(convert: (input: unknown) => unknown, schema: T) =>
  z3.preprocess((input) => {
    try {
      return convert(input);
    } catch {
      return input;
    }
  }, schema);

const ZOD3: Library = {
  string: (coerce, bounds) => {
    const string = bounds(z3.string() as unknown as Built) as unknown as z3.ZodTypeAny;
    return (coerce ? coercedZod3(String, string) : string) as unknown as Built;
  },
  number: (coerce, integer, bounds) => {
    // Zod 3 accepts Infinity and any integer unless told: made to mean what the vocabulary says.
    const number = z3.number().finite();
    const checked = bounds((integer ? number.int().safe() : number) as unknown as Built) as unknown as z3.ZodTypeAny;
    return (coerce ? coercedZod3(Number, checked) : checked) as unknown as Built;
  },
  boolean: (coerce) => (coerce ? z3.coerce.boolean() : z3.boolean()) as unknown as Built,
  null: () => z3.null() as unknown as Built,
  unknown: () => z3.unknown() as unknown as Built,
  array: (items) => z3.array(items as unknown as z3.ZodTypeAny) as unknown as Built,
  object: (shape, unknownKeys) => {
    const object = z3.object(shape as unknown as z3.ZodRawShape);
    return (unknownKeys === "strict" ? object.strict() : unknownKeys === "passthrough" ? object.passthrough() : object) as unknown as Built;
  },
  preprocess: (change, schema) => z3.preprocess(change, schema as unknown as z3.ZodTypeAny) as unknown as Built,
  bounded: (schema, min, max) => {
    let result = schema;
    if (min !== undefined) result = result.min(min);
    if (max !== undefined) result = result.max(max);
    return result;
  },
};

const LIBRARIES: Record<SchemaLibrary, Library> = { zod4: ZOD4, zod3: ZOD3 };

export function compileSchema(node: SchemaNode, library: SchemaLibrary = "zod4"): ToolSchema {
  return compileNode(node, LIBRARIES[library]) as unknown as ToolSchema;
}

/**
 * Wraps a compiled schema so that every parse is reported: `begin` with the input, `end` with the
 * output of a parse that succeeded. A Zod 4 object (a case whose root is an object, without
 * aliases or a default) stays an object: a copy of it whose run reports, so that what reads a
 * schema's shape (a JSON Schema converter, an SDK that advertises a tool's JSON Schema only for an
 * object schema, as the MCP server of the Claude Agent SDK does) reads the tool's own, as it would
 * for the schema a user wrote; any other schema is wrapped in a pipe.
 */
export function observedSchema(schema: ToolSchema, library: SchemaLibrary, begin: (input: unknown) => void, end: (output: unknown) => void): ToolSchema {
  if (library === "zod4" && (schema as z.ZodType)._zod.def.type === "object") return observedObject(schema as z.ZodObject, begin, end);
  return LIBRARIES[library]
    .preprocess((input) => {
      begin(input);
      return input;
    }, schema as unknown as Built)
    .transform((output: never) => {
      end(output);
      return output;
    }) as unknown as ToolSchema;
}

/** A copy of a Zod 4 object schema whose every run (the entry point of a parse, a safeParse or a parent's) is reported. */
function observedObject(schema: z.ZodObject, begin: (input: unknown) => void, end: (output: unknown) => void): ToolSchema {
  const observed = schema.clone();
  const internals = observed._zod;
  const run = internals.run;
  const ended = (payload: z.core.ParsePayload) => {
    if (payload.issues.length === 0) end(payload.value);
    return payload;
  };
  internals.run = (payload, context) => {
    begin(payload.value);
    const result = run(payload, context);
    return result instanceof Promise ? result.then(ended) : ended(result);
  };
  return observed as unknown as ToolSchema;
}

/**
 * Compiled nodes met recently, by library and JSON text: the schemas of one case compile once
 * for all its sessions, and nodes that recur across cases (as generated ones do) are reused. A
 * compiled node holds no state a parse can change but its default objects, so no default object
 * is shared: each compile wraps its own copy of a node's default, and a node with a default
 * object in it or below it compiles afresh (as does one with a -0, which its text writes 0).
 */
const COMPILED = new Map([ZOD4, ZOD3].map((library) => [library, new Recent<Built>(2000)]));

function compileNode(node: SchemaNode, library: Library): Built {
  if (copiedDefaultIn(node)) {
    const { default: value, ...bare } = node;
    const schema = copiedDefaultIn(bare) ? compileBare(bare, library) : compileNode(bare, library);
    // A copy per compiled schema: the library then shares it between parses (as it would in a
    // runtime), but a runtime that leaks a mutation of it cannot change the loaded case itself.
    return value !== undefined ? schema.default(structuredClone(value) as never) : schema;
  }
  return COMPILED.get(library)!.get(JSON.stringify(node), () => {
    const { default: value, ...bare } = node;
    const schema = compileBare(bare, library);
    return value !== undefined ? schema.default(value as never) : schema;
  });
}

/** A default in the node or below it that each compile must copy: an object (a parse hands it out), or -0 (which JSON writes 0). */
function copiedDefaultIn(node: SchemaNode): boolean {
  const { default: value } = node;
  if ((typeof value === "object" && value !== null) || Object.is(value, -0)) return true;
  return Object.values(node.properties ?? {}).some(copiedDefaultIn) || (node.items !== undefined && copiedDefaultIn(node.items));
}

function compileBare(node: SchemaNode, library: Library): Built {
  let schema = compileType(node, library);
  if (node.enum) {
    const allowed = node.enum;
    schema = schema.refine((value) => allowed.some((option) => sameJson(option, value)), {
      message: `expected one of ${allowed.map((option) => JSON.stringify(option)).join(", ")}`,
    });
  }
  if (node.transforms?.length) {
    const steps = node.transforms.map((name) => TRANSFORM_FUNCTIONS[name]);
    schema = schema.transform((value: string) => steps.reduce((current, step) => step(current), value));
  }
  if (node.nullable) schema = schema.nullable();
  if (node.optional) schema = schema.optional();
  return schema;
}

function compileType(node: SchemaNode, library: Library): Built {
  switch (node.type) {
    case "string":
      return library.string(node.coerce ?? false, (schema) => library.bounded(schema, node.minLength, node.maxLength));
    case "number":
    case "integer":
      return library.number(node.coerce ?? false, node.type === "integer", (schema) => library.bounded(schema, node.minimum, node.maximum));
    case "boolean":
      return library.boolean(node.coerce ?? false);
    case "null":
      return library.null();
    case "any":
      return library.unknown();
    case "array":
      return library.bounded(library.array(node.items ? compileNode(node.items, library) : library.unknown()), node.minLength, node.maxLength);
    case "object":
      return compileObject(node, library);
  }
}

function compileObject(node: SchemaNode, library: Library): Built {
  const shape = Object.fromEntries(Object.entries(node.properties ?? {}).map(([key, child]) => [key, compileNode(child, library)]));
  const object = library.object(shape, node.unknownKeys);
  const aliases = Object.entries(node.aliases ?? {});
  if (aliases.length === 0) return object;
  // An alias renames a member before validation; when both are present the alias wins.
  // It works on a copy, so the request the runtime holds is never changed.
  return library.preprocess((input) => {
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
