// The report says how the implementation was run, so that a reader can tell what was certified:
// the built-in reference, an in-process module (as the user named it) or a stdio command.
import { describe, expect, it } from "vitest";
import { runMain } from "../support/main.ts";

const implementationOf = (stdout: string) => (JSON.parse(stdout) as { implementation: { runBy?: unknown } }).implementation;

describe("how the implementation was run", () => {
  it.each([
    [[], { how: "in-process", module: "effective-args/reference (built in)" }],
    // An adapter module runs in a child process: the report names the Node.js that ran it (run --node may choose another).
    [["--adapter", "test/mutants/no-mutation-check.ts"], { how: "in-process", module: "test/mutants/no-mutation-check.ts", node: process.version }],
    [["--adapter-cmd", "node examples/stdio-adapter.mjs"], { how: "stdio", command: "node examples/stdio-adapter.mjs" }],
  ])("is in the JSON report: %j", async (args, runBy) => {
    const { stdout } = await runMain("run", ...args, "--reporter", "json", "--filter", "matrix/*");
    expect(implementationOf(stdout).runBy).toEqual(runBy);
  });

  it("is a line under the badge in the pretty report, and above it in TAP (whose last line is the badge)", async () => {
    const pretty = await runMain("run", "--adapter-cmd", "node examples/stdio-adapter.mjs", "--filter", "matrix/*");
    expect(pretty.stdout).toMatch(/\nexample stdio adapter 2\.0\.0: MUST [^\n]+\nrun as stdio command node examples\/stdio-adapter\.mjs\n/);
    const tap = await runMain("run", "--adapter", "test/mutants/no-mutation-check.ts", "--reporter", "tap", "--filter", "matrix/*");
    expect(tap.stdout).toMatch(new RegExp(`\n# run as in-process module test/mutants/no-mutation-check\\.ts \\(Node\\.js ${process.version.replace(/\./g, "\\.")}\\)\n# mutant no-mutation-check 0\\.1\\.0: MUST [^\n]+\n$`));
  });
});
