// The variant served over stdio (stdio-variant.mjs), for test/variants.test.ts.
import { fileURLToPath } from "node:url";

export const STDIO_VARIANT = {
  command: `node ${fileURLToPath(new URL("./stdio-variant.mjs", import.meta.url))}`,
  chooses: "envelope hash, no request view, terminal validation errors",
  declares: ["BATCH-5"],
};
