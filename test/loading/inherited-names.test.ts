// Names a file gives that every JavaScript object also has (toString, constructor, hasOwnProperty,
// __proto__...) are names like any other: declared or not by the file itself, never by
// Object.prototype. An undeclared one is a case-file error at its line (exit 2), not a run that
// blames the adapter, a check that looks at a function, or a name that silently vanishes.
import { rmSync } from "node:fs";
import { relative } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadCaseText } from "../../harness/loading/loader.ts";
import { loadKnownFailures } from "../../harness/reporting/known-failures.ts";
import { createRuntime } from "../../reference/runtime.ts";
import { UNKNOWN_TOOL } from "../../reference/errors.ts";
import { loadProblems, replaced, SAMPLE_CASE } from "../support/case-text.ts";
import { cli } from "../support/cli.ts";
import { scratchFolder } from "../support/main.ts";

const { folder: scratch, file: scratchFile } = scratchFolder("effective-args-inherited-");
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const FILE = "cases/matrix/sample.yaml";
const edited = (from: string, to: string, text = SAMPLE_CASE) => replaced(text, from, to);
const problems = (text: string) => loadProblems(FILE, text);

const INHERITED = ["toString", "__proto__", "constructor", "hasOwnProperty", "valueOf", "isPrototypeOf"];

/** The sample case with a second call, "toString", in its turn (line 19), and no expectation for it. */
const UNEXPECTED_CALL = edited("      - { id: c1, tool: t, arguments: '{}' }\n", "      - { id: c1, tool: t, arguments: '{}' }\n      - { id: toString, tool: t, arguments: '{}' }\n");

describe("the loader looks names up among the file's own", () => {
  it.each(INHERITED)("a call to the undeclared tool %s is refused at the call", (name) => {
    expect(problems(edited("tool: t,", `tool: ${name},`))).toEqual([`${FILE}:18:25: unknown tool "${name}"; declared tools: t`]);
  });

  it.each(INHERITED)("a hook for the undeclared tool %s is refused at the name", (name) => {
    const hooked = edited("policy:\n", `hooks:\n  - { id: h, tools: [${name}], decision: allow }\npolicy:\n`);
    expect(problems(hooked)).toEqual([`${FILE}:12:22: unknown tool "${name}"; declared tools: t`]);
  });

  it.each(["toString", "constructor", "hasOwnProperty"])("a handoff named %s is a handoff, not a tool declared twice", (name) => {
    const withHandoff = edited("policy:\n", `handoffs: [${name}]\npolicy:\n`);
    const handedOff = edited("tool: t, arguments: '{}' }\n    expect:\n      c1: { outcome: executed }", `tool: ${name}, arguments: '{}' }\n    expect:\n      c1: { outcome: handed_off }`, withHandoff);
    const loaded = loadCaseText(FILE, handedOff);
    expect("case" in loaded && loaded.case.capabilities).toEqual(["handoffs"]);
  });

  it("a call with an id such as toString and no expectation is refused, where every check would have passed it unseen", () => {
    expect(problems(UNEXPECTED_CALL)).toEqual([`${FILE}:19:9: call "toString" has no entry under "expect"`]);
  });

  it.each(["toString", "constructor"])("an alias whose target %s is not a declared member is refused", (name) => {
    const aliased = edited("p: { type: string }", `p: { type: string }\n      aliases: { q: ${name} }`);
    expect(problems(aliased)).toEqual([`${FILE}:11:21: tools.t.schema.aliases.q: alias target "${name}" is not declared in properties`]);
  });
});

describe('"__proto__", which JavaScript objects take for their prototype, names nothing in a case', () => {
  const REFUSED = 'no name may be "__proto__", which JavaScript objects take for their prototype';

  it.each([
    ["a tool", edited("  t:\n", "  __proto__:\n    schema: { type: object }\n  t:\n"), "6:3: tools: key \"__proto__\""],
    ["a member of a schema", edited("p: { type: string }", "p: { type: string }\n        __proto__: { type: string }"), "11:9: tools.t.schema.properties: key \"__proto__\""],
    ["an alias", edited("p: { type: string }", "p: { type: string }\n      aliases: { __proto__: p }"), "11:18: tools.t.schema.aliases: key \"__proto__\""],
    ["a call's expectation", edited("c1: { outcome: executed }", "c1: { outcome: executed }\n      __proto__: { outcome: executed }"), "21:7: steps.0.expect: key \"__proto__\""],
  ])("%s named __proto__ is refused at the name, not dropped", (_, text, where) => {
    expect(problems(text)).toEqual([`${FILE}:${where}: ${REFUSED}`]);
  });

  it("a handoff named __proto__ is refused at the name", () => {
    expect(problems(edited("policy:\n", "handoffs: [__proto__]\npolicy:\n"))).toEqual([`${FILE}:11:12: handoffs.0: ${REFUSED}`]);
  });

  it("an expectations file's entry named __proto__ is refused at the name", () => {
    const path = scratchFile("known.yaml", "failures:\n  __proto__: { requirements: [MATRIX-1] }\n");
    expect(loadKnownFailures(path)).toEqual({ errors: [`${relative(process.cwd(), path)}:2:3: failures: key "__proto__": ${REFUSED}`] });
  });
});

describe("the reference runtime", () => {
  it.each(INHERITED)("denies a call to %s, a tool it was not given, as unknown", async (name) => {
    const runtime = createRuntime({ agentName: "a", tools: {}, hooks: [], policy: () => ({ decision: "allow" }) });
    expect(await runtime.runTurn([{ callId: "c1", toolName: name, rawArguments: "{}" }], 0)).toEqual([{ callId: "c1", outcome: "denied", reason: UNKNOWN_TOOL }]);
    expect(() => runtime.fingerprint(name, {})).toThrow(`unknown tool ${name}`);
  });
});

describe("the CLI", () => {
  const caseFile = (name: string, text: string) => {
    const path = scratchFile(`cli/matrix/${name}.yaml`, replaced(text, "id: matrix/sample", `id: matrix/${name}`));
    return { path, shown: relative(process.cwd(), path) };
  };

  it.each(["validate", "run"])("%s exits 2 for a call to toString, __proto__ or constructor, at the call's line", (command) => {
    const files = ["toString", "__proto__", "constructor"].map((name) => caseFile(`calls-${name.toLowerCase().replace(/_/g, "")}`, edited("tool: t,", `tool: ${name},`)));
    const { code, stdout, stderr } = cli(command, ...(command === "run" ? files.flatMap((file) => ["--cases", file.path]) : files.map((file) => file.path)));
    const said = stdout + stderr;
    expect(code).toBe(2);
    for (const [index, file] of files.entries()) expect(said).toContain(`${file.shown}:18:25: unknown tool "${["toString", "__proto__", "constructor"][index]}"; declared tools: t`);
    expect(said).not.toContain("the adapter threw");
  });

  it("run exits 2 for a call that no expectation checks", () => {
    const file = caseFile("unexpected-call", UNEXPECTED_CALL);
    const { code, stdout, stderr } = cli("run", "--cases", file.path);
    expect([code, stdout + stderr]).toEqual([2, expect.stringContaining(`${file.shown}:19:9: call "toString" has no entry under "expect"`)]);
    expect(stdout).not.toMatch(/^PASS/m);
  });
});
