import type { CallOutcome, WiredTool } from "../../harness/adapter.ts";
import { referenceStages, type Stages } from "../../reference/runtime.ts";
import { mutant } from "./mutant.ts";

export default mutant(
  "batch-off-by-one",
  "A turn is evaluated first and executed afterwards, pairing the allowed arguments with the turn's calls by position, so a denied or invalid call shifts every later one.",
  ["BATCH-1", "BATCH-2", "INV-1", "INV-2"],
  {
    async runTurn(config, calls, turn) {
      const allowed: { tool: WiredTool; args: unknown }[] = [];
      const evaluateOnly: Stages = { ...this, execute: async (tool, args) => void allowed.push({ tool, args }) };
      const outcomes: CallOutcome[] = [];
      for (const call of calls) outcomes.push(await evaluateOnly.attempt(config, call, turn));
      for (const [index, { tool, args }] of allowed.entries()) await referenceStages.execute(tool, args, calls[index]!.callId);
      return outcomes;
    },
  },
);
