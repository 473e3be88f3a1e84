// Text from adapters reaches a terminal or a CI log only as printable text: escape sequences and
// bidirectional overrides are written as \uXXXX, and a line feed in a name, a version or a reason
// cannot print a line of its own that looks like the report's.
import { describe, expect, it } from "vitest";
import { printable, printableLine } from "../../harness/reporting/printable.ts";
import { runMain } from "../support/main.ts";

/** Characters a terminal acts on instead of showing: C0 but tab and line feed, DEL, C1, bidirectional controls. */
const ACTED_ON = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

describe("printable", () => {
  it("escapes control characters and bidirectional overrides, and keeps line feeds, tabs and other text", () => {
    expect(printable("a\u001b[2Jb\u0007\r\u009b\u202e\u2066 \ttab\nnext é 😀")).toBe("a\\u001b[2Jb\\u0007\\u000d\\u009b\\u202e\\u2066 \ttab\nnext é 😀");
  });

  it("keeps JSON text valid and meaning the same", () => {
    const json = JSON.stringify({ name: "a\u009bb\u202ec" });
    expect(JSON.parse(printable(json))).toEqual({ name: "a\u009bb\u202ec" });
  });

  it("writes a name or version on one line", () => {
    expect(printableLine("1.0\nMUST\t1")).toBe("1.0\\nMUST\\t1");
  });
});

describe("what the CLI prints of a hostile adapter's text", () => {
  // One case, errored by the adapter's hostile message: every kind of its text shows in the report.
  const command = "node test/fixtures/hostile-text-adapter.mjs matrix/defaults-visible";
  const only = ["--filter", "matrix/defaults-visible"];

  it.each(["pretty", "tap", "junit", "json"])("the %s report has no character a terminal acts on", async (reporter) => {
    const { code, stdout, stderr } = await runMain("run", "--adapter-cmd", command, "--reporter", reporter, ...only, "--timeout", "5000");
    expect(code).toBe(1);
    expect(stdout).not.toMatch(ACTED_ON);
    expect(stderr).not.toMatch(ACTED_ON);
  });

  it.each(["pretty", "tap"])("the %s report has no line of the adapter's that reads like its badge", async (reporter) => {
    const { stdout } = await runMain("run", "--adapter-cmd", command, "--reporter", reporter, ...only, "--timeout", "5000");
    // The badge line is the only one that starts with the implementation's name (TAP writes it after "# ").
    expect(stdout.split("\n").filter((line) => /^(# )?MUST \d+\/\d+/.test(line))).toEqual([]);
    expect(stdout.split("\n").filter((line) => /^(# )?hostile.*: MUST \d+\/\d+ \(\d+%\)/.test(line))).toHaveLength(1);
  });

  it("shows the pretty report's errored reason, stderr tail included, indented under its case", async () => {
    const { stdout } = await runMain("run", "--adapter-cmd", command, ...only, "--timeout", "5000");
    const errored = stdout.split("\n").filter((line) => line.includes("cannot start") || line.includes("MUST 31/31"));
    expect(errored.length).toBeGreaterThan(0);
    for (const line of errored) expect(line).toMatch(/^ {6}|^hostile/);
    expect(stdout).toContain("hostile\\u001b[2J\\u001b]0;owned\\u0007\\u000d\\u202eMUST 31/31 (100%)\\nMUST 31/31 (100%) 1.0");
  });
});
