// Property-based tests of the reference runtime, on cases drawn from the shared arbitraries.
// Seeded: FC_SEED picks the seed (default fixed, "random" for a fresh one), FC_RUNS the runs per
// property: 200 in npm test, where every change waits on it; `npm run fuzz` runs 20,000 from a
// random seed, and the bench's fuzz lines thousands more of the same generator. On failure fast-check prints the seed, the path and the shrunk
// counter-example. Each property is also shown to fail on a runtime that breaks it.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Adapter } from "../harness/adapter.ts";
import type { SchemaNode } from "../harness/loading/case-schema.ts";
import { caseSkeleton, formatted, hostileRaw, toolSchema, valueFor } from "../harness/fuzz/arbitraries.ts";
import { provisional, type Skeleton } from "../harness/fuzz/differential.ts";
import type { Observation } from "../harness/running/observation.ts";
import { observeCase } from "../harness/running/runner.ts";
import { decodedRequest, sameSnapshot } from "../harness/values/snapshot.ts";
import referenceAdapter from "../reference/adapter.ts";
import deepCopyForTool from "./mutants/deep-copy-for-tool.ts";
import doubleParse from "./mutants/double-parse.ts";
import hashOverRawString from "./mutants/hash-over-raw-string.ts";
import hashOverRequest from "./mutants/hash-over-request.ts";
import jsonFallbackObject from "./mutants/json-fallback-object.ts";
import { canonicalFormBy, mutant } from "./mutants/mutant.ts";

const seed = process.env.FC_SEED === "random" ? Date.now() % 2 ** 31 : Number(process.env.FC_SEED ?? 20261129);
const numRuns = Number(process.env.FC_RUNS ?? 200);

async function observe(adapter: Adapter, skeleton: Skeleton): Promise<Observation> {
  const observed = await observeCase(adapter, provisional(skeleton), 10_000);
  if ("errored" in observed) throw new Error(`${adapter.name} broke: ${observed.errored}`);
  return observed.observation;
}

/** One tool, an allow-all policy, one turn with the given raw argument strings. */
function oneTurn(schema: SchemaNode, raws: string[]): Skeleton {
  return {
    tools: { tool_a: { schema } },
    policy: { rules: [], otherwise: "allow" },
    steps: [{ turn: raws.map((raw, i) => ({ id: `c${i + 1}`, tool: "tool_a", arguments: raw })) }],
  };
}

const decodes = (raw: string) => decodedRequest(raw) !== undefined;

const schemaAnd = <T>(more: (schema: SchemaNode) => fc.Arbitrary<T>) => toolSchema.chain((schema) => fc.tuple(fc.constant(schema), more(schema)));
const hostile = schemaAnd((schema) => valueFor(schema).chain(formatted).chain(hostileRaw));

/** Decodes with plain JSON.parse and "canonicalizes" with JSON.stringify: Infinity gets through as null. */
const laxNumbers = mutant("lax-numbers", "plain JSON.parse and JSON.stringify as canonical form", ["DECOY-4"], {
  ...canonicalFormBy((value) => JSON.stringify(value)),
  decode: (raw) => JSON.parse(raw) as unknown,
});

interface Property<T> {
  title: string;
  arbitrary: fc.Arbitrary<T>;
  /** Throws (an assertion) when the property does not hold for this runtime on this input. */
  holds(adapter: Adapter, input: T): Promise<void>;
  /** A runtime that breaks the property, on which it must fail. */
  brokenBy: Adapter;
}

/** Keeps each property's input type checked where it is written, then lists them together. */
const property = <T,>(definition: Property<T>) => definition as unknown as Property<unknown>;

const properties: Property<unknown>[] = [
  property({
    title: "executes every allowed call with the very object the policy evaluated, unchanged",
    arbitrary: caseSkeleton({ hooks: true, approval: true, batch: true }),
    brokenBy: deepCopyForTool,
    async holds(adapter: Adapter, skeleton: Skeleton) {
      const { log } = await observe(adapter, skeleton);
      for (const execution of log.executions) {
        const evaluations = log.policies.filter((record) => record.step === execution.step && record.callId === execution.callId);
        expect(evaluations).toHaveLength(1);
        expect(evaluations[0]!.decision.decision).toBe("allow");
        expect(execution.argsRef).toBe(evaluations[0]!.parsedRef);
        expect(execution.argsAtEntry).toEqual(evaluations[0]!.parsedAtEntry);
      }
    },
  }),
  property({
    title: "parses exactly once per attempt that decodes, and never for one that does not",
    arbitrary: caseSkeleton({ hooks: false, approval: true, batch: false }),
    brokenBy: doubleParse,
    async holds(adapter: Adapter, skeleton: Skeleton) {
      const { log, turns } = await observe(adapter, skeleton);
      for (const turn of turns) {
        const outcome = turn.outcomes.get(turn.calls[0]!.id)!;
        const parses = log.parses.filter((parse) => parse.step === turn.step);
        expect(parses).toHaveLength(outcome.outcome === "invalid" && outcome.stage === "json" ? 0 : 1);
      }
    },
  }),
  property({
    title: "lets invalid input reach neither the policy nor the tool",
    arbitrary: hostile,
    brokenBy: jsonFallbackObject,
    async holds(adapter: Adapter, [schema, raw]: [SchemaNode, string]) {
      const { log, turns } = await observe(adapter, oneTurn(schema, [raw]));
      const outcome = turns[0]!.outcomes.get("c1")!;
      if (!decodes(raw)) expect(outcome).toMatchObject({ outcome: "invalid", stage: "json" });
      if (outcome.outcome === "invalid") {
        expect(log.policies).toEqual([]);
        expect(log.executions).toEqual([]);
      }
    },
  }),
  property({
    title: "gives the same proposal hash whatever the key order and whitespace of the request",
    arbitrary: schemaAnd((schema) => valueFor(schema).chain((value) => fc.tuple(formatted(value), formatted(value)))),
    brokenBy: hashOverRawString,
    async holds(adapter: Adapter, [schema, [first, second]]: [SchemaNode, [string, string]]) {
      const { log } = await observe(adapter, oneTurn(schema, [first, second]));
      expect(log.policies.map((record) => record.callId)).toEqual(["c1", "c2"]);
      expect(log.policies[0]!.proposalHash).toBe(log.policies[1]!.proposalHash);
    },
  }),
  property({
    title: "gives different effective arguments different hashes, and equal ones equal hashes",
    arbitrary: schemaAnd((schema) => fc.tuple(valueFor(schema).chain(formatted), valueFor(schema).chain(formatted))),
    brokenBy: hashOverRequest,
    async holds(adapter: Adapter, [schema, [first, second]]: [SchemaNode, [string, string]]) {
      const { log } = await observe(adapter, oneTurn(schema, [first, second]));
      const [a, b] = log.policies;
      if (a && b) expect(a.proposalHash === b.proposalHash).toBe(sameSnapshot(a.parsedAtEntry, b.parsedAtEntry));
    },
  }),
  property({
    title: "never crashes, and never evaluates or executes what it could not canonicalize",
    arbitrary: hostile,
    brokenBy: laxNumbers,
    async holds(adapter: Adapter, [schema, raw]: [SchemaNode, string]) {
      const { log, turns } = await observe(adapter, oneTurn(schema, [raw]));
      expect(turns[0]!.outcomes.get("c1")?.outcome).toMatch(/^(executed|denied|suspended|invalid)$/);
      for (const execution of log.executions) expect(execution.argsAtEntry.json, execution.argsAtEntry.text).toBe(true);
      for (const policy of log.policies) expect(policy.parsedAtEntry.json, policy.parsedAtEntry.text).toBe(true);
    },
  }),
];

describe(`the reference runtime, property-based (seed ${seed}, ${numRuns} runs each)`, () => {
  for (const definition of properties) {
    it(definition.title, async () => {
      await fc.assert(fc.asyncProperty(definition.arbitrary, (input) => definition.holds(referenceAdapter, input)), { seed, numRuns });
    });
  }
});

describe("each property, on a runtime that breaks it", () => {
  for (const definition of properties) {
    it(`${definition.brokenBy.name} fails: ${definition.title}`, async () => {
      const details = await fc.check(fc.asyncProperty(definition.arbitrary, (input) => definition.holds(definition.brokenBy, input)), { seed, numRuns });
      expect(details.failed, `${definition.brokenBy.name} was not caught`).toBe(true);
    });
  }
});
