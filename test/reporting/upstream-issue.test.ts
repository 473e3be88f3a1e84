// The upstream report of a finding (reporting/upstream-issue.ts), as adapters/<runtime>/reports/
// holds one per finding: its upstream links as links a maintainer can follow (never bare
// "owner/repo#n" text), and its standalone reproduction ahead of the command that needs the suite.
import { describe, expect, it } from "vitest";
import { upstreamIssue } from "../../harness/reporting/upstream-issue.ts";
import { upstreamUrl } from "../../harness/reporting/upstream-links.ts";

const issue = (extra: object = {}) =>
  upstreamIssue({
    suite: { name: "effective-args", version: "0.1.0" },
    implementation: { name: "ai", version: "6.0.325", capabilities: ["approval"], components: { "@ai-sdk/provider-utils": "4.0.1" } },
    result: { id: "matrix/policy-mutation-denied", title: "A policy that mutates is denied", requirements: ["MATRIX-6"], status: "failed", failures: [{ requirement: "MATRIX-6", message: "the tool ran", step: 0, callId: "c1" }] },
    testCase: { origin: "built-in", path: "cases/matrix/policy-mutation-denied.yaml", text: "id: matrix/policy-mutation-denied\n" },
    implementationArgs: ["--adapter", "adapters/vercel-ai/adapter.ts"],
    findings: [{ title: "No mutation check", where: "dist/index.mjs", behaviour: "It runs what the policy changed.", advice: "Freeze the input.", links: [{ ref: "vercel/ai#21091", says: "transformed input re-validated after approval" }] }],
    ...extra,
  });

describe("an upstream report of a finding", () => {
  it("links each upstream issue it names, with what it is, under the finding", () => {
    expect(upstreamUrl("openai/openai-agents-js#1948")).toBe("https://github.com/openai/openai-agents-js/issues/1948");
    expect(issue()).toContain("What a user can do meanwhile: Freeze the input.\n\n- Upstream: [vercel/ai\\#21091](https://github.com/vercel/ai/issues/21091): transformed input re-validated after approval\n");
  });

  it("names the components beside the runtime among the versions", () => {
    expect(issue()).toContain("- Runtime: `ai 6.0.325` (name and version as the adapter gives them)\n- Beside it: `@ai-sdk/provider-utils 4.0.1`\n");
  });

  it("puts a standalone reproduction first under Reproduce, and says nothing of one it does not have", () => {
    const text = issue({ reproduction: { name: "no-mutation-check.mjs", text: "// Run in an empty folder:\n//   npm install ai@6.0.325\n//   node no-mutation-check.mjs\n" } });
    const reproduce = text.slice(text.indexOf("## Reproduce\n"));
    expect(reproduce.indexOf("save this script as `no-mutation-check.mjs`")).toBeLessThan(reproduce.indexOf("npx effective-args run"));
    expect(reproduce).toContain("```js\n// Run in an empty folder:\n//   npm install ai@6.0.325\n//   node no-mutation-check.mjs\n```");
    expect(issue()).not.toContain("Without effective-args");
  });
});
