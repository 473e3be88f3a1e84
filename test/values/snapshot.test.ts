// The harness computes every value's snapshot itself: RFC 8785 for JSON values (the same text
// as the canonicalize package, which the reference uses), an extended notation for values JSON
// cannot hold, so that "evaluated equals executed" is decided correctly for them too.
import canonicalize from "canonicalize";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sameSnapshot, snapshot, snapshotOfNotation } from "../../harness/values/snapshot.ts";

const seed = Number(process.env.FC_SEED ?? 20261130);

describe("snapshots of JSON values", () => {
  it("are RFC 8785 text, exactly as canonicalize writes it, and say so", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(snapshot(value)).toEqual({ text: canonicalize(value), json: true });
      }),
      { seed, numRuns: 500 },
    );
  });

  it("do not depend on member order, and tell different values apart", () => {
    expect(snapshot({ b: 1, a: [1, 2] }).text).toBe(snapshot({ a: [1, 2], b: 1 }).text);
    expect(sameSnapshot(snapshot({ a: 1 }), snapshot({ a: "1" }))).toBe(false);
    expect(sameSnapshot(snapshot([1, 2]), snapshot([2, 1]))).toBe(false);
  });

  it("count -0 as 0 and 1.0 as 1, as RFC 8785 does", () => {
    expect(snapshot({ n: -0 })).toEqual({ text: '{"n":0}', json: true });
    expect(sameSnapshot(snapshot(1.0), snapshot(1))).toBe(true);
  });

  it("keep an own __proto__ member", () => {
    expect(snapshot(JSON.parse('{"__proto__": {"admin": true}, "path": "/tmp"}')).text).toBe('{"__proto__":{"admin":true},"path":"/tmp"}');
  });
});

describe("snapshots of values JSON cannot hold", () => {
  const cases: [string, unknown, string][] = [
    ["NaN", { n: NaN }, '{"n":NaN}'],
    ["Infinity", [Infinity, -Infinity], "[Infinity,-Infinity]"],
    ["an undefined member", { a: undefined, b: 1 }, '{"a":undefined,"b":1}'],
    ["an array hole", [1, , 3], "[1,undefined,3]"],
    ["a BigInt", { big: 12n }, '{"big":12n}'],
    ["a lone surrogate", { s: "a\ud800" }, '{"s":"a\\ud800"}'],
    ["a function", { f: () => 1 }, '{"f":<function>}'],
  ];

  it.each(cases)("write %s in the extended notation and say it has no JSON form", (_, value, text) => {
    expect(snapshot(value)).toEqual({ text, json: false });
  });

  it("compare such values correctly: the same unchanged value is equal to itself, a changed one is not", () => {
    const value = { p99: -Infinity, list: [1, 2, Infinity] };
    expect(sameSnapshot(snapshot(value), snapshot(value))).toBe(true);
    expect(sameSnapshot(snapshot(value), snapshot({ p99: -Infinity, list: [1, 2, NaN] }))).toBe(false);
    expect(sameSnapshot(snapshot({ a: undefined }), snapshot({}))).toBe(false);
    expect(sameSnapshot(snapshot([undefined]), snapshot([null]))).toBe(false);
  });

  it("never throw: cycles, throwing getters and hostile proxies are described", () => {
    const cycle: Record<string, unknown> = { a: 1 };
    cycle.self = cycle;
    expect(snapshot(cycle)).toEqual({ text: '{"a":1,"self":<cycle>}', json: false });
    const getter = Object.defineProperty({}, "secret", { enumerable: true, get: () => { throw new Error("no peeking"); } });
    expect(snapshot(getter)).toEqual({ text: "<unreadable: no peeking>", json: false });
    const proxy = new Proxy({}, { ownKeys: () => { throw new TypeError("trap"); } });
    expect(snapshot(proxy)).toEqual({ text: "<unreadable: trap>", json: false });
  });

  it("read a reported notation back, so that JSON text is judged by the harness", () => {
    expect(snapshotOfNotation('{"b":1,"a":2}')).toEqual({ text: '{"a":2,"b":1}', json: true });
    expect(snapshotOfNotation('"\\ud800"')).toEqual({ text: '"\\ud800"', json: false });
    expect(snapshotOfNotation('{"n":NaN}')).toEqual({ text: '{"n":NaN}', json: false });
  });
});
