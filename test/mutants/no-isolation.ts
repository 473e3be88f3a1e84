import { mutant } from "./mutant.ts";

export default mutant(
  "no-isolation",
  "The schema's output goes to policy and tool as it is, sharing Zod's nested default objects between parses and keeping a passthrough __proto__ as a prototype.",
  ["DECOY-2", "BATCH-4"],
  {
    isolate: (parsed) => parsed,
  },
);
