import { referenceStages } from "../../reference/runtime.ts";
import { mutant } from "./mutant.ts";

export default mutant(
  "handoff-parsed-by-tool-schema",
  "Handoffs go through the tool pipeline's argument preparation: the input is parsed with the agent's first tool's schema whenever it accepts it, so the receiving agent gets that tool's defaults and stripping.",
  ["HANDOFF-2", "HANDOFF-3"],
  {
    async handOff(config, handoff, call) {
      let input: unknown;
      try {
        input = this.decodeHandoff(call.rawArguments);
      } catch {
        return referenceStages.handOff.call(this, config, handoff, call);
      }
      const tool = Object.values(config.tools)[0];
      const parsed = tool?.schema.safeParse(input);
      await handoff.receive(parsed?.success ? parsed.data : input, { callId: call.callId });
      return { callId: call.callId, outcome: "handed_off" };
    },
  },
);
