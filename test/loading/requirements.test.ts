// The requirements catalogue (loading/requirements.ts): what a well-formed entry is, and the
// errors a broken catalogue is refused with, naming the file.
import { describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { parseCatalogue, REQUIREMENTS } from "../../harness/loading/requirements.ts";
import { DEFAULT_CASES_DIR, loadCases } from "../../harness/loading/loader.ts";
import type { Capability } from "../../harness/adapter.ts";

const entry = { id: "INV-1", level: "must", family: "invariant", source: "RFC-0015, invariant 1", title: "t", text: "x" };
const catalogue = (...requirements: object[]) => stringify({ requirements });
const refused = (text: string) => () => parseCatalogue(text, "spec/requirements.yaml");

describe("the requirements catalogue", () => {
  it("reads each entry by id, in the order written, refinements included", () => {
    const read = parseCatalogue(catalogue(entry, { ...entry, id: "MATRIX-1", family: "matrix", level: "should", refines: ["INV-1"], retired: true }), "f");
    expect([...read.keys()]).toEqual(["INV-1", "MATRIX-1"]);
    expect(read.get("MATRIX-1")).toEqual({ ...entry, id: "MATRIX-1", family: "matrix", level: "should", refines: ["INV-1"], retired: true });
  });

  it("is the spec's, with every requirement a MUST or a SHOULD", () => {
    expect(REQUIREMENTS.size).toBeGreaterThanOrEqual(33);
    expect(REQUIREMENTS.get("INV-1")).toMatchObject({ level: "must", family: "invariant" });
  });

  it.each([
    ["an id listed twice", catalogue(entry, entry), "spec/requirements.yaml: requirement INV-1 is listed twice"],
    ["a refinement of an unknown requirement", catalogue({ ...entry, refines: ["INV-9"] }), "spec/requirements.yaml: requirement INV-1 refines INV-9, which is not in the catalogue"],
    ["an id not shaped FAMILY-number", catalogue({ ...entry, id: "inv-1" }), /^spec\/requirements\.yaml: requirements\.0\.id: /],
    ["an id with more after the number", catalogue({ ...entry, id: "INV-1a" }), /^spec\/requirements\.yaml: requirements\.0\.id: /],
    ["an id with more before the family", catalogue({ ...entry, id: "xINV-1" }), /^spec\/requirements\.yaml: requirements\.0\.id: /],
    ["an unknown level", catalogue({ ...entry, level: "may" }), /^spec\/requirements\.yaml: requirements\.0\.level: /],
    ["an unknown family", catalogue({ ...entry, family: "other" }), /^spec\/requirements\.yaml: requirements\.0\.family: /],
    ["an unknown word", catalogue({ ...entry, note: "n" }), /^spec\/requirements\.yaml: requirements\.0: .*note/],
    ["a missing text", catalogue({ ...entry, text: undefined }), /^spec\/requirements\.yaml: requirements\.0\.text: /],
    ["no list", "other: []\n", /^spec\/requirements\.yaml: (requirements|\(top level\)): /],
  ])("refuses %s", (_, text, message) => {
    expect(refused(text)).toThrow(message);
  });
});

describe("what each requirement needs (spec/requirements.yaml, `needs`)", () => {
  // The capabilities a case's content uses (loader.ts, capabilitiesOf), which a requirement may be about.
  const ABOUT: readonly Capability[] = ["approval", "batch", "handoffs", "hooks", "resume"];
  const { cases } = loadCases([DEFAULT_CASES_DIR]);
  const listing = (id: string) => cases.filter((testCase) => testCase.requirements.includes(id));

  it("is used by every case that lists the requirement: no case could judge it for a runtime to which it does not apply", () => {
    const problems = [...REQUIREMENTS.values()].flatMap((requirement) =>
      (requirement.needs ?? []).filter((need) => ABOUT.includes(need)).flatMap((need) => listing(requirement.id).filter((testCase) => !testCase.capabilities.includes(need)).map((testCase) => `${requirement.id} needs ${need}, which ${testCase.id} does not use`)),
    );
    expect(problems).toEqual([]);
  });

  it("names every capability all of a requirement's cases use: a correct runtime without it is never held to the requirement", () => {
    const problems = [...REQUIREMENTS.values()].flatMap((requirement) =>
      ABOUT.filter((capability) => listing(requirement.id).length > 0 && listing(requirement.id).every((testCase) => testCase.capabilities.includes(capability)) && !(requirement.needs as readonly Capability[] | undefined)?.includes(capability)).map(
        (capability) => `every case of ${requirement.id} uses ${capability}, which it does not need`,
      ),
    );
    expect(problems).toEqual([]);
  });
});
