// Every mutant the suite must catch. Each module's default export is also a plain adapter,
// so `npx tsx harness/cli.ts run --adapter test/mutants/<name>.ts` shows what catches it.
import type { Mutant } from "./mutant.ts";
import doubleParse from "./double-parse.ts";
import hashOverRequest from "./hash-over-request.ts";
import hookAfterPolicy from "./hook-after-policy.ts";
import noMutationCheck from "./no-mutation-check.ts";
import preRfcOrdering from "./pre-rfc-ordering.ts";

export const MUTANTS: readonly Mutant[] = [preRfcOrdering, doubleParse, hookAfterPolicy, noMutationCheck, hashOverRequest];
