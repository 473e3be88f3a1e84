// The Mastra adapter (adapters/mastra/adapter.ts), installed in a folder of its own with the
// Node.js 22 that @mastra/core declares it needs. (a) The folder's modules type-check against the
// @mastra/core installed there, and the real CLI runs the adapter's process on that Node.js and
// labels the run with the installed version. (b) In depth, in a child on Node.js 22 (vitest runs on
// 20), with the scripted model reporting itself as the OpenAI model Mastra's docs configure (so
// Mastra validates through its OpenAI schema-compat layer): the verdict rests on Mastra's own tool
// path, shown by matching what the probes recorded with Mastra's own run outputs (pending approval
// requests, declined and run calls), object for object where Mastra hands over objects; and a
// wiring defect is caught as INV-1, check 10.
// The whole suite through the CI gate is test/adapters/published/mastra.test.ts's.
import { spawnSync } from "node:child_process";
import { beforeAll, describe, expect, it } from "vitest";
import { install, NODE22 } from "../../adapters/mastra/install.ts";
import { cliAsync, ROOT } from "../support/cli.ts";

// npm ci of the folder (@mastra/core, ai 6 and a Node.js binary, about 330 MB unpacked) when it is not installed yet.
beforeAll(() => void install(), 600_000);

describe("the folder's modules", () => {
  // The root's tsc leaves the folder out (a fresh clone has not installed it); its own tsconfig checks it against @mastra/core.
  it("type-check against the @mastra/core installed in the folder", () => {
    const tsc = spawnSync(process.execPath, ["node_modules/typescript/bin/tsc", "-p", "adapters/mastra"], { cwd: ROOT, encoding: "utf8", timeout: 120_000 });
    expect(tsc.stdout + tsc.stderr).toBe("");
    expect(tsc.status).toBe(0);
  }, 120_000);

  it("run through the CLI on Node.js 22, labelled with the installed version and what Mastra can do", async () => {
    // --timeout as adapters/published.ts runs it: on a busy machine loading @mastra/core takes more than the default 10 s.
    const { code, stdout, stderr } = await cliAsync(["run", "--reporter", "json", "--adapter", "adapters/mastra/adapter.ts", "--node", NODE22, "--timeout", "30000", "--filter", "matrix/defaults-visible"]);
    expect(stderr.split("\n").filter((line) => line !== "" && !line.startsWith("[adapter] "))).toEqual([]);
    const { implementation, summary } = JSON.parse(stdout);
    expect(implementation).toMatchObject({ name: "@mastra/core", version: "1.71.0", capabilities: ["approval", "batch", "resume", "tool-changes"] });
    // requireApproval judges the request without the schema's default (dryRun: true), so the allowed call is denied.
    expect([code, summary.total, summary.failed]).toEqual([1, 1, 1]);
  }, 90_000);
});

describe("the Mastra adapter, in depth, on Node.js 22", () => {
  // adapters/mastra/observe-case.ts runs the cases in its own process and prints what it saw.
  let seen: {
    node: string;
    components: Record<string, string>;
    defaultsVisible: Record<string, unknown>;
    approvedCall: Record<string, unknown>;
    wiringDefect: { honest: unknown[]; defective: unknown[] };
  };
  beforeAll(() => {
    const child = spawnSync(NODE22, ["--import", "tsx", "adapters/mastra/observe-case.ts"], { cwd: ROOT, encoding: "utf8", timeout: 60_000 });
    if (child.status !== 0) throw new Error(`observe-case.ts exited with ${child.status ?? child.signal}: ${child.stderr}`);
    seen = JSON.parse(child.stdout);
  }, 90_000);

  it("runs on Node.js 22", () => {
    expect(seen.node).toMatch(/^v22\./);
  });

  it("declares the package beside @mastra/core that validates tool input, at the version installed in the folder", () => {
    expect(seen.components).toEqual({ "@mastra/schema-compat": "1.3.11" });
  });

  it("asks the policy at requireApproval, about the decoded request, and carries a deny out through Mastra's decline path", () => {
    // matrix/defaults-visible: the policy allows only dryRun true. Each turn is a run that Mastra
    // suspends at the call's approval request, then a declineToolCallGenerate that finishes it.
    expect(seen.defaultsVisible).toEqual({
      runs: ["suspended", "stop", "suspended", "stop"],
      // Mastra's pending requests hold the decoded request, as the model sent it.
      pending: [
        ["c1", '{"pattern":"/tmp/cache/*.tmp"}'],
        ["c2", '{"pattern":"/tmp/cache/*.tmp","dryRun":false,"limits":{}}'],
      ],
      // The suspended run records the call as a bare call; the declined run, as denied with the policy's reason.
      recorded: [
        ["c1", "call", null],
        ["c1", "output-denied", "live_delete_forbidden"],
        ["c1", "output-denied", "live_delete_forbidden"],
        ["c2", "call", null],
        ["c2", "output-denied", "live_delete_forbidden"],
        ["c2", "output-denied", "live_delete_forbidden"],
      ],
      // requireApproval runs once when the run starts and again when the decline resumes it; the schema never.
      order: ["policy c1", "policy c1", "policy c2", "policy c2"],
      policyInputs: [
        ["c1", '{"pattern":"/tmp/cache/*.tmp"}'],
        ["c1", '{"pattern":"/tmp/cache/*.tmp"}'],
        ["c2", '{"dryRun":false,"limits":{},"pattern":"/tmp/cache/*.tmp"}'],
        ["c2", '{"dryRun":false,"limits":{},"pattern":"/tmp/cache/*.tmp"}'],
      ],
      parses: 0,
    });
  });

  it("resumes an approved call through approveToolCallGenerate, which parses once and runs the schema output, not what was judged", () => {
    // approval-resume/approved-call-runs-as-suspended: the policy requires approval of every call.
    expect(seen.approvedCall).toEqual({
      // Turn 1 suspends; the approval resumes and finishes it; turn 2 suspends again (nothing answers it).
      runs: ["suspended", "stop", "suspended"],
      pending: [
        ["c1", '{"path":"/tmp/build/../cache"}'],
        ["c1", '{"path":"/tmp/build","recursive":true}'],
      ],
      // requireApproval again on resume, then one parse (CoreToolBuilder's, through the OpenAI model's
      // schema-compat layer: the createTool wrapper does not parse again), then the run.
      order: ["policy c1", "policy c1", "parse", "run c1", "policy c1"],
      policyInputs: [
        ["c1", '{"path":"/tmp/build/../cache"}'],
        ["c1", '{"path":"/tmp/build/../cache"}'],
        ["c1", '{"path":"/tmp/build","recursive":true}'],
      ],
      parses: [['{"path":"/tmp/build/../cache"}', '{"path":"/tmp/cache","recursive":false}']],
      executed: [["c1", '{"path":"/tmp/cache","recursive":false}']],
      recordedArgs: '{"path":"/tmp/build/../cache"}',
      sameObjects: { policyAndPending: false, toolAndPolicy: false, toolAndRecord: false },
    });
  });

  it("catches a wiring defect: a deny answered to Mastra as an allow runs the call, which fails INV-1 (check 10), and only with the defect", () => {
    expect(seen.wiringDefect.honest).toEqual(["failed", []]);
    expect(seen.wiringDefect.defective).toEqual([
      "failed",
      [
        { requirement: "INV-1", callId: "c1", step: 0 },
        { requirement: "INV-1", callId: "c2", step: 1 },
      ],
    ]);
  });
});
