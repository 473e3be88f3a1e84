// JSON Pointers (RFC 6901, own members only) and the edit vocabulary built on them, each rule
// of spec/case-format.md ("Values, pointers, identifiers", "Edits") at its edge.
import { describe, expect, it } from "vitest";
import { applyEditInPlace, applyEditToCopy, getAt, pointerTokens, removeAt, setAt } from "../../harness/vocabulary/pointer.ts";

describe("pointers", () => {
  it("decode ~1 to / and ~0 to ~, ~1 first, so ~01 is the token ~1", () => {
    expect(pointerTokens("")).toEqual([]);
    expect(pointerTokens("/a~1b/c~0d/~01/")).toEqual(["a/b", "c~d", "~1", ""]);
    expect(getAt({ "~1": "tilde-one", "/": "slash" }, "/~01")).toEqual({ found: true, value: "tilde-one" });
  });

  it("follow own members only: __proto__ is a member of that name, never the prototype", () => {
    expect(getAt({}, "/toString")).toEqual({ found: false });
    expect(getAt({}, "/__proto__")).toEqual({ found: false });
    expect(getAt(JSON.parse('{"__proto__": {"x": 1}}'), "/__proto__/x")).toEqual({ found: true, value: 1 });
  });

  it("index arrays by decimal without leading zeros, within bounds", () => {
    const list = ["a", "b"];
    expect(getAt(list, "/1")).toEqual({ found: true, value: "b" });
    expect(getAt(list, "/01")).toEqual({ found: false });
    expect(getAt(list, "/2")).toEqual({ found: false });
    expect(getAt(list, "/-")).toEqual({ found: false });
  });

  it("find nothing below a value that is not an object or array", () => {
    expect(getAt({ a: "text" }, "/a/length")).toEqual({ found: false });
    expect(getAt(null, "/a")).toEqual({ found: false });
  });
});

describe("set", () => {
  it("creates missing objects on the way and replaces a non-container on the way", () => {
    const value: Record<string, unknown> = { a: 1 };
    setAt(value, "/b/c", 2);
    setAt(value, "/a/d", 3);
    expect(value).toEqual({ a: { d: 3 }, b: { c: 2 } });
  });

  it("on an array: an index up to the length (which appends), or -, which appends; others skipped", () => {
    const list = [0, 1];
    setAt(list, "/0", "x");
    setAt(list, "/2", "y");
    setAt(list, "/-", "z");
    setAt(list, "/9", "skipped");
    setAt(list, "/01", "skipped");
    expect(list).toEqual(["x", 1, "y", "z"]);
  });

  it("a - on the way appends a new object and goes on into it", () => {
    const value = { list: [{ name: "first" }] };
    setAt(value, "/list/-/name", "second");
    expect(value).toEqual({ list: [{ name: "first" }, { name: "second" }] });
  });

  it("a __proto__ token makes an own member", () => {
    const value: Record<string, unknown> = {};
    setAt(value, "/__proto__", { admin: true });
    expect(Object.keys(value)).toEqual(["__proto__"]);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
  });

  it("skips the root pointer and a value that is not an object or array", () => {
    const value = { a: 1 };
    setAt(value, "", { b: 2 });
    expect(value).toEqual({ a: 1 });
    expect(() => setAt("text", "/a", 1)).not.toThrow();
  });
});

describe("members", () => {
  it("index arrays past 9: /10 reads, sets and removes the eleventh element", () => {
    const list = Array.from({ length: 11 }, (_, index) => index);
    expect(getAt(list, "/10")).toEqual({ found: true, value: 10 });
    setAt(list, "/11", "appended");
    setAt(list, "/10", "ten");
    expect(list.slice(9)).toEqual([9, "ten", "appended"]);
    removeAt(list, "/10");
    expect(list.slice(9)).toEqual([9, "appended"]);
  });

  it("an edit makes ordinary members, as a JSON decoder would: writable, enumerable, configurable", () => {
    const target: Record<string, unknown> = {};
    applyEditInPlace(target, { set: { "/a": 1, "/b/c": 2 } });
    expect(Object.getOwnPropertyDescriptor(target, "a")).toEqual({ value: 1, writable: true, enumerable: true, configurable: true });
    expect(Object.getOwnPropertyDescriptor(target.b, "c")).toEqual({ value: 2, writable: true, enumerable: true, configurable: true });
  });

  it("a member whose getter throws is not found; setting through a null member replaces it with an object", () => {
    const guarded = Object.defineProperty({}, "a", { enumerable: true, get: () => { throw new Error("no"); } });
    expect(getAt(guarded, "/a")).toEqual({ found: false });
    expect(getAt({ a: null }, "/a/b")).toEqual({ found: false });
    const value: Record<string, unknown> = { a: null };
    setAt(value, "/a/b", 1);
    expect(value).toEqual({ a: { b: 1 } });
  });
});

describe("remove", () => {
  it("deletes an object member; ignores a pointer that does not resolve", () => {
    const value = { a: 1, b: { c: 2 } };
    removeAt(value, "/b/c");
    removeAt(value, "/x/y");
    removeAt(value, "");
    expect(value).toEqual({ a: 1, b: {} });
  });

  it("cuts an array element out, the later ones moving down; -, out of range and non-numbers do nothing", () => {
    const list = ["a", "b", "c"];
    removeAt(list, "/0");
    expect(list).toEqual(["b", "c"]);
    for (const pointer of ["/-", "/5", "/x", "/01"]) removeAt(list, pointer);
    expect(list).toEqual(["b", "c"]);
  });
});

describe("edits", () => {
  it("apply replace, then every set in order, then every remove in order", () => {
    const target: Record<string, unknown> = { old: 1 };
    applyEditInPlace(target, { replace: { a: 1, b: 2 }, set: { "/c": 3, "/c/d": 4 }, remove: ["/a", "/c/d"] });
    expect(target).toEqual({ b: 2, c: {} });
  });

  it("replace in place swaps the members of an object or array, and is skipped between an object and an array", () => {
    const list = [1, 2, 3];
    applyEditInPlace(list, { replace: [9] });
    expect(list).toEqual([9]);
    const object = { a: 1 };
    applyEditInPlace(object, { replace: [1] });
    expect(object).toEqual({ a: 1 });
  });

  it("copy the edit's values, so that a later change to what was set does not reach the case", () => {
    const edit = { set: { "/x": { deep: 1 } } };
    const target: Record<string, { deep: number }> = {};
    applyEditInPlace(target, edit);
    target.x!.deep = 2;
    expect(edit.set["/x"]).toEqual({ deep: 1 });
  });

  it("to a copy: the source is never changed; replace may be any JSON value", () => {
    const source = { a: 1 };
    expect(applyEditToCopy(source, { set: { "/b": 2 } })).toEqual({ a: 1, b: 2 });
    expect(source).toEqual({ a: 1 });
    expect(applyEditToCopy(source, { replace: "text" })).toBe("text");
    expect(applyEditToCopy(source, { replace: { z: 0 }, set: { "/y": 1 } })).toEqual({ z: 0, y: 1 });
  });

  it("to a copy: a falsy replacement (null, false, 0, empty string) is the new value, not a missing one", () => {
    for (const replace of [null, false, 0, ""]) expect(applyEditToCopy({ a: 1 }, { replace })).toBe(replace);
  });

  it("never throw: what a frozen value refuses is skipped, the rest applies", () => {
    const target = { open: {} as Record<string, unknown>, shut: Object.freeze({ a: 1 }) };
    expect(() => applyEditInPlace(target, { set: { "/shut/a": 2, "/open/b": 3 }, remove: ["/shut/a"] })).not.toThrow();
    expect(target).toEqual({ open: { b: 3 }, shut: { a: 1 } });
  });
});
