// The harness's side of a child process (harness/running/isolate.ts): every message the child
// sends is received once and in order, however they arrive, and a child that says nothing is
// given up on within the wait asked for and killed.
import { describe, expect, it } from "vitest";
import { Isolate } from "../../harness/running/isolate.ts";

type FromBurst = { ready: true } | { n: number };
const BESIDE = new URL("../fixtures/isolate-burst.ts", import.meta.url).href;

describe("an isolate", () => {
  it("receives every message of a burst that arrives in one read while a receive waits, in order", async () => {
    const child = new Isolate<{ burst: number }, FromBurst>(BESIDE, "isolate-burst", {});
    try {
      expect(await child.receive(30_000, "late")).toEqual({ message: { ready: true } });
      const first = child.receive(30_000, "late");
      child.send({ burst: 20 });
      // This thread is busy while the child sends, so its messages pile up and are read together.
      for (const end = Date.now() + 1_000; Date.now() < end; );
      const received = [await first];
      for (let n = 1; n < 20; n += 1) received.push(await child.receive(5_000, "late"));
      expect(received).toEqual(Array.from({ length: 20 }, (_, n) => ({ message: { n } })));
    } finally {
      await child.kill();
    }
  });

  it("gives up on a child that does not answer within the wait, kills it, and says why from then on", async () => {
    const child = new Isolate<{ burst: number }, FromBurst>(BESIDE, "isolate-burst", {});
    expect(await child.receive(30_000, "late")).toEqual({ message: { ready: true } });
    expect(await child.receive(200, "said nothing in time")).toEqual({ ended: "said nothing in time" });
    expect(await child.receive(30_000, "late")).toEqual({ ended: "said nothing in time" });
    expect(child.ended).toBe("said nothing in time");
  });
});
