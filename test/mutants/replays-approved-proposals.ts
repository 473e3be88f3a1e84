import type { ToolPolicyInput } from "../../harness/adapter.ts";
import { keptPer, mutant } from "./mutant.ts";

/** Per session: the policy inputs of the proposals suspended so far, by call id. */
const pending = keptPer(() => new Map<string, ToolPolicyInput>());

export default mutant(
  "replays-approved-proposals",
  "At every turn the runtime re-evaluates the proposals it suspended and runs those the policy now allows, under their old call ids, without the model proposing them again.",
  ["INV-1"],
  {
    async runTurn(config, calls, turn) {
      const waiting = pending(config);
      for (const [callId, input] of waiting) {
        if ((await config.policy(input)).decision !== "allow") continue;
        waiting.delete(callId);
        await config.tools[input.toolName]!.execute(input.parsedArguments, { callId });
      }
      const outcomes = [];
      for (const call of calls) {
        const outcome = await this.attempt(config, call, turn);
        if (outcome.outcome === "suspended") waiting.set(call.callId, { ...outcome.proposal, agentName: config.agentName, turn, rawArguments: call.rawArguments, parsedArguments: outcome.proposal.parsedArguments });
        outcomes.push(outcome);
      }
      return outcomes;
    },
  },
);
