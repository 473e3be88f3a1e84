import { referenceStages } from "../../reference/runtime.ts";
import { keptPer, mutant } from "./mutant.ts";

/** Per tool: the request's JSON text to its detached parse output. */
const parsedBefore = keptPer(() => new Map<string, unknown>());

export default mutant(
  "parse-memoized-by-request",
  "Parse results are cached by the request's JSON text, so identical calls share one arguments object and a tool's change to it reaches the next call.",
  ["INV-1", "INV-3", "BATCH-3"],
  {
    parse(tool, input) {
      const cache = parsedBefore(tool);
      const key = JSON.stringify(input);
      if (!cache.has(key)) cache.set(key, structuredClone(referenceStages.parse(tool, input)));
      return cache.get(key);
    },
    isolate: (parsed) => parsed, // the cache holds detached copies already
  },
);
