// run --node (and fuzz --node): the adapter module's process runs on the Node.js binary named, here
// the Node.js 22 and 24 that adapters/vercel-ai-7/ installs from the npm registry, while the
// harness runs on this one (20); what crosses between them (each case handed over, each
// observation sent back) goes through V8's serialization both ways. A binary that does not exist
// or is not Node.js is a usage error, exit 2.
import { beforeAll, describe, expect, it } from "vitest";
import { install, NODE } from "../../adapters/vercel-ai-7/install.ts";
import { DEFAULT_CASES_DIR, loadCases } from "../../harness/loading/loader.ts";
import { Isolate } from "../../harness/running/isolate.ts";
import { cliAsync } from "../support/cli.ts";
import { runMain } from "../support/main.ts";
import { withoutTimings } from "../support/timings.ts";

const caseCount = loadCases([DEFAULT_CASES_DIR]).cases.length;
const VERSION_ADAPTER = "test/fixtures/node-version-adapter.ts";
const BESIDE = new URL("../fixtures/isolate-echo.ts", import.meta.url).href;

// The binaries are packages of the folder's lock file (about 190 MB each unpacked): installed once, on first use.
beforeAll(() => void install(), 600_000);

describe("run --node", () => {
  it.each([22, 24] as const)("runs the adapter module's process on Node.js %i, and every case crosses to it and back", async (major) => {
    const { code, stdout, stderr } = await cliAsync(["run", "--reporter", "json", "--adapter", VERSION_ADAPTER, "--node", NODE[major]]);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    const report = JSON.parse(stdout);
    // The adapter's version is process.version in the process that loaded it.
    expect(report.implementation.version).toMatch(new RegExp(`^v${major}\\.\\d+\\.\\d+$`));
    expect(report.summary).toMatchObject({ total: caseCount, passed: caseCount, failed: 0, errored: 0, skipped: 0 });
  });

  it("reports a failing runtime on Node.js 22 exactly as on this Node.js, but for the Node.js it names: failures, diffs and messages cross unchanged", async () => {
    const args = ["run", "--reporter", "json", "--adapter", "test/mutants/no-mutation-check.ts"];
    const [here, there] = await Promise.all([cliAsync(args), cliAsync([...args, "--node", NODE[22]])]);
    expect([here.code, there.code]).toEqual([1, 1]);
    const [hereReport, thereReport] = [JSON.parse(here.stdout), JSON.parse(there.stdout)];
    expect(thereReport.summary.failed).toBeGreaterThan(0);
    expect([hereReport.implementation.runBy.node, thereReport.implementation.runBy.node]).toEqual([process.version, expect.stringMatching(/^v22\./)]);
    const nodeLeftOut = (stdout: string) => withoutTimings(stdout).replace(/"node": "v[\d.]+"/, '"node": "..."');
    expect(nodeLeftOut(there.stdout)).toBe(nodeLeftOut(here.stdout));
  });

  it("runs fuzz's processes on the binary too", async () => {
    const { code, stdout } = await cliAsync(["fuzz", "--adapter", VERSION_ADAPTER, "--node", NODE[24], "--runs", "5", "--workers", "1"]);
    expect([code, stdout]).toEqual([0, expect.stringMatching(/^No divergence: node version v24\.\d+\.\d+ agreed with the reference on 5 generated cases \(seed 1\)\.$/m)]);
  });

  it("names it in the usage of run and fuzz", async () => {
    for (const command of ["run", "fuzz"]) expect((await runMain(command, "--help")).stdout).toContain("--node <path>        with --adapter: the Node.js binary (20.19 or newer)");
  });

  it.each([
    [["--node", "/nonexistent/node"], "--node /nonexistent/node cannot be run: ENOENT"],
    [["--node", "adapters"], "--node adapters: it is a folder, not a regular file"],
    [["--node", "package.json"], "--node package.json cannot be run: EACCES"],
    [["--node", "/bin/false"], "--node /bin/false is not a Node.js binary: asked for its version, it exited with code 1"],
    [["--node", "/bin/echo"], '--node /bin/echo is not a Node.js binary: asked for its version, it printed "-p process.release.name'],
  ])("refuses %j with exit 2, before any case runs", async (args, message) => {
    const { code, stdout, stderr } = await runMain("run", "--adapter", VERSION_ADAPTER, ...args);
    expect([code, stdout]).toEqual([2, ""]);
    expect(stderr).toContain(`effective-args: ${message}`);
  });

  it.each([["run"], ["fuzz"], ["run", "--adapter-cmd", "node examples/stdio-adapter.mjs"]])("refuses --node without --adapter (%j)", async (...args) => {
    const { code, stderr } = await runMain(...args, "--node", process.execPath);
    expect(code).toBe(2);
    expect(stderr).toContain("effective-args: --node applies to --adapter only");
  });
});

describe("an isolate on another Node.js", () => {
  it("exchanges values V8's serialization carries, both ways, between Node.js 20 and 22", async () => {
    const child = new Isolate<unknown, { node?: string; echo?: Record<string, unknown>; own?: Record<string, unknown> }>(BESIDE, "isolate-echo", {}, { execPath: NODE[22] });
    try {
      expect(await child.receive(30_000, "late")).toEqual({ message: { node: expect.stringMatching(/^v22\./) } });
      const shared = { shared: true };
      const sent = { map: new Map([["a", 1n]]), set: new Set([1, "x"]), date: new Date(0), nothing: undefined, nan: NaN, negativeZero: -0, sparse: [1, , 3], bytes: new Uint8Array([1, 2]), big: 10n ** 30n, pattern: /x/g, text: "é\u0000\ud800", twice: [shared, shared] };
      child.send(sent);
      const answer = await child.receive(30_000, "late");
      if (!("message" in answer)) throw new Error(answer.ended);
      const { echo, own } = answer.message;
      expect(echo).toEqual(sent);
      expect(Object.is(echo!.negativeZero, -0)).toBe(true);
      expect(1 in (echo!.sparse as unknown[])).toBe(false);
      const twice = echo!.twice as object[];
      expect(twice[0]).toBe(twice[1]);
      // Made on Node.js 22, read here.
      expect(own).toEqual({ map: new Map([[1, { at: new Date(5) }]]), set: new Set(["a", 2n]), twice: [{ shared: true }, { shared: true }], typed: new Float64Array([1.5, -0]), error: new RangeError("made here"), text: "é\u0000\ud800" });
      expect((own!.error as Error).constructor).toBe(RangeError);
      const ownTwice = own!.twice as object[];
      expect(ownTwice[0]).toBe(ownTwice[1]);
    } finally {
      await child.kill();
    }
  });
});
