// A mistyped capability is an error before any case runs (issue 25, item 12), not a skip per case
// that reads as the runtime's answer ("the adapter does not declare: batch"): exit 2, one line
// naming the unknown capability and the known ones, for an adapter module and a stdio adapter's
// hello alike; and the in-process implementation (the vitest entry's) refuses it too.
import { rmSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { CAPABILITIES } from "../../harness/adapter.ts";
import { capabilityProblem, CapabilityDeclarationError } from "../../harness/running/capabilities.ts";
import { inProcess } from "../../harness/running/in-process.ts";
import referenceAdapter from "../../reference/adapter.ts";
import { ROOT } from "../support/cli.ts";
import { runMain, scratchFolder } from "../support/main.ts";

const { folder, file } = scratchFolder("effective-args-capabilities-");
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const KNOWN = `the capabilities are ${CAPABILITIES.join(", ")}`;
const reference = JSON.stringify(pathToFileURL(`${ROOT}/reference/adapter.ts`).href);

/** The reference, declaring "batching" where it means "batch" (TypeScript: it imports the reference's source). */
const typoModule = file(
  "typo-adapter.ts",
  `import reference from ${reference};\nexport default { ...reference, capabilities: reference.capabilities.map((one) => (one === "batch" ? "batching" : one)) };\n`,
);
/** A stdio adapter that answers hello with the capabilities given, and nothing else. */
const stdioAdapter = (name: string, capabilities: unknown[]) =>
  file(
    name,
    `import { createInterface } from "node:readline";\n` +
      `for await (const line of createInterface({ input: process.stdin })) {\n` +
      `  const request = JSON.parse(line);\n` +
      `  if (request.type === "hello") console.log(JSON.stringify({ type: "hello", id: request.id, name: "typo", version: "1", capabilities: ${JSON.stringify(capabilities)} }));\n` +
      `}\n`,
  );

describe("an unknown capability", () => {
  it("in an adapter module stops the run with exit 2 and one line naming it, what it likely meant and the known ones", async () => {
    const { code, stdout, stderr } = await runMain("run", "--adapter", typoModule, "--family", "read-batch");
    expect([code, stdout]).toEqual([2, ""]);
    expect(stderr).toBe(`effective-args: the adapter of ${typoModule} declares an unknown capability "batching" (did you mean "batch"?); ${KNOWN}\n`);
    expect(stderr).not.toContain("does not declare");
  });

  it("in a stdio adapter's hello stops the run the same way, without the protocol's dump of the line", async () => {
    const command = `node ${stdioAdapter("typo-stdio.mjs", ["hooks", "batching"])}`;
    const { code, stdout, stderr } = await runMain("run", "--adapter-cmd", command, "--family", "read-batch");
    expect([code, stdout]).toEqual([2, ""]);
    expect(stderr).toBe(`effective-args: the adapter command "${command}" did not start: the adapter declares an unknown capability "batching" (did you mean "batch"?); ${KNOWN}\n`);
    expect(stderr).not.toContain("it wrote");
  });

  it("is refused by the in-process implementation too (the vitest entry's)", () => {
    expect(() => inProcess({ ...referenceAdapter, capabilities: ["hooks", "aproval"] as never })).toThrow(CapabilityDeclarationError);
    expect(() => inProcess({ ...referenceAdapter, capabilities: ["hooks", "aproval"] as never })).toThrow(`the adapter "effective-args reference" declares an unknown capability "aproval" (did you mean "approval"?); ${KNOWN}`);
    expect(() => inProcess(referenceAdapter)).not.toThrow();
  });

  it("is told apart from a name that is no capability at all, and from a declaration that is no list", () => {
    expect(capabilityProblem([...CAPABILITIES])).toBeUndefined();
    expect(capabilityProblem([])).toBeUndefined();
    expect(capabilityProblem(["telepathy"])).toBe(`declares an unknown capability "telepathy"; ${KNOWN}`);
    expect(capabilityProblem(["HOOKS"])).toBe(`declares an unknown capability "HOOKS" (did you mean "hooks"?); ${KNOWN}`);
    expect(capabilityProblem(["tool-change"])).toBe(`declares an unknown capability "tool-change" (did you mean "tool-changes"?); ${KNOWN}`);
    expect(capabilityProblem(["ba"])).toBe(`declares an unknown capability "ba"; ${KNOWN}`);
    expect(capabilityProblem([7])).toBe(`declares a capability that is no name (a number); ${KNOWN}`);
    expect(capabilityProblem("batch")).toBe(`declares its capabilities as string, not as a list; ${KNOWN}`);
  });
});

describe("the rest of what an adapter declares", () => {
  it("refuses an unknown transport limit or components without versions, naming what is known, before any case runs", () => {
    const refused = (extra: object) => () => inProcess({ ...referenceAdapter, ...extra });
    expect(refused({ transportLimits: ["empty-string"] })).toThrow(new CapabilityDeclarationError('the adapter "effective-args reference" declares an unknown transport limit "empty-string"; the transport limits are empty-raw-string'));
    expect(refused({ transportLimits: "empty-raw-string" })).toThrow("declares its transport limits as string, not as a list");
    expect(refused({ components: { "@langchain/core": 1 } })).toThrow('declares component "@langchain/core" without a version (a non-empty string)');
    expect(refused({ components: ["@langchain/core"] })).toThrow("declares its components as something other than a record of package names to versions");
    expect(inProcess({ ...referenceAdapter, transportLimits: ["empty-raw-string"], components: { "@langchain/core": "1.3.5" } })).toMatchObject({ transportLimits: ["empty-raw-string"], components: { "@langchain/core": "1.3.5" } });
  });

  it("is in the report, from an adapter module's child process: transport limits, components and the Node.js that ran it", async () => {
    const declaring = file("declaring-adapter.ts", `import reference from ${reference};\nexport default { ...reference, transportLimits: ["empty-raw-string"], components: { "Claude Code": "2.1.333" } };\n`);
    const { code, stdout } = await runMain("run", "--adapter", declaring, "--filter", "matrix/*", "--reporter", "json");
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as { implementation: object; results: { id: string; status: string; notApplicable?: boolean }[] };
    expect(report.implementation).toMatchObject({ transportLimits: ["empty-raw-string"], components: { "Claude Code": "2.1.333" }, runBy: { how: "in-process", node: process.version } });
    expect(report.results.filter((result) => result.status === "skipped")).toEqual([expect.objectContaining({ id: "matrix/empty-argument-string-is-malformed", notApplicable: true })]);
  });
});
