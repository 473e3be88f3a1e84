// A turn of 10,000 calls is checked in time linear in its calls: the checks look records up by
// call and by schema input instead of scanning every record for every call. The turn mixes what
// makes the lookups collide (malformed calls, a hook that gives every call the same input, a
// policy that denies some): quadratic checks took over 100 s on it, these a second or two.
import { describe, expect, it } from "vitest";
import { runCase } from "../../harness/running/runner.ts";
import referenceAdapter from "../../reference/adapter.ts";
import { largeTurn } from "../support/large-turn.ts";

describe("a turn of 10,000 calls", () => {
  const testCase = largeTurn(10_000);

  it("passes on the reference, every call's outcome and executed arguments checked", async () => {
    const result = await runCase(referenceAdapter, testCase, 60_000);
    expect(result.failures).toEqual([]);
    expect(result.status).toBe("passed");
  });
});
