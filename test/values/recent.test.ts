// The bounded memory of answers (values/recent.ts): an answer is computed once while it is
// remembered, and the least recently used one is forgotten first.
import { describe, expect, it } from "vitest";
import { Recent } from "../../harness/values/recent.ts";

describe("Recent", () => {
  it("computes an answer once while it is remembered, and forgets the least recently used first", () => {
    const computed: string[] = [];
    const recent = new Recent<string>(2);
    const get = (key: string) => recent.get(key, () => (computed.push(key), key.toUpperCase()));
    expect([get("a"), get("b"), get("a")]).toEqual(["A", "B", "A"]);
    get("c"); // forgets b, used before a
    expect([get("a"), get("b")]).toEqual(["A", "B"]);
    expect(computed).toEqual(["a", "b", "c", "b"]);
  });

  it("remembers an undefined answer as an answer", () => {
    let calls = 0;
    const recent = new Recent<undefined>(1);
    recent.get("x", () => void calls++);
    recent.get("x", () => void calls++);
    expect(calls).toBe(1);
  });
});
