// Writes spec/traceability.md: `npm run traceability`. Prints what keeps statements, requirements
// and cases from covering each other (and exits 1), after writing the table all the same.
import { writeFileSync } from "node:fs";
import { relative } from "node:path";
import { TABLE_PATH, builtInProblems, computeTable, renderTable } from "./traceability.ts";

writeFileSync(TABLE_PATH, renderTable(computeTable()));
console.log(`wrote ${relative(process.cwd(), TABLE_PATH)}`);
const found = builtInProblems();
if (found.length) {
  console.error(`traceability problems:\n${found.map((problem) => `  ${problem}`).join("\n")}`);
  process.exitCode = 1;
}
