// Writes spec/coverage.md: `npm run coverage:table`.
import { writeFileSync } from "node:fs";
import { relative } from "node:path";
import { COVERAGE_PATH, computeCoverage, renderCoverage } from "./coverage.ts";

writeFileSync(COVERAGE_PATH, renderCoverage(await computeCoverage()));
console.log(`wrote ${relative(process.cwd(), COVERAGE_PATH)}`);
