// The zod schemas as JSON Schema, for editors and for tools in other languages. Draft 7: the
// version yaml-language-server (behind VS Code's YAML extension and other editors) understands.
import { z } from "zod";

/** The case format's JSON Schema, relative to the repository root; `npm run schemas` writes it. */
export const CASE_SCHEMA_FILE = "spec/case.schema.json";

/**
 * The first line of every case file in cases/<family>/: it points yaml-language-server at the
 * case format's JSON Schema, so an editor checks and completes the case as it is typed.
 */
export const CASE_FILE_HEADER = `# yaml-language-server: $schema=../../${CASE_SCHEMA_FILE}`;

/** What a file may say: the input side, so a word with a default is optional. */
export function jsonSchemaOf(schema: z.ZodType): z.core.JSONSchema.BaseSchema {
  return z.toJSONSchema(schema, {
    target: "draft-7",
    io: "input",
    // z.custom (the case format's Json) has no JSON Schema form: it becomes {}, any JSON
    // value, with the title and description of its metadata.
    unrepresentable: "any",
    override: ({ jsonSchema }) => {
      delete jsonSchema.id; // zod 4.1 copies a definition's metadata id; "id" is not a draft-7 keyword
    },
  });
}
