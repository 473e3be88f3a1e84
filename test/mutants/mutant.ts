// What a mutant is: the reference with one deliberate defect, and the requirements it breaks.
// A mutant is itself an adapter, so `npx tsx harness/cli.ts run --adapter test/mutants/<name>.ts`
// shows what catches it. The helpers of test/support/stages.ts express the common kinds of
// defect with the reference's own stages, so that each mutant file shows only what it changes.
import type { Adapter } from "../../harness/adapter.ts";
import { referenceAdapter } from "../../reference/adapter.ts";
import { referenceStages } from "../../reference/runtime.ts";
import type { StageChanges } from "../support/stages.ts";

export { afterAttempt, canonicalFormBy, keptPer, proposalHashKeptBy, wrapPolicy, type StageChanges } from "../support/stages.ts";

export interface Mutant extends Adapter {
  /** Named after its defect. */
  defect: string;
  /** The real-world mistake it models, in one sentence. */
  models: string;
  /** Requirements this defect really breaks: every failure of its run must name one of them. */
  breaks: string[];
  /**
   * Why only one case can show this defect, when that is inherent in it; otherwise at least two
   * cases must catch it, so that one edit to one case cannot let it through.
   */
  singleCase?: string;
}

export function mutant(defect: string, models: string, breaks: string[], changes: StageChanges, options: { singleCase?: string } = {}): Mutant {
  return { ...referenceAdapter(`mutant ${defect}`, { ...referenceStages, ...changes }), defect, models, breaks, ...options };
}
