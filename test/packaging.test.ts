// The package as a user gets it: `npm pack`, installed into a fresh ES module project and a fresh
// CommonJS project (npm's default), where `npx effective-args run` takes a TypeScript and a
// JavaScript adapter that import "effective-args/reference" and "effective-args/adapter",
// `npx effective-args init` writes files whose vitest test passes, and vitest runs a test that
// uses "effective-args/vitest". Real npm, real node, real files.
import { execFile } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MATRIX_CASES } from "./support/case-counts.ts";

const run = promisify(execFile);
/** How long one command (npm pack, npm install, npx ...) may take before it is killed: the install is the longest, in a hook given 300 s. */
const COMMAND_TIMEOUT_MS = 240_000;
const scratch = mkdtempSync(join(tmpdir(), "effective-args-package-"));
const KINDS = ["esm", "cjs"] as const;

const TS_ADAPTER = `import { referenceAdapter } from "effective-args/reference";
import type { Adapter } from "effective-args/adapter";
const adapter: Adapter = referenceAdapter("my typescript runtime");
export default adapter;
`;
const JS_ADAPTER = {
  esm: `import { referenceAdapter } from "effective-args/reference";\nexport default referenceAdapter("my javascript runtime");\n`,
  cjs: `const { referenceAdapter } = require("effective-args/reference");\nmodule.exports = referenceAdapter("my javascript runtime");\n`,
};
const VITEST_TEST = `import { conformanceSuite } from "effective-args/vitest";\nconformanceSuite({ filter: ["matrix/*"] });\n`;

/** A command in a project folder; its exit code, output and errors, whether it failed or not. */
async function inProject(kind: string, command: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(command, args, { cwd: join(scratch, kind), env: { ...process.env, NO_COLOR: "1" }, maxBuffer: 64 * 1024 * 1024, timeout: COMMAND_TIMEOUT_MS, killSignal: "SIGKILL" });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof failed.code === "number" ? failed.code : -1, stdout: failed.stdout ?? "", stderr: failed.stderr ?? "" };
  }
}

beforeAll(async () => {
  // npm test has just built dist/; packing without the prepare script leaves it as it is, so that
  // the other tests, which spawn the compiled CLI meanwhile, never see it half rewritten.
  if (!existsSync("dist/harness/cli.js")) throw new Error("dist/ is not built: run npm run build (npm test does)");
  await run("npm", ["pack", "--silent", "--ignore-scripts", "--pack-destination", scratch], { cwd: process.cwd(), timeout: COMMAND_TIMEOUT_MS, killSignal: "SIGKILL" });
  const tarball = join(scratch, readdirSync(scratch).find((name) => name.endsWith(".tgz"))!);
  for (const kind of KINDS) {
    const folder = join(scratch, kind);
    mkdirSync(join(folder, "test"), { recursive: true });
    writeFileSync(join(folder, "package.json"), JSON.stringify({ name: `${kind}-project`, version: "1.0.0", ...(kind === "esm" ? { type: "module" } : {}) }));
    writeFileSync(join(folder, "my-adapter.ts"), TS_ADAPTER);
    writeFileSync(join(folder, "my-adapter.js"), JS_ADAPTER[kind]);
    writeFileSync(join(folder, "test", "conformance.test.ts"), VITEST_TEST);
  }
  // Installed once, in the ES module project; the CommonJS project gets a copy of the same
  // node_modules (what npm would install there too), which saves an install's time.
  const installed = await inProject("esm", "npm", "install", "--prefer-offline", "--no-audit", "--no-fund", tarball, "vitest@4.1.12", "vite@8.3.8");
  if (installed.code !== 0) throw new Error(`npm install failed:\n${installed.stderr}`);
  cpSync(join(scratch, "esm", "node_modules"), join(scratch, "cjs", "node_modules"), { recursive: true, verbatimSymlinks: true });
}, 300_000);

// Two installed node_modules: on a busy machine removing them outlasts vitest's 10 s for a hook.
afterAll(() => rmSync(scratch, { recursive: true, force: true }), 120_000);

describe.each(KINDS)("installed into a fresh %s project", (kind) => {
  it.each(["my-adapter.ts", "my-adapter.js"])("npx effective-args run --adapter %s passes the matrix cases (exit 0)", async (adapter) => {
    const { code, stdout, stderr } = await inProject(kind, "npx", "--no-install", "effective-args", "run", "--adapter", adapter, "--filter", "matrix/*");
    expect(stderr).toBe("");
    expect(stdout).toMatch(/\nrun as in-process module my-adapter\.(ts|js) \(Node\.js v[\d.]+\)\n/);
    expect(stdout).toMatch(new RegExp(`\\n${MATRIX_CASES} cases: ${MATRIX_CASES} passed, 0 failed, 0 errored, 0 skipped\\n$`));
    expect(code).toBe(0);
  });

  it("npx effective-args with no command prints its usage and exits 2", async () => {
    const { code, stderr } = await inProject(kind, "npx", "--no-install", "effective-args");
    expect([code, stderr]).toEqual([2, expect.stringContaining("effective-args: conformance suite for effective tool argument authorization (RFC-0015)")]);
  });

  it("npx effective-args init writes a starting adapter whose generated vitest test passes every case", async () => {
    const init = await inProject(kind, "npx", "--no-install", "effective-args", "init");
    expect(init.stdout).toContain("wrote   effective-args/conformance.test.ts\n");
    const { code, stdout } = await inProject(kind, "npx", "--no-install", "vitest", "run", "effective-args/");
    expect(stdout).toMatch(/Tests +\d+ passed \(\d+\)/);
    expect(stdout).not.toMatch(/failed/);
    expect(code).toBe(0);
  });

  it("vitest runs a test that uses effective-args/vitest: a test per case", async () => {
    const { code, stdout } = await inProject(kind, "npx", "--no-install", "vitest", "run", "test/");
    expect(stdout).toMatch(new RegExp(`Tests +${MATRIX_CASES} passed \\(${MATRIX_CASES}\\)`));
    expect(code).toBe(0);
  });
});

describe("the installed package's built-in cases", () => {
  it("ship checked in dist/built-in.json, and a case file edited after install is read afresh", async () => {
    const installed = join(scratch, "cjs", "node_modules", "effective-args");
    expect(existsSync(join(installed, "dist", "built-in.json"))).toBe(true);
    const file = join(installed, "cases", "matrix", "defaults-visible.yaml");
    writeFileSync(file, readFileSync(file, "utf8").replace(/^title: .*$/m, "title: Edited after install"));
    const { code, stdout } = await inProject("cjs", "npx", "--no-install", "effective-args", "run", "--reporter", "json", "--filter", "matrix/defaults-visible");
    expect(code).toBe(0);
    expect((JSON.parse(stdout) as { results: { title: string }[] }).results.map((result) => result.title)).toEqual(["Edited after install"]);
  });
});
