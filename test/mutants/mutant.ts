// What a mutant is: the reference with one deliberate defect, and the requirements it breaks.
// A mutant is itself an adapter, so `npx tsx harness/cli.ts run --adapter test/mutants/<name>.ts`
// shows what catches it.
import type { Adapter } from "../../harness/adapter.ts";
import { referenceAdapter } from "../../reference/adapter.ts";
import { referenceStages, type Stages } from "../../reference/runtime.ts";

export interface Mutant extends Adapter {
  /** Named after its defect. */
  defect: string;
  /** The real-world mistake it models, in one sentence. */
  models: string;
  /** Requirements this defect really breaks; a catching failure must name one of them. */
  breaks: string[];
}

export function mutant(defect: string, models: string, breaks: string[], changes: Partial<Stages>): Mutant {
  return { ...referenceAdapter(`mutant ${defect}`, { ...referenceStages, ...changes }), defect, models, breaks };
}
