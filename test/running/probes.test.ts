// The probes never throw at the runtime under test, whatever it hands them (frozen or sealed
// objects, proxies, throwing getters, members named constructor or __proto__), and record what
// they could: a runtime's odd data is a fact about the runtime, never an error of the harness.
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { ToolPolicyInput } from "../../harness/adapter.ts";
import { loadCaseFile, type LoadedCase } from "../../harness/loading/loader.ts";
import { createProbes } from "../../harness/running/probes.ts";

const loaded = loadCaseFile(fileURLToPath(new URL("../fixtures/probes/matrix/every-probe-edits.yaml", import.meta.url)));
if (!("case" in loaded)) throw new Error(loaded.errors.map((error) => error.message).join("\n"));
const testCase: LoadedCase = loaded.case;

const deepFreeze = <T>(value: T): T => {
  if (typeof value === "object" && value !== null) for (const member of Object.values(value)) deepFreeze(member);
  return Object.freeze(value);
};
const policyInput = (parsedArguments: unknown, extra: Partial<ToolPolicyInput> = {}): ToolPolicyInput => ({
  agentName: "a",
  toolName: "write_file",
  callId: "c1",
  turn: 1,
  rawArguments: "{}",
  parsedArguments,
  argsCanonicalJson: "{}",
  proposalHash: "h",
  ...extra,
});
const hostile = {
  frozen: () => deepFreeze({ path: "/tmp/a", options: { mode: "r" } }),
  sealed: () => Object.seal({ path: "/tmp/a", options: Object.seal({ mode: "r" }) }),
  "a proxy whose traps throw": () =>
    new Proxy({ path: "/tmp/a" }, { get: () => { throw new Error("get trap"); }, set: () => { throw new Error("set trap"); }, ownKeys: () => { throw new Error("keys trap"); }, defineProperty: () => { throw new Error("define trap"); } }),
  "a throwing getter": () => Object.defineProperty({ path: "/tmp/a" }, "options", { enumerable: true, get: () => { throw new Error("getter"); } }),
  "constructor and __proto__ members": () => JSON.parse('{"path": "/tmp/a", "constructor": {"prototype": {"admin": true}}, "__proto__": {"x": 1}}') as unknown,
  "not an object": () => "just text",
};

describe.each(Object.entries(hostile).map(([kind, make]) => ({ kind, make })))("handed $kind", ({ make }) => {
  it("the policy probe decides, records and returns without throwing", () => {
    const probes = createProbes(testCase);
    const decision = probes.wiring.policy(policyInput(make()));
    expect(decision).toEqual({ decision: "allow" });
    expect(probes.log.policies).toHaveLength(1);
    expect(probes.log.policies[0]!.mutation).toMatch(/^(changed|unchanged)$/);
  });

  it("the tool probe records and returns without throwing", async () => {
    const probes = createProbes(testCase);
    await expect(Promise.resolve(probes.wiring.tools.write_file!.execute(make(), { callId: "c1" }))).resolves.toEqual({ ok: true });
    expect(probes.log.executions).toHaveLength(1);
  });

  it("the hook probe returns a rewritten copy without throwing", async () => {
    const probes = createProbes(testCase);
    const result = await probes.wiring.hooks[0]!.run({ hookId: "pin", toolName: "write_file", callId: "c1", toolInput: make() });
    expect(result.updatedInput).toBeDefined();
    expect(probes.log.hooks).toHaveLength(1);
  });

  // The schema itself is Zod's: a member that throws when read throws out of Zod's parse as it
  // would in any runtime using Zod. The probe around it records the parse whatever happens.
  it("the schema probe records the parse", () => {
    const probes = createProbes(testCase);
    try {
      probes.wiring.tools.write_file!.schema.safeParse(make());
    } catch {
      // Zod's own reading of the input
    }
    expect(probes.log.parses).toHaveLength(1);
  });
});

describe.each(["frozen", "sealed", "constructor and __proto__ members", "not an object"].map((kind) => ({ kind, make: hostile[kind as keyof typeof hostile] })))("parsing $kind", ({ make }) => {
  it("succeeds or fails in safeParse, never throws", () => {
    const probes = createProbes(testCase);
    expect(() => probes.wiring.tools.write_file!.schema.safeParse(make())).not.toThrow();
  });
});

describe("the edits the probes make", () => {
  it("record when a runtime's read-only arguments left the policy nothing to change", () => {
    const probes = createProbes(testCase);
    probes.wiring.policy(policyInput(deepFreeze({ path: "/tmp/a" })));
    probes.wiring.policy(policyInput({ path: "/tmp/a" }));
    expect(probes.log.policies.map((record) => record.mutation)).toEqual(["unchanged", "changed"]);
  });

  it("go on into what a '-' on the way appends, as spec/case-format.md says", () => {
    const probes = createProbes(testCase);
    const args = { path: "/tmp/a", list: [{ name: "first" }], options: { mode: "r" } };
    probes.wiring.tools.write_file!.execute(args, { callId: "c1" });
    expect(args).toEqual({ path: "/tmp/by-tool", list: [{ name: "first" }, { name: "appended" }] });
  });

  it("keep a requested view absent when the runtime hands none, and present when it does", () => {
    const probes = createProbes(testCase);
    probes.wiring.policy(policyInput({ path: "/tmp/a" }));
    probes.wiring.policy(policyInput({ path: "/tmp/a" }, { requestedArguments: { path: "/tmp/a", note: 1 } }));
    expect(probes.log.policies.map((record) => record.requestedAtEntry?.text)).toEqual([undefined, '{"note":1,"path":"/tmp/a"}']);
  });
});
