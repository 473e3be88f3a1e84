// The shared arbitraries (fuzz/arbitraries.ts) keep their promises: the schemas are tool schemas
// the loader takes, the values are values those schemas accept, a formatted value reads back as
// itself, the hostile strings cover every kind they are meant to, a case skeleton (pruned or
// not) loads, stays within the options it was asked for, grants only what the reference
// suspends, answers (once the fuzzer dropped the rest) only calls the reference left waiting,
// and has every shape spec/fuzzing.md promises. Seeded; fast-check prints the seed on failure.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Answer, Call, SchemaNode } from "../../harness/loading/case-schema.ts";
import { loadCaseText } from "../../harness/loading/loader.ts";
import { caseSkeleton, formatted, hostileRaw, latin1Twin, prunings, toolSchema, valueFor, type FuzzOptions } from "../../harness/fuzz/arbitraries.ts";
import { expectedData, provisional, renderCase, writtenCase, type Skeleton } from "../../harness/fuzz/differential.ts";
import { observeCase, runCase } from "../../harness/running/runner.ts";
import { universalFailures } from "../../harness/checking/universal.ts";
import referenceAdapter from "../../reference/adapter.ts";
import { decodedRequest, sameJson } from "../../harness/values/snapshot.ts";
import { compileSchema } from "../../harness/vocabulary/schema.ts";
import { referencedStep } from "../../harness/vocabulary/call-references.ts";

const settings = { seed: 20261130, numRuns: 200 };

/** Every object node of a schema with its depth (the top is 0). */
function objectNodes(node: SchemaNode, depth = 0): { node: SchemaNode; depth: number }[] {
  if (node.type !== "object") return [];
  return [{ node, depth }, ...Object.values(node.properties ?? {}).flatMap((child) => objectNodes(child, depth + 1))];
}

/** Every node of a schema. */
const nodes = (node: SchemaNode): SchemaNode[] => [node, ...Object.values(node.properties ?? {}).flatMap(nodes)];

/** The skeleton as a case file, every call expected to run (a handoff to be handed off), every answered call too: the loader's rules apply to it. */
function asCaseText(skeleton: Skeleton): string {
  const outcome = (tool: string) => (skeleton.handoffs?.includes(tool) ? ("handed_off" as const) : ("executed" as const));
  const steps = skeleton.steps.map((step) => {
    if (step.turn) return { ...step, expect: Object.fromEntries(step.turn.map((call) => [call.id, { outcome: outcome(call.tool) }])) };
    if (step.resume) return { ...step, expect: Object.fromEntries(Object.keys(step.resume).map((id) => [id, { outcome: "executed" as const }])) };
    return step;
  });
  return renderCase({ id: "invariant/generated", title: "generated", level: "must", requirements: ["INV-5"], ...skeleton, steps });
}

const loadErrors = (skeleton: Skeleton) => {
  const loaded = loadCaseText("cases/invariant/generated.yaml", asCaseText(skeleton));
  return "errors" in loaded ? loaded.errors.map((error) => error.message) : [];
};

const callsOf = (skeleton: Skeleton) => skeleton.steps.flatMap((step) => step.turn ?? []);

/** The calls of a skeleton's turns that take again an id of an earlier turn, with the call that had it last and the step of each. */
function reusedIds(skeleton: Skeleton): { step: number; call: Call; earlier: Call; earlierStep: number }[] {
  const reused: { step: number; call: Call; earlier: Call; earlierStep: number }[] = [];
  const last = new Map<string, { call: Call; step: number }>();
  skeleton.steps.forEach((step, index) => {
    for (const call of step.turn ?? []) {
      const before = last.get(call.id);
      if (before) reused.push({ step: index, call, earlier: before.call, earlierStep: before.step });
    }
    for (const call of step.turn ?? []) last.set(call.id, { call, step: index });
  });
  return reused;
}

/** How a redefinition changed a tool's schema: the kinds of spec/fuzzing.md, by comparing the two. */
function schemaChanges(before: SchemaNode, after: SchemaNode): string[] {
  const changes: string[] = [];
  const [was, now] = [before.properties ?? {}, after.properties ?? {}];
  if ((before.unknownKeys ?? "strip") !== (after.unknownKeys ?? "strip")) changes.push("unknownKeys");
  for (const key of Object.keys(now)) if (!Object.hasOwn(was, key)) changes.push("added");
  for (const key of Object.keys(was)) {
    if (!Object.hasOwn(now, key)) {
      changes.push("removed");
      continue;
    }
    const [old, node] = [was[key]!, now[key]!];
    if (node.default !== undefined && JSON.stringify(node.default) !== JSON.stringify(old.default)) changes.push("default");
    if (node.optional && !old.optional) changes.push("optional");
    if ((node.transforms?.length ?? 0) > (old.transforms?.length ?? 0)) changes.push("transform");
  }
  return changes;
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
      ["aliases", "any", "array", "boolean", "coerce", "default", "enum", "integer", "minimum", "null", "number", "object", "optional", "passthrough", "strict", "string", "strip", "transforms"].sort(),
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
  it("include every kind they promise: malformed, cut short, repeated members (__proto__ too, and once escaped), prototype keys, deep nesting, overflowing numbers, lookalike keys", () => {
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
    expect(samples.some((raw) => raw.startsWith('{"__proto__": {"admin": false}, "__proto__": {"admin": true}, "path"'))).toBe(true);
    expect(samples.some((raw) => /^\{"meta": \{"__proto__": 1, "follow": true, "__proto__": 2\}, "path"/.test(raw))).toBe(true);
    expect(samples.some((raw) => raw.startsWith('{"\\u0070ath": "/etc/shadow", "path": "/tmp/a"'))).toBe(true);
    expect(samples.some((raw) => raw.includes('"f\\u006fllow": true'))).toBe(true);
    expect(samples.some((raw) => raw.includes('"\\u005f_proto__": {"admin": true}'))).toBe(true);
    expect(samples.every((raw) => raw !== valid)).toBe(true);
  });
});

describe("a Latin-1 twin", () => {
  it("differs in its text and not in its Latin-1 bytes, member names left alone", () => {
    const value = { path: "A.txt", "n\u00e4me": ["B", 1, { deep: "z" }] };
    const twin = latin1Twin(value);
    expect(twin).toEqual({ path: "\u0141.\u0174\u0178\u0174", "n\u00e4me": ["\u0142", 1, { deep: "\u017a" }] });
    expect(Buffer.from(JSON.stringify(twin), "latin1")).toEqual(Buffer.from(JSON.stringify(value), "latin1"));
  });
});

/** The answers of a skeleton's resume step, with the calls they name and the index of the step. */
function resumeOf(skeleton: Skeleton): { at: number; answers: [Call, Answer][] } | undefined {
  const at = skeleton.steps.findIndex((step) => step.resume);
  if (at < 0) return undefined;
  return { at, answers: Object.entries(skeleton.steps[at]!.resume!).map(([id, answer]) => [reusedOrNamed(skeleton, id, at)!, answer]) };
}

describe("a generated case skeleton", () => {
  const all: FuzzOptions = { hooks: true, approval: true, batch: true, handoffs: true, fingerprint: true, toolChanges: true, resume: true };
  const none: FuzzOptions = { hooks: false, approval: false, batch: false };

  it("loads as a case, with tool_a (and tool_b, tool_c of the same schema), numbered calls and hooks, and a policy over the tool's own members", () => {
    fc.assert(
      fc.property(caseSkeleton(all), (skeleton) => {
        expect(loadErrors(skeleton)).toEqual([]);
        expect(Object.keys(skeleton.tools).filter((name) => name !== "tool_b" && name !== "tool_c")).toEqual(["tool_a"]);
        for (const other of [skeleton.tools.tool_b, skeleton.tools.tool_c]) if (other) expect(other.schema).toEqual(skeleton.tools.tool_a!.schema);
        const members = Object.keys(skeleton.tools.tool_a!.schema.properties ?? {});
        // New ids are c1, c2... in order; a call may take again an id of an earlier turn, never one of its own turn.
        const fresh = [...new Set(callsOf(skeleton).map((call) => call.id))];
        expect(fresh).toEqual(fresh.map((_, index) => `c${index + 1}`));
        for (const step of skeleton.steps) expect(new Set(step.turn?.map((call) => call.id)).size).toBe(step.turn?.length ?? 0);
        expect(skeleton.steps.filter((step) => step.turn).length).toBeGreaterThanOrEqual(1);
        // Two turns, a resume, the turn after it and a redefinition at most.
        expect(skeleton.steps.length).toBeLessThanOrEqual(5);
        // A redefinition: of a declared tool, just before the last turn, with a turn before it; or just before a resume, after the turn it answers.
        skeleton.steps.forEach((step, index) => {
          if (!step.redefine) return;
          expect(Object.keys(step.redefine).every((name) => Object.hasOwn(skeleton.tools, name))).toBe(true);
          if (skeleton.steps[index + 1]!.resume) expect(skeleton.steps[index - 1]!.turn).toBeDefined();
          else expect(index).toBe(skeleton.steps.length - 2);
          expect(skeleton.steps[index + 1]!.turn ?? skeleton.steps[index + 1]!.resume).toBeDefined();
          expect(skeleton.steps.slice(0, index).some((earlier) => earlier.turn)).toBe(true);
        });
        // One resume at most, right after the turn (or the redefinition after the turn) whose tool calls it answers, never beside a grant.
        expect(skeleton.steps.filter((step) => step.resume).length).toBeLessThanOrEqual(1);
        const resume = resumeOf(skeleton);
        if (resume) {
          const answered = skeleton.steps[resume.at - 1]!.turn ?? skeleton.steps[resume.at - 2]!.turn!;
          for (const [call] of resume.answers) expect(answered).toContain(call);
          expect(resume.answers.every(([call]) => !skeleton.handoffs?.includes(call.tool))).toBe(true);
          expect(skeleton.steps.some((step) => step.grant)).toBe(false);
        }
        // Four only in the batch that mixes outcomes.
        for (const step of skeleton.steps) expect(step.turn?.length ?? 0).toBeLessThanOrEqual(4);
        for (const rule of skeleton.policy.rules ?? []) if (rule.when.pointer) expect(members).toContain(rule.when.pointer.slice(1));
        for (const pointer of Object.keys(skeleton.policy.mutate?.set ?? {})) expect(members).toContain(pointer.split("/")[1]);
        expect((skeleton.hooks ?? []).map((hook) => hook.id)).toEqual(["h1", "h2"].slice(0, skeleton.hooks?.length ?? 0));
      }),
      settings,
    );
  });

  it("grants only a call the reference suspends, so the case holds on the reference, pruned or not", async () => {
    const granting = fc.sample(caseSkeleton(all).filter((skeleton) => skeleton.steps.some((step) => step.grant)), { seed: settings.seed, numRuns: 20 });
    for (const skeleton of granting.flatMap((each) => [each, ...prunings(each)])) {
      expect(skeleton.steps.map((step) => Object.keys(step)[0]).filter((kind) => kind !== "redefine")).toEqual(["turn", "grant", "turn"]);
      expect(skeleton.steps.findIndex((step) => step.redefine)).not.toBe(1);
      expect(skeleton.steps[1]!.grant).toEqual({ call: "c1", view: expect.stringMatching(/^(effective|requested)$/) });
      expect(skeleton.policy.rules?.[0]).toEqual({ when: { granted: true }, decision: "allow" });
      expect(loadErrors(skeleton)).toEqual([]);
      const observed = await observeCase(referenceAdapter, provisional(skeleton), 10_000);
      if ("errored" in observed) throw new Error(observed.errored);
      expect(observed.observation.turns[0]!.outcomes.get("c1")?.outcome).toBe("suspended");
      expect([...observed.observation.runFailures, ...universalFailures(observed.observation)]).toEqual([]);
    }
  });

  it("answers, once the fuzzer dropped the answers to calls not waiting, only calls the reference left waiting, so the case holds on the reference, pruned or not", async () => {
    const resuming = fc.sample(caseSkeleton(all).filter((skeleton) => skeleton.steps.some((step) => step.resume)), { seed: settings.seed, numRuns: 30 });
    let answered = 0;
    for (const skeleton of resuming.flatMap((each) => [each, ...prunings(each).slice(0, 2)])) {
      const data = await expectedData(skeleton, { requirements: ["INV-5"] }, { runs: 1, seed: 1, timeoutMs: 10_000 }, 1);
      const written = writtenCase(data);
      for (const [at, step] of data.steps.entries()) {
        for (const id of Object.keys(step.resume ?? {})) {
          const suspendedIn = referencedStep(data.steps, id, at)!;
          expect(data.steps[suspendedIn]!.expect![id]!.outcome).toBe("suspended");
          answered += 1;
        }
      }
      const result = await runCase(referenceAdapter, written, 10_000);
      expect(result.failures).toEqual([]);
      expect(result.status).toBe("passed");
    }
    expect(answered).toBeGreaterThan(10);
  });

  it("prunes the schema to cases that still load: a top-level member removed or made any, aliases or unknownKeys dropped", () => {
    const pruned = fc.sample(caseSkeleton(all), { seed: settings.seed, numRuns: 30 }).flatMap((skeleton) => prunings(skeleton).map((each) => [skeleton, each] as const));
    for (const [, each] of pruned) expect(loadErrors(each)).toEqual([]);
    const changes = new Set(pruned.map(([skeleton, each]) => schemaChange(skeleton.tools.tool_a!.schema, each.tools.tool_a!.schema)));
    expect([...changes].sort()).toEqual(["aliases", "any", "removed", "unknownKeys"]);
  });

  it("prunes a redefined schema alike, where the pruning applies to it", () => {
    const redefining = fc.sample(caseSkeleton(all).filter((skeleton) => skeleton.steps.some((step) => step.redefine)), { seed: settings.seed, numRuns: 30 });
    const members = (node: SchemaNode) => Object.keys(node.properties ?? {});
    let removed = 0;
    for (const skeleton of redefining) {
      for (const each of prunings(skeleton)) {
        expect(loadErrors(each)).toEqual([]);
        const gone = members(skeleton.tools.tool_a!.schema).filter((key) => !members(each.tools.tool_a!.schema).includes(key));
        each.steps.forEach((step, index) => {
          for (const [name, tool] of Object.entries(step.redefine ?? {})) {
            const before = skeleton.steps[index]!.redefine![name]!.schema;
            for (const key of gone) {
              if (!members(before).includes(key) || members(before).length < 2) continue;
              expect(members(tool.schema)).not.toContain(key);
              removed += 1;
            }
          }
        });
      }
    }
    expect(removed).toBeGreaterThan(0);
  });

  it("uses hooks, approvals, grants and batches only when asked, and each of them sometimes when asked", () => {
    const without = fc.sample(caseSkeleton(none), { seed: settings.seed, numRuns: 300 });
    expect(without.some((skeleton) => skeleton.hooks)).toBe(false);
    expect(without.some((skeleton) => skeleton.steps.some((step) => step.redefine))).toBe(false);
    expect(without.some((skeleton) => skeleton.policy.rules?.some((rule) => rule.decision === "require_approval"))).toBe(false);
    expect(without.some((skeleton) => skeleton.steps.some((step) => step.grant))).toBe(false);
    expect(without.some((skeleton) => skeleton.steps.some((step) => step.turn!.length > 1))).toBe(false);
    expect(fc.sample(caseSkeleton({ ...all, resume: false }), { seed: settings.seed, numRuns: 300 }).some((skeleton) => skeleton.steps.some((step) => step.resume))).toBe(false);
    expect(fc.sample(caseSkeleton({ ...all, approval: false }), { seed: settings.seed, numRuns: 300 }).some((skeleton) => skeleton.steps.some((step) => step.resume))).toBe(false);

    const withAll = fc.sample(caseSkeleton(all), { seed: settings.seed, numRuns: 300 });
    expect(withAll.some((skeleton) => skeleton.hooks)).toBe(true);
    expect(withAll.some((skeleton) => skeleton.policy.rules?.some((rule) => rule.decision === "require_approval"))).toBe(true);
    expect(withAll.some((skeleton) => skeleton.steps.some((step) => step.grant))).toBe(true);
    expect(withAll.some((skeleton) => skeleton.steps.some((step) => step.turn && step.turn.length > 1))).toBe(true);
    expect(withAll.some((skeleton) => skeleton.steps.length > 1)).toBe(true);
    expect(withAll.some((skeleton) => skeleton.steps.some((step) => step.redefine))).toBe(true);
    expect(withAll.some((skeleton) => skeleton.steps.some((step) => step.resume))).toBe(true);
    expect(withAll.some((skeleton) => skeleton.policy.mutate)).toBe(true);
    expect(withAll.some((skeleton) => skeleton.policy.otherwise === "deny")).toBe(true);
    expect(withAll.some((skeleton) => skeleton.hooks?.[0]?.decision)).toBe(true);
    for (const operator of ["exists", "startsWith", "equals", "gt"]) {
      expect(withAll.some((skeleton) => skeleton.policy.rules?.some((rule) => operator in rule.when)), operator).toBe(true);
    }
  });

  it("generates every shape it promises (spec/fuzzing.md)", () => {
    const samples = fc.sample(caseSkeleton(all), { seed: settings.seed, numRuns: 600 });
    const some = (shape: string, holds: (skeleton: Skeleton) => boolean) => expect(samples.some(holds), shape).toBe(true);
    const hooks = (skeleton: Skeleton) => skeleton.hooks ?? [];
    const raws = (skeleton: Skeleton) => callsOf(skeleton).map((call) => call.arguments);
    const resumed = (skeleton: Skeleton) => (skeleton.steps[1]?.grant ? { first: skeleton.steps[0]!.turn![0]!.arguments, again: skeleton.steps.at(-1)!.turn![0]!.arguments } : undefined);

    some("a resume with the same text", (skeleton) => resumed(skeleton)?.again === resumed(skeleton)?.first);
    some("a resume with an equivalent text", (skeleton) => { const pair = resumed(skeleton); return !!pair && pair.again !== pair.first && decodes(pair.again) && sameJson(JSON.parse(pair.again), JSON.parse(pair.first)); });
    some("a resume with another value", (skeleton) => { const pair = resumed(skeleton); return !!pair && decodes(pair.again) && !sameJson(JSON.parse(pair.again), JSON.parse(pair.first)); });
    some("a resume with the Latin-1 twin", (skeleton) => { const pair = resumed(skeleton); return !!pair && pair.again !== pair.first && decodes(pair.again) && sameJson(latin1Twin(JSON.parse(pair.first)), JSON.parse(pair.again)) && /[\u0100-\u017f]/.test(pair.again); });
    some("a hook setting a member", (skeleton) => hooks(skeleton).some((hook) => hook.rewrite?.set));
    some("a hook removing a member", (skeleton) => hooks(skeleton).some((hook) => hook.rewrite?.remove));
    for (const falsy of [null, "", 0, false]) some(`a hook replacing with ${JSON.stringify(falsy)}`, (skeleton) => hooks(skeleton).some((hook) => hook.rewrite && "replace" in hook.rewrite && hook.rewrite.replace === falsy));
    some("a hook replacing with an object", (skeleton) => hooks(skeleton).some((hook) => typeof hook.rewrite?.replace === "object" && hook.rewrite.replace !== null));
    some("a hook editing in place", (skeleton) => hooks(skeleton).some((hook) => hook.mutate && !hook.rewrite));
    some("a hook denying and rewriting", (skeleton) => hooks(skeleton).some((hook) => hook.decision === "deny" && hook.rewrite));
    some("a hook denying with a reason", (skeleton) => hooks(skeleton).some((hook) => hook.reason));
    some("two hooks", (skeleton) => hooks(skeleton).length === 2);
    some("a hook scoped to tool_a, with a call to tool_b", (skeleton) => hooks(skeleton).some((hook) => hook.tools?.[0] === "tool_a") && callsOf(skeleton).some((call) => call.tool === "tool_b"));
    some("a hook in a batch of calls of one tool with different requests", (skeleton) => hooks(skeleton).length > 0 && skeleton.steps.some((step) => step.turn && new Set(step.turn.filter((call) => call.tool === "tool_a").map((call) => call.arguments)).size > 1));
    some("a late policy mutation", (skeleton) => skeleton.policy.mutateLate === true && !!skeleton.policy.mutate);
    some("a late policy mutation of a nested member", (skeleton) => skeleton.policy.mutateLate === true && Object.keys(skeleton.policy.mutate?.set ?? {}).some((pointer) => pointer.split("/").length > 2));
    const texts: [string, RegExp][] = [
      ["a surrogate pair", /[\ud800-\udbff][\udc00-\udfff]/],
      ["a combining mark", /e\u0301/],
      ["surrounding spaces", /"  padded  "/],
      ["<, > and &", /[<>&]/],
      ["U+2028 and U+2029", /\u2028.*\u2029/],
      ["a look-alike key", /"p\u0430th"|"\uff50ath"/],
      ['"a" and "B" in one object', /"a":[^{}]*"B":|"B":[^{}]*"a":/],
      ["U+FB33 or U+1F600 as a key", /"(\ufb33|\ud83d\ude00)":/],
      ['"\\r" as a key', /"\\r":/],
      ["letters above U+00FF", /[\u0100-\u017f]/],
      ["a repeated __proto__", /"__proto__".*"__proto__"/],
      ["a name written twice, once escaped", /\\u00[0-9a-f]{2}/],
    ];
    for (const [shape, pattern] of texts) some(shape, (skeleton) => raws(skeleton).some((raw) => pattern.test(raw)));
    // Call ids used again, as providers that number calls per response do (spec/case-format.md, "Call references").
    some("a call id used again in a later turn, with other raw arguments", (skeleton) => reusedIds(skeleton).some(({ call, earlier }) => call.arguments !== earlier.arguments));
    some("a call id used again in a later turn, with the same raw arguments", (skeleton) => reusedIds(skeleton).some(({ call, earlier }) => call.arguments === earlier.arguments));
    some("a call id used again right after its grant, with other raw arguments", (skeleton) =>
      reusedIds(skeleton).some(({ step, call, earlier }) => skeleton.steps.slice(0, step).some((before) => before.grant?.call === call.id) && call.arguments !== earlier.arguments),
    );
    some("a call id used again right after its grant, with the same raw arguments", (skeleton) =>
      reusedIds(skeleton).some(({ step, call, earlier }) => skeleton.steps.slice(0, step).some((before) => before.grant?.call === call.id) && call.arguments === earlier.arguments),
    );
    // Tools redefined between turns: every kind of change, after a grant, and meeting the same request again.
    const redefined = (skeleton: Skeleton) => skeleton.steps.flatMap((step) => Object.entries(step.redefine ?? {}).map(([name, tool]) => schemaChanges(skeleton.tools[name]!.schema, tool.schema)));
    for (const change of ["default", "added", "removed", "optional", "transform", "unknownKeys"]) some(`a redefinition: ${change}`, (skeleton) => redefined(skeleton).some((changes) => changes.includes(change)));
    some("a redefinition between a grant and a later turn", (skeleton) => skeleton.steps.some((step, index) => step.redefine && skeleton.steps.slice(0, index).some((before) => before.grant)));
    some("a redefinition of the granted tool, then the granted call's raw string again", (skeleton) => {
      const grant = skeleton.steps.findIndex((step) => step.grant);
      const granted = grant < 0 ? undefined : reusedOrNamed(skeleton, skeleton.steps[grant]!.grant!.call, grant);
      const change = skeleton.steps.findIndex((step) => step.redefine);
      return !!granted && change > grant && Object.hasOwn(skeleton.steps[change]!.redefine!, granted.tool) && (skeleton.steps[change + 1]!.turn ?? []).some((call) => call.tool === granted.tool && call.arguments === granted.arguments);
    });
    some("a redefinition, then an earlier call's raw string again to that tool", (skeleton) => {
      const change = skeleton.steps.findIndex((step) => step.redefine);
      if (change < 0) return false;
      const before = skeleton.steps.slice(0, change).flatMap((step) => step.turn ?? []);
      return (skeleton.steps[change + 1]!.turn ?? []).some((call) => Object.hasOwn(skeleton.steps[change]!.redefine!, call.tool) && before.some((earlier) => earlier.tool === call.tool && earlier.arguments === call.arguments));
    });
    // Answers to the runtime's own pending requests: approvals and rejections in one batch, a turn that meets an answered call, a tool changed before the resume.
    const answers = (skeleton: Skeleton) => resumeOf(skeleton)?.answers ?? [];
    some("a resume approving one call and rejecting another of one turn", (skeleton) => answers(skeleton).some(([, answer]) => answer === "approve") && answers(skeleton).some(([, answer]) => answer === "reject"));
    some("a resume of a mixed batch's suspended call", (skeleton) => answers(skeleton).some(([call]) => call.tool === "tool_b") && skeleton.policy.rules?.some((rule) => rule.when.tool === "tool_b"));
    const after = (skeleton: Skeleton) => {
      const resume = resumeOf(skeleton);
      return resume ? { answered: resume.answers.map(([call]) => call), next: skeleton.steps[resume.at + 1]?.turn ?? [] } : { answered: [], next: [] };
    };
    some("a turn after the resume with an answered call's id and its raw string", (skeleton) => { const { answered, next } = after(skeleton); return next.some((call) => answered.some((one) => one.id === call.id && one.arguments === call.arguments)); });
    some("a turn after the resume with an answered call's id and another raw string", (skeleton) => { const { answered, next } = after(skeleton); return next.some((call) => answered.some((one) => one.id === call.id && one.arguments !== call.arguments)); });
    some("a turn after the resume with an answered call's raw string under a new id", (skeleton) => { const { answered, next } = after(skeleton); return next.some((call) => answered.some((one) => one.id !== call.id && one.arguments === call.arguments && one.tool === call.tool)); });
    some("a redefinition of the answered calls' tool between their turn and the resume", (skeleton) => { const resume = resumeOf(skeleton); return !!resume && !!skeleton.steps[resume.at - 1]!.redefine && resume.answers.some(([call]) => Object.hasOwn(skeleton.steps[resume.at - 1]!.redefine!, call.tool)); });
    some("a nested object value", (skeleton) => raws(skeleton).some((raw) => decodes(raw) && Object.values(JSON.parse(raw) as object).some((member) => typeof member === "object" && member !== null && !Array.isArray(member) && Object.keys(member).length > 1)));
  });
});

const decodes = (raw: string) => decodedRequest(raw) !== undefined;

/** The latest call with this id before `step`. */
function reusedOrNamed(skeleton: Skeleton, id: string, step: number): Call | undefined {
  return skeleton.steps
    .slice(0, step)
    .flatMap((each) => each.turn ?? [])
    .filter((call) => call.id === id)
    .at(-1);
}

/** Which pruning turned `before` into `after`. */
function schemaChange(before: SchemaNode, after: SchemaNode): string {
  const members = (node: SchemaNode) => Object.keys(node.properties ?? {});
  if (members(after).length < members(before).length) return "removed";
  if (members(after).some((key) => JSON.stringify(after.properties![key]) !== JSON.stringify(before.properties![key]))) return "any";
  return before.aliases && !after.aliases ? "aliases" : "unknownKeys";
}
