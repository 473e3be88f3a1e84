import { createHash } from "node:crypto";
import type { StageChanges } from "../support/stages.ts";
import { variant } from "./variant.ts";

/** base64url SHA-256 over the canonical envelope {kind, agentName, toolName, argsCanonicalJson}. */
export const envelopeHashing: StageChanges = {
  hash(config, toolName, argsCanonicalJson) {
    const envelope = this.canonicalize({ kind: "tool", agentName: config.agentName, toolName, argsCanonicalJson });
    return createHash("sha256").update(envelope).digest("base64url");
  },
};

export default variant(
  "envelope-hash",
  "The proposal hash is base64url SHA-256 over a canonical envelope {kind, agentName, toolName, argsCanonicalJson}; RFC-0015 derives the hash from parsedArguments but fixes no formula.",
  [],
  envelopeHashing,
);
