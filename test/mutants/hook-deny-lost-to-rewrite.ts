import { HOOK_DENIED } from "../../reference/errors.ts";
import { mutant } from "./mutant.ts";

export default mutant(
  "hook-deny-lost-to-rewrite",
  "A hook result carrying both a deny and an updatedInput is applied as a rewrite: the runtime looks for a replacement first and only then for a deny.",
  ["HOOK-5"],
  {
    async rewrite(config, { call, requested }) {
      let input = requested;
      for (const hook of config.hooks) {
        if (!hook.appliesTo(call.toolName)) continue;
        const result = await hook.run({ hookId: hook.id, toolName: call.toolName, callId: call.callId, toolInput: structuredClone(input) });
        if (result.updatedInput !== undefined) input = result.updatedInput;
        else if (result.decision === "deny") return { deniedWith: result.reason ?? HOOK_DENIED };
      }
      return { input };
    },
  },
);
