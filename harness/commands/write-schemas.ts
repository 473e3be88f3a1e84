// `npm run schemas`: writes the JSON Schemas generated from the zod schemas. One entry per
// file; test/json-schema.test.ts fails while a committed file differs from what this writes.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { z } from "zod";
import { CaseFile } from "../loading/case-schema.ts";
import { CASE_SCHEMA_FILE, jsonSchemaOf } from "../loading/json-schema.ts";
import { ProtocolMessage } from "../running/stdio/protocol.ts";

export const SCHEMAS: { path: string; schema: z.ZodType }[] = [
  { path: CASE_SCHEMA_FILE, schema: CaseFile },
  { path: "spec/protocol.schema.json", schema: ProtocolMessage },
];

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));

export const renderSchema = (schema: z.ZodType) => `${JSON.stringify(jsonSchemaOf(schema), null, 2)}\n`;

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const { path, schema } of SCHEMAS) {
    writeFileSync(join(ROOT, path), renderSchema(schema));
    process.stdout.write(`wrote ${path}\n`);
  }
}
