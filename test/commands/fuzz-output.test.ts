// Where `fuzz --out` writes: a path that cannot hold a folder is refused before any fuzzing, and
// a divergence that cannot be saved is still printed whole, with why it was not saved.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runMain, scratchFolder } from "../support/main.ts";

const MUTANT = ["--adapter", "test/mutants/no-mutation-check.ts", "--runs", "20"];

describe("fuzz --out", () => {
  it.each([
    ["a file", (file: string) => file, (file: string) => `--out ${file}: it is a file, not a folder`],
    ["a folder below a file", (file: string) => join(file, "cases"), (file: string) => `--out ${join(file, "cases")}: ${file} is a file, not a folder`],
  ])("refuses %s before fuzzing, with exit 2", async (_, out, message) => {
    const { file } = scratchFolder("effective-args-out-");
    const taken = file("taken", "not a folder\n");
    const { code, stdout, stderr } = await runMain("fuzz", ...MUTANT, "--out", out(taken));
    expect([code, stdout, stderr.split("\n")[0]]).toEqual([2, "", `effective-args: ${message(taken)}`]);
  });

  it("makes the folders it lacks, several levels down", async () => {
    const { folder } = scratchFolder("effective-args-out-");
    const out = join(folder, "a", "b");
    const { code, stdout } = await runMain("fuzz", ...MUTANT, "--out", out);
    const written = stdout.match(/written to (\S+) /)![1]!;
    expect(code).toBe(1);
    expect(readFileSync(written.startsWith("/") ? written : join(process.cwd(), written), "utf8")).toContain("\nrequirements:\n");
    expect(existsSync(join(out, "invariant"))).toBe(true);
  });

  it("prints a divergence it cannot write (a folder under /proc), says why, and still exits 1", async () => {
    const { code, stdout, stderr } = await runMain("fuzz", ...MUTANT, "--out", "/proc/effective-args-out");
    expect(code).toBe(1);
    expect(stderr).toMatch(/^effective-args: cannot write \/proc\/effective-args-out\/invariant\/fuzz-1-[0-9a-f]{8}\.yaml \(ENOENT\); the case is printed below\n$/);
    expect(stdout).toMatch(/\nThe minimal case, not written \(cannot write \/proc\/effective-args-out\/invariant\/fuzz-1-[0-9a-f]{8}\.yaml \(ENOENT\)\); save it from here:\n\n# /);
    expect(stdout).toContain("\nrequirements:\n");
  });
});
