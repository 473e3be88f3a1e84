// The layout is the architecture: harness/ is grouped by what happens to a case, and no module
// of harness/ or reference/ imports itself back through others (an import circle), type
// imports included, so each folder can be read, tested and replaced on its own.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts"))
    .map((entry) => resolve(entry.parentPath, entry.name));
}

/** Relative imports and re-exports of a module, resolved to files. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^;]*?\bfrom\s*["'](\.{1,2}\/[^"']+)["']/g)].map((match) => resolve(dirname(file), match[1]!));
}

/** Every cycle, each shown once from its smallest member. */
function cycles(graph: Map<string, string[]>): string[][] {
  const found = new Map<string, string[]>();
  const walk = (node: string, path: string[]) => {
    for (const next of graph.get(node) ?? []) {
      const at = path.indexOf(next);
      if (at >= 0) {
        const cycle = path.slice(at);
        const start = cycle.indexOf([...cycle].sort()[0]!);
        const rotated = [...cycle.slice(start), ...cycle.slice(0, start)];
        found.set(rotated.join(" -> "), rotated);
      } else if (graph.has(next) && path.length < 40) walk(next, [...path, next]);
    }
  };
  for (const node of graph.keys()) walk(node, [node]);
  return [...found.values()];
}

describe("the module structure", () => {
  const files = [...sourceFiles("harness"), ...sourceFiles("reference")];
  const graph = new Map(files.map((file) => [file, importsOf(file)]));

  it("has no import circle in harness/ and reference/", () => {
    expect(cycles(graph).map((cycle) => cycle.map((file) => relative(ROOT, file)).join(" -> "))).toEqual([]);
  });

  it("finds a circle when there is one (the detector itself works)", () => {
    expect(cycles(new Map([["a", ["b"]], ["b", ["c"]], ["c", ["a"]], ["d", ["a"]]]))).toEqual([["a", "b", "c"]]);
  });

  it("keeps harness/ grouped: only the entry points sit at its top level", () => {
    const top = readdirSync(join(ROOT, "harness"), { withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => entry.name).sort();
    expect(top).toEqual(["adapter.ts", "cli.ts", "vitest.ts"]);
  });
});
