import { mutant, proposalHashKeptBy } from "./mutant.ts";

export default mutant(
  "hash-cached-by-call-id",
  "The runtime keeps each call's proposal hash by its call id, so a provider that uses an id again in a later turn gets the earlier call's hash, and the grant that came with it, for other arguments.",
  ["INV-4", "MATRIX-4", "APPROVAL-3"],
  proposalHashKeptBy(({ call }) => call.callId),
);
