// What a variant is: the reference with one choice made differently where RFC-0015 leaves the
// runtime free (spec/latitude.md). The mirror of the mutants: a variant must pass every MUST
// requirement, and fail exactly the SHOULD requirements its choice gives up. A variant is
// itself an adapter: `npx tsx harness/cli.ts run --adapter test/variants/<name>.ts`.
import type { Adapter } from "../../harness/adapter.ts";
import { referenceAdapter } from "../../reference/adapter.ts";
import { referenceStages } from "../../reference/runtime.ts";
import type { StageChanges } from "../support/stages.ts";

export interface Variant extends Adapter {
  /** Named after its choice. */
  choice: string;
  /** The choice, in one sentence, and where RFC-0015 leaves it open. */
  chooses: string;
  /** The SHOULD requirements the choice gives up: exactly these may fail, and nothing at MUST. */
  declares: string[];
}

export function variant(choice: string, chooses: string, declares: string[], changes: StageChanges, adapter: Partial<Adapter> = {}): Variant {
  return { ...referenceAdapter(`variant ${choice}`, { ...referenceStages, ...changes }), ...adapter, choice, chooses, declares };
}
