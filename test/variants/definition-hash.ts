import { createHash } from "node:crypto";
import { referenceStages } from "../../reference/runtime.ts";
import { keptPer } from "../support/stages.ts";
import { variant } from "./variant.ts";

/** Per session: each tool definition the runtime has been given, numbered as first met. */
const definitionsOf = keptPer(() => ({ numbers: new WeakMap<object, number>(), met: 0 }));

/**
 * A proposal hash that covers the tool's definition as well: RFC-0015 adds no schema digest and
 * does not forbid one (spec/latitude.md), so after a redefinition the same value gets another
 * hash, and a grant made before it holds for nothing after it.
 */
export default variant(
  "definition-hash",
  "The proposal hash covers the tool's definition (which a redefinition between turns changes) as well as the tool and its effective arguments; RFC-0015 adds no schema digest, and forbids none.",
  [],
  {
    fingerprint(config, attempt, parsed) {
      const fingerprint = referenceStages.fingerprint.call(this, config, attempt, parsed);
      const definitions = definitionsOf(config);
      if (!definitions.numbers.has(attempt.tool)) definitions.numbers.set(attempt.tool, (definitions.met += 1));
      const covered = `${definitions.numbers.get(attempt.tool)}\u0000${fingerprint.proposalHash}`;
      return { ...fingerprint, proposalHash: createHash("sha256").update(covered).digest("hex") };
    },
  },
);
