import type { CallOutcome } from "../../harness/adapter.ts";
import { NOT_CANONICALIZABLE } from "../../reference/errors.ts";
import { policyInput, referenceStages, suspend } from "../../reference/runtime.ts";
import { mutant } from "./mutant.ts";

/** The pipeline RFC-0015 replaced: decode leniently, evaluate, and only then apply the schema. */
export default mutant(
  "pre-rfc-ordering",
  "Policy evaluates the decoded request (malformed JSON falling back to an empty object) and the schema runs only just before execution.",
  ["INV-1", "INV-2", "INV-5", "INV-6", "MATRIX-1", "MATRIX-2", "MATRIX-3", "MATRIX-5", "MATRIX-7", "DECOY-1", "DECOY-2", "DECOY-3", "DECOY-4", "HOOK-1", "HOOK-2", "BATCH-1", "BATCH-2", "HANDOFF-1", "APPROVAL-6"],
  {
    async attempt(config, call, turn): Promise<CallOutcome> {
      let requested: unknown;
      try {
        requested = JSON.parse(call.rawArguments);
      } catch {
        requested = {};
      }
      const handoffs = config.handoffs ?? {};
      if (Object.hasOwn(handoffs, call.toolName)) {
        await handoffs[call.toolName]!.receive(requested, { callId: call.callId });
        return { callId: call.callId, outcome: "handed_off" };
      }
      const tool = config.tools[call.toolName]!;
      const attempt = { call, turn, tool, requested };
      const rewritten = await referenceStages.rewrite(config, attempt);
      if ("deniedWith" in rewritten) return { callId: call.callId, outcome: "denied", reason: rewritten.deniedWith };
      let fingerprint;
      try {
        fingerprint = this.fingerprint(config, attempt, rewritten.input);
      } catch {
        return { callId: call.callId, outcome: "denied", reason: NOT_CANONICALIZABLE };
      }
      const input = policyInput(config, attempt, rewritten.input, fingerprint);
      const decision = await config.policy(input);
      if (decision.decision === "deny") return { callId: call.callId, outcome: "denied", reason: decision.reason };
      const parsed = tool.schema.safeParse(rewritten.input);
      if (!parsed.success) return { callId: call.callId, outcome: "invalid", stage: "schema", message: parsed.error.message };
      if (decision.decision === "require_approval") {
        return { callId: call.callId, outcome: "suspended", proposal: suspend({ ...input, parsedArguments: parsed.data }) };
      }
      return { callId: call.callId, outcome: "executed", result: await tool.execute(parsed.data, { callId: call.callId }) };
    },
  },
);
