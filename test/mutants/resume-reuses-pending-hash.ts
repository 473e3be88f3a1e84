import { keptPer, mutant, wrapPolicy } from "./mutant.ts";

/** Per session: tool name to the hash of its proposal awaiting approval. */
const pendingHashes = keptPer(() => new Map<string, string>());

export default mutant(
  "resume-reuses-pending-hash",
  "A new call to a tool with a proposal awaiting approval is taken as its resume and evaluated under the pending proposal's hash.",
  ["APPROVAL-3", "INV-4"],
  wrapPolicy((policy, config) => async (input) => {
    const pending = pendingHashes(config);
    const proposalHash = pending.get(input.toolName) ?? input.proposalHash;
    const decision = await policy({ ...input, proposalHash });
    if (decision.decision === "require_approval" && proposalHash !== undefined) pending.set(input.toolName, proposalHash);
    else pending.delete(input.toolName);
    return decision;
  }),
);
