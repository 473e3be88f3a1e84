// The whole suite against the reference runtime: every case loads and passes, under both schema
// libraries; the spec's catalogue table is the catalogue.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DEFAULT_CASES_DIR, loadCases } from "../harness/loading/loader.ts";
import { REQUIREMENTS } from "../harness/loading/requirements.ts";
import { conformanceSuite } from "../harness/vitest.ts";
import referenceAdapter from "../reference/adapter.ts";

const { cases, errors } = loadCases([DEFAULT_CASES_DIR]);

describe("the case files", () => {
  it("all load", () => {
    expect(errors.map((error) => error.message)).toEqual([]);
  });

  it("are at least 40, in every family, at both levels", () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
    const inFamily = (family: string) => cases.filter((testCase) => testCase.family === family).length;
    expect(inFamily("decoy-field")).toBeGreaterThanOrEqual(8);
    expect(inFamily("hook-rewrite")).toBeGreaterThanOrEqual(6);
    expect(inFamily("approval-resume")).toBeGreaterThanOrEqual(6);
    expect(inFamily("read-batch")).toBeGreaterThanOrEqual(5);
    expect(new Set(cases.map((testCase) => testCase.level))).toEqual(new Set(["must", "should"]));
  });

  it("test every invariant and every matrix row as a primary requirement", () => {
    const primaries = new Set(cases.map((testCase) => testCase.requirements[0]));
    const core = [...REQUIREMENTS.keys()].filter((id) => id.startsWith("INV-") || id.startsWith("MATRIX-"));
    expect(core.filter((id) => !primaries.has(id))).toEqual([]);
  });

  it("leave no requirement of the catalogue untested", () => {
    const listed = new Set(cases.flatMap((testCase) => testCase.requirements));
    expect([...REQUIREMENTS.keys()].filter((id) => !listed.has(id))).toEqual([]);
  });
});

describe("spec/README.md", () => {
  it("mirrors requirements.yaml in its catalogue table: one row per requirement, with its level, family, title and source", () => {
    const text = readFileSync(new URL("../spec/README.md", import.meta.url), "utf8");
    const rows = [...text.matchAll(/^\| ([A-Z]+-\d+) \| (MUST|SHOULD) \| ([a-z-]+) \| ([^|]+) \| ([^|]+) \|$/gm)].map((match) => match.slice(1, 6).map((cell) => cell!.trim()));
    const live = [...REQUIREMENTS.values()].filter((requirement) => !requirement.retired);
    expect(rows).toEqual(live.map((requirement) => [requirement.id, requirement.level.toUpperCase(), requirement.family, requirement.title, requirement.source]));
    const must = live.filter((requirement) => requirement.level === "must").length;
    expect(text).toContain(`${live.length} requirements: ${must} MUST, ${live.length - must} SHOULD.`);
  });
});

// Every case as its own vitest test, through the same entry point implementers use.
conformanceSuite({ adapter: referenceAdapter, title: "the reference runtime passes" });
conformanceSuite({ adapter: { ...referenceAdapter, schemaLibrary: "zod3" }, title: "the reference runtime passes with Zod 3 schemas" });
