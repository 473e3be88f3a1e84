// `init`: the files an implementer starts from, written into their own project: an adapter (in
// process, in TypeScript, or a stdio adapter to adapt to any language), a vitest test that runs
// the suite through it, and a CI step. A file that is already there is kept, never overwritten.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { packagePath } from "../loading/package-root.ts";
import { parseOptions, UsageError } from "./common.ts";
import type { Output } from "./io.ts";
import { fileErrorCode } from "../loading/yaml-file.ts";
import { makeFolder } from "./output-folder.ts";

export const INIT_USAGE = `npx effective-args init [--kind typescript | stdio] [--dir <folder>]

  Writes, into <folder> (default: effective-args/), a starting adapter, a vitest test that runs
  every case through it (effective-args/vitest), and a GitHub Actions step that gates on the
  suite with known failures and a JUnit report. Files that exist are kept.
    --kind typescript  an in-process adapter, adapter.ts (the default)
    --kind stdio       a stdio adapter, adapter.mjs: the example adapter in plain JavaScript, whose
                       runtime part you replace, or rewrite in your language (spec/adapter-protocol.md)

  Exit codes: 0 written (or kept), 2 usage errors.
`;

const TYPESCRIPT_ADAPTER = `// The effective-args adapter for your runtime (spec/adapter-contract.md). It starts as the
// reference runtime, so that the suite passes at once; replace createSession with one that
// wires the harness's tools, hooks and policy into your runtime and runs each turn through it.
import type { Adapter } from "effective-args/adapter";
import { referenceAdapter } from "effective-args/reference";

const reference = referenceAdapter("my runtime");

const adapter: Adapter = {
  name: "my runtime",
  version: "0.0.0",
  // What your runtime supports (spec/adapter-contract.md, "Capabilities"): approval, batch,
  // fingerprint, handoffs, hooks, proposal-hash, raw-view, resume, tool-changes. Declare only what it has.
  capabilities: reference.capabilities,
  createSession(wiring) {
    // wiring.tools, wiring.hooks and wiring.policy are the harness's probes: hand them to your
    // runtime, then run each turn's model calls through it and report every call's outcome.
    return reference.createSession(wiring);
  },
};

export default adapter;
`;

const kinds = {
  typescript: { adapter: "adapter.ts", source: () => TYPESCRIPT_ADAPTER, suite: (_dir: string) => `import adapter from "./adapter.ts";\n\nconformanceSuite({ adapter });\n`, run: (dir: string) => `--adapter ${dir}/adapter.ts` },
  stdio: {
    adapter: "adapter.mjs",
    source: () => readFileSync(packagePath("examples/stdio-adapter.mjs"), "utf8"),
    suite: (dir: string) => `conformanceSuite({ adapterCommand: "exec node ${dir}/adapter.mjs" });\n`,
    run: (dir: string) => `--adapter-cmd "exec node ${dir}/adapter.mjs"`,
  },
} as const;

export async function initCommand(args: string[], io: Output): Promise<number> {
  const values = parseOptions(args, { kind: { type: "string", default: "typescript" }, dir: { type: "string", default: "effective-args" } });
  if (!Object.hasOwn(kinds, values.kind)) throw new UsageError(`--kind is typescript or stdio, not "${values.kind}"`);
  const kind = kinds[values.kind as keyof typeof kinds];
  const dir = relative(process.cwd(), resolve(values.dir)) || ".";
  const files: [string, string][] = [
    [kind.adapter, kind.source()],
    ["conformance.test.ts", `// Every conformance case as a vitest test, through the adapter beside this file.\nimport { conformanceSuite } from "effective-args/vitest";\n${kind.suite(dir)}`],
    ["github-actions-step.yml", ciStep(kind.run(dir), dir)],
  ];
  try {
    makeFolder(dir);
  } catch (error) {
    throw new UsageError(`--dir ${values.dir}: cannot make the folder (${fileErrorCode(error)})`);
  }
  for (const [name, text] of files) {
    const path = join(dir, name);
    if (existsSync(path)) {
      io.out(`kept    ${path} (it exists)\n`);
      continue;
    }
    writeFileSync(path, text);
    io.out(`wrote   ${path}\n`);
  }
  io.out(`\nNext: npx effective-args run ${kind.run(dir)}\n`);
  return 0;
}

function ciStep(run: string, dir: string): string {
  return `# A GitHub Actions step (paste it into a job's steps, after actions/setup-node and npm ci).
# First record what fails today: npx effective-args run ${run} --write-expectations ${dir}/known-failures.yaml
# Then the job fails only on a change: a new failure, or a known one that now passes.
- name: RFC-0015 conformance (effective-args)
  run: npx effective-args run ${run} --expect ${dir}/known-failures.yaml --reporter junit > effective-args-report.xml
`;
}
