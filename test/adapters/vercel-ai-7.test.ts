// The Vercel AI SDK 7 adapter (adapters/vercel-ai-7/adapter.ts), installed in a folder of its own
// with the Node.js 22 and 24 it declares it needs. (a) The whole suite through the real CLI, the
// adapter's process on Node.js 24 (run --node), passes the CI gate with its known-failures file (on
// 22, test/adapters/published.test.ts runs it); the folder's modules type-check against ai 7. (b) In depth, in a child on Node.js 22 (vitest runs on 20): the verdict rests
// on the SDK's own tool path, shown by matching what the probes recorded with what the SDK's own
// generateText results say, object for object; and a wiring defect is caught as INV-5, check 12.
// The configuration declares no hooks (experimental_refineToolInput is the application's own
// post-parse normalization, not a PreToolUse hook: adapters/vercel-ai-7/adapter.ts says why), so
// every hook case is skipped.
import { spawnSync } from "node:child_process";
import { beforeAll, describe, expect, it } from "vitest";
import { install, NODE } from "../../adapters/vercel-ai-7/install.ts";
import { DEFAULT_CASES_DIR, loadCases } from "../../harness/loading/loader.ts";
import { cliAsync, ROOT } from "../support/cli.ts";

const caseCount = loadCases([DEFAULT_CASES_DIR]).cases.length;
const ADAPTER = "adapters/vercel-ai-7/adapter.ts";
const KNOWN_FAILURES = "adapters/vercel-ai-7/known-failures.yaml";

// npm ci of the folder (ai 7 and two Node.js binaries, about 400 MB unpacked) when it is not installed yet.
beforeAll(() => void install(), 600_000);

// On Node.js 22 the published-adapters test runs it (adapters/published.ts names that binary); here, on 24.
describe.each([24] as const)("ai 7 on Node.js %i", (major) => {
  it("passes the CI gate with --expect its known-failures file", async () => {
    const { code, stdout, stderr } = await cliAsync(["run", "--reporter", "json", "--adapter", ADAPTER, "--node", NODE[major], "--expect", KNOWN_FAILURES]);
    expect(stderr.split("\n").filter((line) => line !== "" && !line.startsWith("[adapter] "))).toEqual([]);
    expect(code).toBe(0);
    const { implementation, summary } = JSON.parse(stdout);
    expect(implementation).toMatchObject({ name: "ai", version: "7.0.173", capabilities: ["approval", "batch", "replay", "resume"] });
    expect(summary.total).toBe(caseCount);
    // No hooks declared: every case with hooks is skipped for it (not applicable when it is only about hooks), none errors, and the hook requirements are not applicable.
    const results: { id: string; status: string; reason?: string; notApplicable?: true }[] = JSON.parse(stdout).results;
    const hookCases = results.filter((result) => result.id.startsWith("hook-rewrite/"));
    expect(hookCases.length).toBeGreaterThan(0);
    expect(hookCases.filter((result) => result.status !== "skipped" || !(result.notApplicable || result.reason === "the adapter does not declare: hooks"))).toEqual([]);
    const requirements: { id: string; status: string }[] = JSON.parse(stdout).requirements;
    expect(requirements.filter((verdict) => verdict.id.startsWith("HOOK-")).map((verdict) => verdict.status)).toEqual(Array(5).fill("not_applicable"));
    expect(summary.errored).toBe(0);
    expect(summary.expectedFailures).toBeGreaterThan(0);
    expect([summary.unexpectedPasses, summary.passed > 0]).toEqual([0, true]);
  });
});

describe("the folder's modules", () => {
  // The root's tsc leaves the folder out (a fresh clone has not installed it); its own tsconfig checks it against ai 7.
  it("type-check against the ai 7 installed in the folder", () => {
    const tsc = spawnSync(process.execPath, ["node_modules/typescript/bin/tsc", "-p", "adapters/vercel-ai-7"], { cwd: ROOT, encoding: "utf8", timeout: 120_000 });
    expect(tsc.stdout + tsc.stderr).toBe("");
    expect(tsc.status).toBe(0);
  }, 120_000);
});

describe("the ai 7 adapter, in depth, on Node.js 22", () => {
  // adapters/vercel-ai-7/observe-case.ts runs the cases in its own process and prints what it saw.
  let seen: {
    node: string;
    defaultsVisible: Record<string, unknown>;
    wiringDefect: { honest: unknown[]; defective: unknown[] };
  };
  beforeAll(() => {
    const child = spawnSync(NODE[22], ["--import", "tsx", "adapters/vercel-ai-7/observe-case.ts"], { cwd: ROOT, encoding: "utf8", timeout: 60_000 });
    if (child.status !== 0) throw new Error(`observe-case.ts exited with ${child.status ?? child.signal}: ${child.stderr}`);
    seen = JSON.parse(child.stdout);
  }, 90_000);

  it("runs on Node.js 22", () => {
    expect(seen.node).toMatch(/^v22\./);
  });

  it("parses, evaluates, executes and denies exactly what the SDK's own results say, with the SDK's own objects", () => {
    // matrix/defaults-visible: two generateText runs, one per turn. c1 is allowed and executed; c2
    // is denied at toolApproval, which ai 7 answers itself in the same run (an automatic approval
    // request, and an execution-denied result in responseMessages): no second run to reject it.
    expect(seen.defaultsVisible).toEqual({
      runs: 2,
      toolCalls: [
        ["c1", false],
        ["c2", false],
      ],
      // The SDK's parse (doParseToolCall) is the only one: one per call.
      parses: 2,
      toolResults: ["c1"],
      approvalRequests: [["c2", true]],
      policies: ["c1", "c2"],
      executions: ["c1"],
      denials: [{ type: "tool-result", toolCallId: "c2", toolName: "clean_files", output: { type: "execution-denied", reason: "live_delete_forbidden" } }],
      sameObjects: { policyC1: true, policyC2: true, toolC1: true, resultC1: true, approvalC2: true },
    });
  });

  it("catches a wiring defect: a tool handed a copy of the evaluated object fails INV-5 (check 12), and only with the defect", () => {
    expect(seen.wiringDefect.honest).toEqual(["passed", []]);
    expect(seen.wiringDefect.defective).toEqual([
      "failed",
      [{ requirement: "INV-5", check: 12, message: expect.stringMatching(/^the tool received a different object from the parsedArguments the policy evaluated/), step: 0, callId: "c1" }],
    ]);
  });
});
