// The shared arbitraries (fuzz/arbitraries.ts) keep their promises: the schemas are tool schemas
// the loader takes, the values are values those schemas accept, a formatted value reads back as
// itself, the hostile strings cover every kind they are meant to, and a case skeleton stays
// within the options it was asked for. Seeded; fast-check prints the seed on failure.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { SchemaNode } from "../../harness/loading/case-schema.ts";
import { loadCaseText } from "../../harness/loading/loader.ts";
import { caseSkeleton, formatted, hostileRaw, toolSchema, valueFor, type FuzzOptions } from "../../harness/fuzz/arbitraries.ts";
import { renderCase, type Skeleton } from "../../harness/fuzz/differential.ts";
import { sameJson } from "../../harness/values/snapshot.ts";
import { compileSchema } from "../../harness/vocabulary/schema.ts";

const settings = { seed: 20261130, numRuns: 200 };

/** Every object node of a schema with its depth (the top is 0). */
function objectNodes(node: SchemaNode, depth = 0): { node: SchemaNode; depth: number }[] {
  if (node.type !== "object") return [];
  return [{ node, depth }, ...Object.values(node.properties ?? {}).flatMap((child) => objectNodes(child, depth + 1))];
}

/** Every node of a schema. */
const nodes = (node: SchemaNode): SchemaNode[] => [node, ...Object.values(node.properties ?? {}).flatMap(nodes)];

/** The skeleton as a case file, every call expected to run: the loader's rules apply to it. */
function asCaseText(skeleton: Skeleton): string {
  const steps = skeleton.steps.map((step) => ({ ...step, expect: Object.fromEntries(step.turn!.map((call) => [call.id, { outcome: "executed" as const }])) }));
  return renderCase({ id: "invariant/generated", title: "generated", level: "must", requirements: ["INV-5"], ...skeleton, steps });
}

describe("a generated tool schema", () => {
  it("is an object of one to four known members, nested at most twice, each with at most one of optional and default, aliases naming a member", () => {
    fc.assert(
      fc.property(toolSchema, (schema) => {
        expect(schema.type).toBe("object");
        for (const { node, depth } of objectNodes(schema)) {
          expect(depth).toBeLessThanOrEqual(2);
          const keys = Object.keys(node.properties ?? {});
          expect(keys.length).toBeGreaterThanOrEqual(1);
          expect(keys.length).toBeLessThanOrEqual(4);
          for (const target of Object.values(node.aliases ?? {})) expect(keys).toContain(target);
        }
        for (const node of nodes(schema)) expect(node.optional === true && node.default !== undefined).toBe(false);
      }),
      settings,
    );
  });

  it("keeps every default it declares as it is (the loader's fixed-point rule)", () => {
    fc.assert(
      fc.property(toolSchema, (schema) => {
        for (const node of nodes(schema).filter((candidate) => candidate.default !== undefined)) {
          const { default: value, ...bare } = node;
          const parsed = compileSchema(bare).safeParse(structuredClone(value));
          expect(parsed.success).toBe(true);
          expect(sameJson(parsed.data, value)).toBe(true);
        }
      }),
      settings,
    );
  });

  it("declares each kind of node, presence and unknown-member handling somewhere", () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(toolSchema, (schema) => {
        for (const node of nodes(schema)) {
          seen.add(node.type);
          if (node.optional) seen.add("optional");
          if (node.default !== undefined) seen.add("default");
          if (node.aliases) seen.add("aliases");
          if (node.unknownKeys) seen.add(node.unknownKeys);
          if (node.transforms) seen.add("transforms");
          if (node.enum) seen.add("enum");
          if (node.coerce) seen.add("coerce");
          if (node.minimum !== undefined) seen.add("minimum");
        }
      }),
      settings,
    );
    expect([...seen].sort()).toEqual(
      ["aliases", "any", "boolean", "coerce", "default", "enum", "integer", "minimum", "number", "object", "optional", "passthrough", "strict", "string", "strip", "transforms"].sort(),
    );
  });
});

describe("a generated value", () => {
  it("is accepted by its schema", () => {
    fc.assert(
      fc.property(
        toolSchema.chain((schema) => fc.tuple(fc.constant(schema), valueFor(schema))),
        ([schema, value]) => {
          const parsed = compileSchema(schema).safeParse(structuredClone(value));
          expect(parsed.error?.issues ?? []).toEqual([]);
        },
      ),
      settings,
    );
  });

  it("of a nullable node is sometimes null", () => {
    const values = fc.sample(valueFor({ type: "string", nullable: true }), { seed: settings.seed, numRuns: 50 });
    expect(values).toContain(null);
    expect(values.some((value) => typeof value === "string")).toBe(true);
  });

  it("reads back as itself however it is formatted, and one seed formats it one way", () => {
    fc.assert(
      fc.property(
        toolSchema.chain(valueFor).chain((value) => fc.tuple(fc.constant(value), formatted(value))),
        ([value, text]) => {
          expect(sameJson(JSON.parse(text), value)).toBe(true);
        },
      ),
      settings,
    );
    const value = { path: "/tmp/a", mode: "read", limit: [1, { force: true }] };
    const [once] = fc.sample(formatted(value), { seed: 7, numRuns: 1 });
    const [again] = fc.sample(formatted(value), { seed: 7, numRuns: 1 });
    expect(again).toBe(once);
    const orders = new Set(fc.sample(formatted(value), { seed: 7, numRuns: 50 }).map((text) => Object.keys(JSON.parse(text) as object).join(",")));
    expect(orders.size).toBeGreaterThan(1);
  });
});

describe("the hostile strings", () => {
  it("include every kind they promise: malformed, cut short, repeated members, prototype keys, deep nesting, overflowing numbers, lookalike keys", () => {
    const valid = '{"path": "/tmp/a", "mode": "read"}';
    const samples = fc.sample(hostileRaw(valid), { seed: settings.seed, numRuns: 2000 });
    const parses = (raw: string) => {
      try {
        JSON.parse(raw);
        return true;
      } catch {
        return false;
      }
    };
    expect(samples.some((raw) => !parses(raw))).toBe(true);
    expect(samples.some((raw) => raw.length > 0 && raw.length < valid.length && valid.startsWith(raw))).toBe(true);
    expect(samples.some((raw) => /^\{"(\w+)": "\/tmp\/ok", "\1": "\/etc\/shadow"\}$/.test(raw))).toBe(true);
    expect(samples.some((raw) => raw.includes('"__proto__"'))).toBe(true);
    expect(samples.some((raw) => raw.includes('"constructor"'))).toBe(true);
    expect(samples.some((raw) => raw.startsWith('{"a":'.repeat(60)))).toBe(true);
    expect(samples.some((raw) => raw.includes("1e400"))).toBe(true);
    expect(samples.some((raw) => raw.includes("\u0430"))).toBe(true);
    expect(samples.every((raw) => raw !== valid)).toBe(true);
  });
});

describe("a generated case skeleton", () => {
  const all: FuzzOptions = { hooks: true, approval: true, batch: true };
  const none: FuzzOptions = { hooks: false, approval: false, batch: false };

  it("loads as a case, with one tool, numbered calls, and a policy over the tool's own members", () => {
    fc.assert(
      fc.property(caseSkeleton(all), (skeleton) => {
        const loaded = loadCaseText("cases/invariant/generated.yaml", asCaseText(skeleton));
        expect("errors" in loaded ? loaded.errors.map((error) => error.message) : []).toEqual([]);
        expect(Object.keys(skeleton.tools)).toEqual(["tool_a"]);
        const members = Object.keys(skeleton.tools.tool_a!.schema.properties ?? {});
        const ids = skeleton.steps.flatMap((step) => step.turn!.map((call) => call.id));
        expect(ids).toEqual(ids.map((_, index) => `c${index + 1}`));
        expect(skeleton.steps.length).toBeGreaterThanOrEqual(1);
        expect(skeleton.steps.length).toBeLessThanOrEqual(2);
        for (const step of skeleton.steps) expect(step.turn!.length).toBeLessThanOrEqual(3);
        for (const rule of skeleton.policy.rules ?? []) expect(members).toContain(rule.when.pointer!.slice(1));
        for (const pointer of Object.keys(skeleton.policy.mutate?.set ?? {})) expect(members).toContain(pointer.slice(1));
        expect(skeleton.hooks?.length ?? 0).toBeLessThanOrEqual(1);
      }),
      settings,
    );
  });

  it("uses hooks, approvals and batches only when asked, and each of them sometimes when asked", () => {
    const without = fc.sample(caseSkeleton(none), { seed: settings.seed, numRuns: 300 });
    expect(without.some((skeleton) => skeleton.hooks)).toBe(false);
    expect(without.some((skeleton) => skeleton.policy.rules?.some((rule) => rule.decision === "require_approval"))).toBe(false);
    expect(without.some((skeleton) => skeleton.steps.some((step) => step.turn!.length > 1))).toBe(false);

    const withAll = fc.sample(caseSkeleton(all), { seed: settings.seed, numRuns: 300 });
    expect(withAll.some((skeleton) => skeleton.hooks)).toBe(true);
    expect(withAll.some((skeleton) => skeleton.policy.rules?.some((rule) => rule.decision === "require_approval"))).toBe(true);
    expect(withAll.some((skeleton) => skeleton.steps.some((step) => step.turn!.length > 1))).toBe(true);
    expect(withAll.some((skeleton) => skeleton.steps.length > 1)).toBe(true);
    expect(withAll.some((skeleton) => skeleton.policy.mutate)).toBe(true);
    expect(withAll.some((skeleton) => skeleton.policy.otherwise === "deny")).toBe(true);
    expect(withAll.some((skeleton) => skeleton.hooks?.[0]?.decision)).toBe(true);
    for (const operator of ["exists", "startsWith", "equals", "gt"]) {
      expect(withAll.some((skeleton) => skeleton.policy.rules?.some((rule) => operator in rule.when)), operator).toBe(true);
    }
  });
});
