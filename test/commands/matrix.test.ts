// The matrix command through the CLI's entry point: a page from real reports, and every report
// it must refuse (exit 2, every problem named with its file, no page written). The page itself
// is tested in a real browser in test/reporting/matrix-page.test.ts.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { runMain, scratchFolder } from "../support/main.ts";

const { folder, file } = scratchFolder("effective-args-matrix-command-");
let reference = "";

beforeAll(async () => {
  reference = (await runMain("run", "--reporter", "json", "--filter", "matrix/*")).stdout;
});

const withReport = (name: string, edit: (report: Record<string, any>) => void) => {
  const report = JSON.parse(reference) as Record<string, any>;
  edit(report);
  return file(name, JSON.stringify(report));
};

describe("effective-args matrix", () => {
  it("writes one self-contained page from the reports, one column each, and exits 0", async () => {
    const other = withReport("other.json", (report) => (report.implementation.name = "another runtime"));
    const out = join(folder, "page");
    const { code, stdout, stderr } = await runMain("matrix", file("reference.json", reference), other, "--out", out);
    expect([code, stderr]).toEqual([0, ""]);
    expect(stdout).toMatch(/^wrote .*page\/index\.html: 2 implementations x \d+ requirements\n$/);
    const html = readFileSync(join(out, "index.html"), "utf8");
    expect(html.match(/<th scope="col" class="implementation"/g)).toHaveLength(2);
    // Nothing from elsewhere: no external script, style, font or image.
    expect(html).not.toMatch(/<(?:script|link|img)[^>]+(?:src|href)=|url\(|@import/);
  });

  it("keeps a report's text as text: a name that closes the script element, a case id that walks out of cases/", async () => {
    const hostile = withReport("hostile.json", (report) => {
      report.implementation.name = `</script><script>alert("x")</script><b>`;
      report.results[0].id = "../spec/requirements";
      report.requirements[0].cases = ["../spec/requirements"];
    });
    const out = join(folder, "hostile");
    expect((await runMain("matrix", hostile, "--out", out)).code).toBe(0);
    const html = readFileSync(join(out, "index.html"), "utf8");
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html).not.toContain("<b>");
    const data = JSON.parse(/<script type="application\/json" id="matrix-data">(.*?)<\/script>/s.exec(html)![1]!) as { sources: Record<string, string> };
    expect(Object.keys(data.sources)).not.toContain("../spec/requirements"); // spec/requirements.yaml was not read into the page
    expect(Object.keys(data.sources).length).toBeGreaterThan(0);
  });

  it.each([
    ["not JSON", () => file("broken.json", "{ not json"), /broken\.json: not JSON \(.*\); a report is what `effective-args run --reporter json` prints/],
    ["JSON but not a report", () => file("array.json", "[1, 2]"), /array\.json: not a report of effective-args \(it has no "suite" naming effective-args\)/],
    ["a report of another suite version", () => withReport("old.json", (report) => (report.suite.version = "0.0.1")), /old\.json: a report of effective-args 0\.0\.1, and this is \d+\.\d+\.\d+: verdicts of different suite versions do not compare/],
    ["a report with a part missing", () => withReport("partial.json", (report) => delete report.requirements), /partial\.json: not a whole report: requirements: /],
    ["a file that does not exist", () => join(folder, "missing.json"), /missing\.json: cannot read the report \(ENOENT\)/],
  ])("refuses %s with exit 2, naming the file, and writes no page", async (_, make, message) => {
    const out = join(folder, `refused-${Math.random().toString(36).slice(2)}`);
    const { code, stdout, stderr } = await runMain("matrix", file("good.json", reference), make(), "--out", out);
    expect([code, stdout]).toEqual([2, ""]);
    expect(stderr).toMatch(message);
    expect(stderr).toMatch(/effective-args: no page was written\n$/);
    expect(existsSync(join(out, "index.html"))).toBe(false);
  });

  it("carries a new break of a known failure onto the page: the expectation and the requirements its entry did not list", async () => {
    const broke = withReport("new-break.json", (report) => {
      report.results[0].expectation = "unexpected-failure";
      report.results[0].newlyBroken = ["INV-5"];
    });
    const out = join(folder, "new-break");
    expect((await runMain("matrix", broke, "--out", out)).code).toBe(0);
    const html = readFileSync(join(out, "index.html"), "utf8");
    const data = JSON.parse(/<script type="application\/json" id="matrix-data">(.*?)<\/script>/s.exec(html)![1]!) as { implementations: { results: Record<string, unknown> }[] };
    expect(Object.values(data.implementations[0]!.results)[0]).toMatchObject({ expectation: "unexpected-failure", newlyBroken: ["INV-5"] });
    expect(html).toContain("but it now also breaks requirements its entry does not list");
  });

  it("refuses two reports of the same implementation, naming both files", async () => {
    const { code, stderr } = await runMain("matrix", file("first.json", reference), file("second.json", reference), "--out", join(folder, "twice"));
    expect(code).toBe(2);
    expect(stderr).toMatch(/second\.json: a second report of effective-args reference 0\.1\.0 \(the first is .*first\.json\); give one report per implementation\n/);
  });

  it.each([
    [["matrix", "r.json"], "matrix needs --out <folder>, where it writes index.html"],
    [["matrix", "--out", "x"], "matrix needs at least one report (a file written by run --reporter json)"],
    [["matrix", "r.json", "--out", "x", "--colour"], "Unknown option '--colour'"],
  ])("%j is a usage error", async (argv, message) => {
    const { code, stderr } = await runMain(...argv);
    expect(code).toBe(2);
    expect(stderr).toContain(message);
  });

  it("refuses an --out that is a file before reading any report", async () => {
    const taken = file("taken", "a file");
    const { code, stderr } = await runMain("matrix", file("r.json", reference), "--out", taken);
    expect(code).toBe(2);
    expect(stderr).toContain(`--out ${taken}: it is a file, not a folder`);
  });
});
