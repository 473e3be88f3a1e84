// `init` writes the files an implementer starts from, keeps any that exist, and refuses a kind it
// does not know. The stdio adapter it writes is the example adapter, which passes the suite.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { runMain, scratchFolder } from "../support/main.ts";
import { MATRIX_CASES } from "../support/case-counts.ts";

describe("init", () => {
  it("writes a TypeScript adapter, a vitest test and a CI step, and says what to run next", async () => {
    const { folder } = scratchFolder("effective-args-init-");
    const dir = relative(process.cwd(), folder);
    const { code, stdout } = await runMain("init", "--dir", folder);
    expect(code).toBe(0);
    expect(stdout).toBe(
      `wrote   ${dir}/adapter.ts\nwrote   ${dir}/conformance.test.ts\nwrote   ${dir}/github-actions-step.yml\n\nNext: npx effective-args run --adapter ${dir}/adapter.ts\n`,
    );
    expect(readFileSync(join(folder, "adapter.ts"), "utf8")).toContain('import { referenceAdapter } from "effective-args/reference";');
    expect(readFileSync(join(folder, "conformance.test.ts"), "utf8")).toContain('import { conformanceSuite } from "effective-args/vitest";\nimport adapter from "./adapter.ts";\n\nconformanceSuite({ adapter });\n');
    expect(readFileSync(join(folder, "github-actions-step.yml"), "utf8")).toContain(`run: npx effective-args run --adapter ${dir}/adapter.ts --expect ${dir}/known-failures.yaml --reporter junit > effective-args-report.xml`);
  });

  it("keeps every file that exists, its content untouched", async () => {
    const { folder } = scratchFolder("effective-args-init-");
    writeFileSync(join(folder, "adapter.ts"), "// mine\n");
    const { code, stdout } = await runMain("init", "--dir", folder);
    expect(code).toBe(0);
    expect(stdout).toContain(`kept    ${relative(process.cwd(), folder)}/adapter.ts (it exists)\n`);
    expect(readFileSync(join(folder, "adapter.ts"), "utf8")).toBe("// mine\n");
    const again = await runMain("init", "--dir", folder);
    expect(again.stdout.match(/^kept /gm)).toHaveLength(3);
  });

  it("writes the example stdio adapter for --kind stdio, which passes the cases it is run on", async () => {
    // Inside this repository (tmp/ is ignored by git), where the adapter's zod and canonicalize resolve, as in a project that installed effective-args.
    mkdirSync("tmp", { recursive: true });
    const folder = mkdtempSync(join("tmp", "init-"));
    const dir = relative(process.cwd(), folder);
    await runMain("init", "--kind", "stdio", "--dir", folder);
    expect(readFileSync(join(folder, "adapter.mjs"), "utf8")).toBe(readFileSync("examples/stdio-adapter.mjs", "utf8"));
    expect(readFileSync(join(folder, "conformance.test.ts"), "utf8")).toContain(`conformanceSuite({ adapterCommand: "exec node ${dir}/adapter.mjs" });`);
    const { code, stdout } = await runMain("run", "--adapter-cmd", `exec node ${dir}/adapter.mjs`, "--filter", "matrix/*");
    expect(stdout).toMatch(new RegExp(`\\n${MATRIX_CASES} cases: ${MATRIX_CASES} passed, 0 failed, 0 errored, 0 skipped\\n$`));
    expect(code).toBe(0);
    rmSync(folder, { recursive: true, force: true });
  });

  it("refuses a kind it does not know, with exit 2", async () => {
    const { code, stderr } = await runMain("init", "--kind", "python");
    expect([code, stderr.split("\n")[0]]).toEqual([2, 'effective-args: --kind is typescript or stdio, not "python"']);
  });
});
