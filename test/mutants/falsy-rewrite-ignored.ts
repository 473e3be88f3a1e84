import { HOOK_DENIED } from "../../reference/errors.ts";
import { mutant } from "./mutant.ts";

export default mutant(
  "falsy-rewrite-ignored",
  "A hook's updatedInput is taken only when it is truthy, so a rewrite to null, \"\", 0 or false is ignored and the previous input goes on to the schema.",
  ["HOOK-1"],
  {
    async rewrite(config, { call, requested }) {
      let input = requested;
      for (const hook of config.hooks) {
        if (!hook.appliesTo(call.toolName)) continue;
        const result = await hook.run({ hookId: hook.id, toolName: call.toolName, callId: call.callId, toolInput: structuredClone(input) });
        if (result.decision === "deny") return { deniedWith: result.reason ?? HOOK_DENIED };
        if (result.updatedInput) input = result.updatedInput;
      }
      return { input };
    },
  },
);
