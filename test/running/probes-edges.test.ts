// The probes (running/probes.ts) handed nothing at all, or members of the wrong type: a runtime
// that calls a hook or the policy without an input, or with a hash that is not a string, gets a
// decision back and leaves a record that says what it handed, never an exception.
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { PreToolUseHookInput, ToolPolicyInput } from "../../harness/adapter.ts";
import { loadCaseFile, type LoadedCase } from "../../harness/loading/loader.ts";
import { createProbes } from "../../harness/running/probes.ts";

const loaded = loadCaseFile(fileURLToPath(new URL("../fixtures/probes/matrix/every-probe-edits.yaml", import.meta.url)));
if (!("case" in loaded)) throw new Error(loaded.errors.map((error) => error.message).join("\n"));
const testCase: LoadedCase = loaded.case;

describe.each([
  ["undefined", undefined],
  ["null", null],
])("handed %s instead of an input", (_, input) => {
  it("the hook probe records what it could and still rewrites", async () => {
    const probes = createProbes(testCase);
    const result = await probes.wiring.hooks[0]!.run(input as unknown as PreToolUseHookInput);
    expect(probes.log.hooks).toHaveLength(1);
    const { seq, step, hookId, callId, tool, toolInput } = probes.log.hooks[0]!;
    expect({ seq, step, hookId, callId, tool, toolInput }).toEqual({ seq: 1, step: 0, hookId: "pin", callId: "undefined", tool: "undefined", toolInput: { text: "undefined", json: false } });
    expect(result).toHaveProperty("updatedInput");
  });

  it("the policy probe decides by the case's policy and records every view as absent", () => {
    const probes = createProbes(testCase);
    expect(probes.wiring.policy(input as unknown as ToolPolicyInput)).toEqual({ decision: "allow" });
    expect(probes.log.policies).toHaveLength(1);
    const { callId, tool, parsedRef, requestedAtEntry, argsCanonicalJson, proposalHash, decision } = probes.log.policies[0]!;
    expect({ callId, tool, parsedRef, requestedAtEntry, argsCanonicalJson, proposalHash, decision }).toEqual({
      callId: "undefined",
      tool: "undefined",
      parsedRef: undefined,
      requestedAtEntry: undefined,
      argsCanonicalJson: undefined,
      proposalHash: undefined,
      decision: { decision: "allow" },
    });
  });
});

describe("the policy probe handed a canonical JSON and a hash that are not strings", () => {
  it("records both as not handed", () => {
    const probes = createProbes(testCase);
    const input = { agentName: "a", toolName: "write_file", callId: "c1", turn: 1, rawArguments: "{}", parsedArguments: { path: "/tmp/a" }, argsCanonicalJson: 5, proposalHash: { hash: "h" } };
    probes.wiring.policy(input as unknown as ToolPolicyInput);
    const [record] = probes.log.policies;
    expect([record!.argsCanonicalJson, record!.proposalHash]).toEqual([undefined, undefined]);
  });

  it("records them as handed when they are strings", () => {
    const probes = createProbes(testCase);
    const input = { agentName: "a", toolName: "write_file", callId: "c1", turn: 1, rawArguments: "{}", parsedArguments: { path: "/tmp/a" }, argsCanonicalJson: "{}", proposalHash: "h" };
    probes.wiring.policy(input as ToolPolicyInput);
    const [record] = probes.log.policies;
    expect([record!.callId, record!.tool, record!.argsCanonicalJson, record!.proposalHash]).toEqual(["c1", "write_file", "{}", "h"]);
  });
});
