// The committed JSON Schemas are what `npm run schemas` writes, the case schema describes the
// suite's cases, and every case file points editors at it on its first line.
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { CaseFile, TRANSFORMS } from "../../harness/loading/case-schema.ts";
import { CASE_FILE_HEADER, CASE_SCHEMA_FILE, jsonSchemaOf } from "../../harness/loading/json-schema.ts";
import { DEFAULT_CASES_DIR, listCaseFiles } from "../../harness/loading/loader.ts";
import { renderSchema, ROOT, SCHEMAS } from "../../harness/commands/write-schemas.ts";

const caseFiles = listCaseFiles(DEFAULT_CASES_DIR);
const shown = (file: string) => relative(ROOT, file);

describe.each(SCHEMAS)("$path", ({ path, schema }) => {
  it("is current", () => {
    expect(readFileSync(join(ROOT, path), "utf8"), `${path} is out of date: run npm run schemas`).toBe(renderSchema(schema));
  });
});

/** The keywords the generated case schema uses for structure; patterns and bounds are not checked. */
interface Schema {
  $ref?: string;
  allOf?: Schema[];
  type?: string;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  definitions?: Record<string, Schema>;
}

const caseSchema = jsonSchemaOf(CaseFile) as Schema;

function isType(value: unknown, type: string): boolean {
  if (type === "object") return typeof value === "object" && value !== null && !Array.isArray(value);
  if (type === "array") return Array.isArray(value);
  if (type === "integer") return Number.isInteger(value);
  return typeof value === type;
}

/** Where `value` breaks the words, required members, types and closed lists of `schema`. */
function mismatches(value: unknown, schema: Schema, path: string): string[] {
  if (schema.$ref) return mismatches(value, caseSchema.definitions![schema.$ref.replace("#/definitions/", "")]!, path);
  const found = (schema.allOf ?? []).flatMap((inner) => mismatches(value, inner, path));
  if (schema.enum && !schema.enum.includes(value)) found.push(`${path}: ${JSON.stringify(value)} is not one of ${schema.enum.join(", ")}`);
  if (schema.type && !isType(value, schema.type)) return [...found, `${path}: not of type ${schema.type}`];
  if (Array.isArray(value) && schema.items) found.push(...value.flatMap((item, index) => mismatches(item, schema.items!, `${path}/${index}`)));
  if (schema.type === "object") {
    const members = value as Record<string, unknown>;
    found.push(...(schema.required ?? []).filter((key) => !(key in members)).map((key) => `${path}: "${key}" is missing`));
    for (const [key, member] of Object.entries(members)) {
      const inner = schema.properties?.[key] ?? schema.additionalProperties;
      if (inner === false) found.push(`${path}: "${key}" is not allowed here`);
      else if (typeof inner === "object") found.push(...mismatches(member, inner, `${path}/${key}`));
    }
  }
  return found;
}

describe("the case format's JSON Schema", () => {
  it("has the top-level words of the zod schema, required as there", () => {
    expect(Object.keys(caseSchema.properties!)).toEqual(Object.keys(CaseFile.shape));
    expect(caseSchema.required).toEqual(["id", "title", "level", "requirements", "tools", "policy", "steps"]);
    expect(caseSchema.additionalProperties).toBe(false);
  });

  it("lists the closed list of transforms", () => {
    expect(caseSchema.definitions!.SchemaNode!.properties!.transforms!.items!.enum).toEqual([...TRANSFORMS]);
  });

  it("accepts every case file in cases/", () => {
    for (const file of caseFiles) expect(mismatches(parse(readFileSync(file, "utf8")), caseSchema, "")).toEqual([]);
  });

  it("rejects a misspelled word, a missing one and a value outside a closed list, as editors will", () => {
    const [file] = caseFiles;
    const data = parse(readFileSync(file!, "utf8"));
    const { policy, ...rest } = data;
    const broken = { ...rest, policy: { ...policy, otherwize: "deny" }, level: "may" };
    delete broken.title;
    expect(mismatches(broken, caseSchema, "")).toEqual([
      ': "title" is missing',
      '/level: "may" is not one of must, should',
      '/policy: "otherwize" is not allowed here',
    ]);
  });
});

describe("the case files in cases/", () => {
  it(`start with "${CASE_FILE_HEADER}"`, () => {
    const unheaded = caseFiles.filter((file) => readFileSync(file, "utf8").split("\n", 1)[0] !== CASE_FILE_HEADER);
    expect(unheaded.map((file) => `${shown(file)}:1:1: expected the first line to be "${CASE_FILE_HEADER}"`)).toEqual([]);
  });

  it(`are the files ${CASE_SCHEMA_FILE} is written for: two folders below the repository root`, () => {
    for (const file of caseFiles) expect(shown(file)).toMatch(/^cases\/[^/]+\/[^/]+\.ya?ml$/);
  });
});
