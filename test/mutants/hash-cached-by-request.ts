import { mutant, proposalHashKeptBy } from "./mutant.ts";

export default mutant(
  "hash-cached-by-request",
  "The runtime caches proposal hashes by tool name and raw arguments, taking the schema to be fixed: after the application changes the tool's defaults, the same request keeps the hash, and the grant, of the value it used to mean.",
  ["INV-4", "APPROVAL-3"],
  proposalHashKeptBy(({ call }) => `${call.toolName}\u0000${call.rawArguments}`),
);
