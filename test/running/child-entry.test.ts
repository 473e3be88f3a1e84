// Where a child process of the harness starts (harness/running/child-entry.ts): from the sources,
// the compiled copy under dist/ only while the build is newer than every source; otherwise the
// source under tsx's loader. On a package folder of the test's own, real files and times.
import { mkdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { childEntry } from "../../harness/running/child-entry.ts";
import { scratchFolder } from "../support/main.ts";

const folders: string[] = [];
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

/** A package with harness/running/{parent,child}.ts and reference/x.ts, and, when `built`, their dist/ copies and dist/built-in.json, written at `builtAt` (seconds) while the sources are at 1000. */
function packageFolder(options: { built: boolean; builtAt?: number; compiledChild?: boolean }) {
  const { folder, file } = scratchFolder("effective-args-child-entry-");
  folders.push(folder);
  const at = (path: string, seconds: number) => utimesSync(path, seconds, seconds);
  for (const source of ["harness/running/parent.ts", "harness/running/child.ts", "reference/x.ts"]) at(file(source, "export {};\n"), 1000);
  for (const dir of ["harness/running", "harness", "reference"]) at(join(folder, dir), 1000);
  if (options.built) {
    if (options.compiledChild ?? true) at(file("dist/harness/running/child.js", "export {};\n"), options.builtAt ?? 2000);
    at(file("dist/built-in.json", "{}\n"), options.builtAt ?? 2000);
  }
  const parent = pathToFileURL(join(folder, "harness/running/parent.ts")).href;
  return { folder, parent, at };
}

describe("a child process of the harness, from the TypeScript sources", () => {
  it("starts the compiled copy under dist/ when the build is newer than every source", () => {
    const { folder, parent } = packageFolder({ built: true });
    expect(childEntry(parent, "child", folder)).toEqual({ path: join(folder, "dist/harness/running/child.js"), typescript: false });
  });

  it("starts the source under tsx when a source changed after the build, even one the child does not import", () => {
    const { folder, parent, at } = packageFolder({ built: true });
    at(join(folder, "reference/x.ts"), 3000);
    expect(childEntry(parent, "child", folder)).toEqual({ path: join(folder, "harness/running/child.ts"), typescript: true });
  });

  it("starts the source under tsx when a source was added or removed after the build (its folder changed)", () => {
    const { folder, parent, at } = packageFolder({ built: true });
    mkdirSync(join(folder, "harness/new"));
    writeFileSync(join(folder, "harness/new/file.ts"), "export {};\n");
    at(join(folder, "harness/new/file.ts"), 1000);
    at(join(folder, "harness/new"), 1000);
    at(join(folder, "harness"), 3000);
    expect(childEntry(parent, "child", folder).typescript).toBe(true);
  });

  it("starts the source under tsx when nothing is built, or the build has no copy of the module (a test's own)", () => {
    const unbuilt = packageFolder({ built: false });
    expect(childEntry(unbuilt.parent, "child", unbuilt.folder)).toEqual({ path: join(unbuilt.folder, "harness/running/child.ts"), typescript: true });
    const partial = packageFolder({ built: true, compiledChild: false });
    expect(childEntry(partial.parent, "child", partial.folder)).toEqual({ path: join(partial.folder, "harness/running/child.ts"), typescript: true });
  });

  it("starts the source under tsx when the build is older than the sources", () => {
    const { folder, parent } = packageFolder({ built: true, builtAt: 500 });
    expect(childEntry(parent, "child", folder).typescript).toBe(true);
  });
});

describe("a child process of the compiled harness", () => {
  it("starts the compiled module beside it, without tsx", () => {
    const { folder } = packageFolder({ built: true });
    const parent = pathToFileURL(join(folder, "dist/harness/running/parent.js")).href;
    expect(childEntry(parent, "child", folder)).toEqual({ path: join(folder, "dist/harness/running/child.js"), typescript: false });
  });
});
