// How many built-in cases a family folder holds, counted from the files, so that a test that runs
// one family does not go stale when a case is added to it.
import { readdirSync } from "node:fs";

export const casesIn = (family: string): number => readdirSync(new URL(`../../cases/${family}/`, import.meta.url)).filter((name) => name.endsWith(".yaml")).length;

/** The cases of the matrix family, which many CLI tests run (--filter 'matrix/*'). */
export const MATRIX_CASES = casesIn("matrix");
