// Edges of values/snapshot.ts and values/diff.ts that the main tests do not reach: the depth limit,
// toJSON values, how descriptions of snapshots are cut, the inherited members the probes report
// (pointers, which prototypes count, unreadable values), and diffs of multi-line notations.
import { describe, expect, it } from "vitest";
import { snapshotDiff } from "../../harness/values/diff.ts";
import { describeSnapshot, inheritedMembers, snapshot, snapshotOfNotation, snapshotValue } from "../../harness/values/snapshot.ts";

/** Arrays nested `levels` deep around 0: nested(1) is [0]. */
function nested(levels: number): unknown {
  let value: unknown = 0;
  for (let level = 0; level < levels; level++) value = [value];
  return value;
}

describe("snapshots of deep values", () => {
  it("write a value 1000 levels deep in full, as canonical JSON", () => {
    expect(snapshot(nested(1000))).toEqual({ text: `${"[".repeat(1000)}0${"]".repeat(1000)}`, json: true });
  });

  it("write <too deep> in place of the 1001st level, say there is no JSON form, and that it is too deep (which errors the case)", () => {
    expect(snapshot(nested(1001))).toEqual({ text: `${"[".repeat(1000)}<too deep>${"]".repeat(1000)}`, json: false, tooDeep: true });
  });

  it("stop an endless chain of toJSON results at the depth limit instead of overflowing the stack", () => {
    const endless = { toJSON(): unknown { return { toJSON: endless.toJSON }; } };
    expect(snapshot(endless)).toEqual({ text: `${"<toJSON ".repeat(1000)}<too deep>${">".repeat(1000)}`, json: false, tooDeep: true });
  });

  it("write a value 1000 levels deep in full with little of the stack left, as a probe deep in a runtime's parse has", () => {
    const deepList = nested(1000);
    const deepObject = Array.from({ length: 1000 }).reduce<unknown>((inner) => ({ a: inner }), 0);
    // Compiled first: compiling takes stack too.
    snapshot(deepList);
    snapshot(deepObject);
    expect(withLittleStack(() => snapshot(deepList))).toEqual({ text: `${"[".repeat(1000)}0${"]".repeat(1000)}`, json: true });
    expect(withLittleStack(() => snapshot(deepObject))).toEqual({ text: `${'{"a":'.repeat(1000)}0${"}".repeat(1000)}`, json: true });
  });

  it("write a value nested 100,000 deep as <too deep> past the limit, without overflowing the stack", () => {
    expect(snapshot(nested(100_000))).toEqual({ text: `${"[".repeat(1000)}<too deep>${"]".repeat(1000)}`, json: false, tooDeep: true });
  });
});

/** Calls `work` with little of the stack left: some 1000 frames of a small function. */
function withLittleStack<T>(work: () => T): T {
  const descend = (frames: number, then: () => T): T => (frames === 0 ? then() : descend(frames - 1, then));
  // The deepest descend that fits, found twice: the second time with descend compiled as it will run.
  let fits = 0;
  for (let round = 0; round < 2; round++) {
    let low = 0;
    let high = 1_000_000;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      try {
        descend(middle, () => undefined as T);
        low = middle;
      } catch {
        high = middle - 1;
      }
    }
    fits = low;
  }
  return descend(Math.max(0, fits - 1000), work);
}

describe("snapshots of values with toJSON", () => {
  it("write what toJSON returns, marked as such, with no JSON form (a Date is not its ISO string)", () => {
    expect(snapshot({ at: new Date(Date.UTC(2026, 0, 2)) })).toEqual({ text: '{"at":<toJSON "2026-01-02T00:00:00.000Z">}', json: false });
    expect(snapshot({ toJSON: () => ({ b: 1, a: [NaN] }) })).toEqual({ text: '<toJSON {"a":[NaN],"b":1}>', json: false });
  });
});

describe("descriptions of snapshots in messages", () => {
  it("say (nothing) when there is no snapshot", () => {
    expect(describeSnapshot(undefined)).toBe("(nothing)");
    expect(snapshotValue(undefined)).toBe("(nothing)");
  });

  it("keep a text of exactly the maximum length whole", () => {
    expect(describeSnapshot({ text: '"abc"', json: true }, 5)).toBe('"abc"');
    expect(describeSnapshot({ text: "x".repeat(300), json: false })).toBe(`${"x".repeat(300)} (no JSON form)`);
  });

  it("leave out the middle of a longer text, saying how much was left out", () => {
    expect(describeSnapshot(snapshot("y".repeat(400)))).toBe(`"${"y".repeat(149)}… 102 characters left out …${"y".repeat(149)}"`);
    expect(describeSnapshot({ text: "[1,NaN]", json: false }, 3)).toBe("[1… 4 characters left out …] (no JSON form)");
    expect(describeSnapshot(snapshot("y".repeat(16_000_000)))).toBe(`"${"y".repeat(149)}… 15,999,702 characters left out …${"y".repeat(149)}"`);
  });
});

describe("inherited members", () => {
  it("are the enumerable members of a non-plain prototype, as pointers from the root, own members excluded", () => {
    const args = Object.assign(Object.create({ admin: true, role: "root" }) as object, { path: "/tmp" });
    expect(inheritedMembers(args)).toEqual(["/admin", "/role"]);
  });

  it("are found in nested objects and arrays, with the pointer of the object that inherits them", () => {
    const value = { args: { list: [1, Object.create({ admin: true }) as object] }, other: Object.create({ mode: 1 }) as object };
    expect(inheritedMembers(value)).toEqual(["/args/list/1/admin", "/other/mode"]);
  });

  it("are what an own __proto__ member becomes once a schema makes it a prototype", () => {
    const decoded = JSON.parse('{"__proto__": {"admin": true}, "path": "/tmp"}') as object;
    expect(inheritedMembers(decoded)).toEqual([]); // still an own member: canonical JSON shows it
    const reshaped = Object.setPrototypeOf({ path: "/tmp" }, (decoded as Record<string, unknown>)["__proto__"] as object) as object;
    expect(inheritedMembers(reshaped)).toEqual(["/admin"]);
  });

  it("do not include members of the plain Object and Array prototypes, even enumerable ones", () => {
    // Only prototype pollution makes plain prototypes' members enumerable; the probes do not report it.
    const prototypes = [Object.prototype, Array.prototype];
    try {
      for (const prototype of prototypes) Object.defineProperty(prototype, "polluted", { value: 1, enumerable: true, configurable: true, writable: true });
      expect(inheritedMembers({ a: { b: 1 }, list: [1, [2]] })).toEqual([]);
      expect(inheritedMembers(Object.create(null) as object)).toEqual([]);
    } finally {
      for (const prototype of prototypes) delete (prototype as Record<string, unknown>)["polluted"];
    }
    expect(inheritedMembers({ a: 1 })).toEqual([]);
  });

  it("are none for values that are not objects, or cannot be read (their snapshot reports those)", () => {
    expect(inheritedMembers("text")).toEqual([]);
    expect(inheritedMembers(null)).toEqual([]);
    const unreadable = Object.defineProperty({}, "secret", { enumerable: true, get: () => { throw new Error("no peeking"); } });
    expect(inheritedMembers(unreadable)).toEqual([]);
    expect(inheritedMembers(new Proxy({}, { getPrototypeOf: () => { throw new TypeError("trap"); } }))).toEqual([]);
  });

  it("are found however deep the value nests", () => {
    const bottom = Object.create({ admin: true }) as object;
    expect(inheritedMembers(Array.from({ length: 100_000 }).reduce<unknown>((inner) => [inner], bottom))).toEqual([`${"/0".repeat(100_000)}/admin`]);
  });

  it("stop at a cycle", () => {
    const cycle = Object.create({ admin: true }) as Record<string, unknown>;
    cycle.self = cycle;
    expect(inheritedMembers(cycle)).toEqual(["/admin"]);
  });
});

describe("diffs of reported notations", () => {
  it("match the lines of a multi-line notation against the expected value line by line, the last line included", () => {
    // An adapter reporting two JSON documents one after the other: not JSON, so kept as reported.
    const reported = snapshotOfNotation('{\n  "a": 1\n}\n{\n  "a": 2\n}');
    expect(snapshotDiff(snapshot({ a: 1 }), reported)).toBe(["- expected", "+ actual", "  {", '    "a": 1', "  }", "+ {", '+   "a": 2', "+ } (no JSON form)"].join("\n"));
  });
});
