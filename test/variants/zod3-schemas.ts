import { variant } from "./variant.ts";

export default variant(
  "zod3-schemas",
  "The tool schemas are Zod 3 schemas (the zod package's zod/v3): RFC-0015 names Zod but no version, and a runtime's schema library is its own.",
  [],
  {},
  { schemaLibrary: "zod3" },
);
