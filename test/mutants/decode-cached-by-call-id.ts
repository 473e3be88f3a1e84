import { referenceStages } from "../../reference/runtime.ts";
import { keptPer, mutant } from "./mutant.ts";

/** Per session: call id to the raw arguments first received under it. */
const received = keptPer(() => new Map<string, string>());

export default mutant(
  "decode-cached-by-call-id",
  "The runtime assembles each call's arguments in a buffer keyed by call id and keeps it after the call, so a provider that uses an id again in a later turn gets the earlier call's arguments decoded, evaluated and run instead of its own.",
  ["INV-1", "INV-8", "MATRIX-3", "HANDOFF-1", "HANDOFF-2", "APPROVAL-8", "MATRIX-7"],
  {
    attempt(config, call, turn) {
      const buffers = received(config);
      if (!buffers.has(call.callId)) buffers.set(call.callId, call.rawArguments);
      return referenceStages.attempt.call(this, config, { ...call, rawArguments: buffers.get(call.callId)! }, turn);
    },
  },
);
