import { HOOK_DENIED } from "../../reference/errors.ts";
import { mutant } from "./mutant.ts";

export default mutant(
  "hooks-get-live-input",
  "Hooks are handed the runtime's own input object instead of a copy, so a hook that edits its input in place changes the request view and what is parsed, without a rewrite.",
  ["HOOK-5", "INV-1"],
  {
    async rewrite(config, { call, requested }) {
      let input = requested;
      for (const hook of config.hooks) {
        if (!hook.appliesTo(call.toolName)) continue;
        const result = await hook.run({ hookId: hook.id, toolName: call.toolName, callId: call.callId, toolInput: input });
        if (result.decision === "deny") return { deniedWith: result.reason ?? HOOK_DENIED };
        if (result.updatedInput !== undefined) input = result.updatedInput;
      }
      return { input };
    },
  },
);
