// The compatibility matrix page in a real browser: Chromium driven by playwright-core, found or
// installed by test/support/chromium.ts (EFFECTIVE_ARGS_CHROMIUM, Debian's chromium, Playwright's
// cache; on Debian as root, the chromium package is installed once). Without a browser these tests
// are skipped with one line saying how to run them, and fail under CI=true. The page is built by
// the real matrix command from real JSON reports: the reference, the example stdio adapter, a
// deliberately broken runtime (the mutant no-mutation-check) and the Vercel AI SDK adapter (whose
// missing capabilities give not-applicable cells). Also the page on a phone's screen, a page of 50
// implementations x 60 requirements within a budget, and the README's picture (docs/matrix.json).
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { PUBLISHED, RUNTIMES_END, RUNTIMES_START } from "../../adapters/published.ts";
import { DEFAULT_CASES_DIR, loadCases } from "../../harness/loading/loader.ts";
import { SUITE } from "../../harness/loading/package-root.ts";
import { FAMILIES, REQUIREMENTS, type Requirement } from "../../harness/loading/requirements.ts";
import { PRODUCT_NAMES } from "../../harness/reporting/matrix/columns.ts";
import { matrixPage } from "../../harness/reporting/matrix/page.ts";
import type { MatrixReport } from "../../harness/reporting/matrix/reports.ts";
import { chromiumForTests, launchChromium } from "../support/chromium.ts";
import { runMain } from "../support/main.ts";
import type { MatrixPicture } from "../support/matrix-screenshot.ts";

/**
 * How long the 50 x 60 page may take from navigation to its load event. Measured on the 2-core
 * machine this was written on: 0.6 to 0.9 s (a 3.6 MB page); the budget leaves
 * room for a busy CI machine, and catches a page whose cost grows out of proportion.
 */
const LARGE_PAGE_BUDGET_MS = 5_000;
/** A phone's screen (CSS pixels). */
const PHONE = { width: 390, height: 844 };

const LIVE = [...REQUIREMENTS.values()].filter((requirement) => !requirement.retired);
const CI = Boolean(process.env.CI) && !["false", "0"].includes(process.env.CI!);
// Once per run: the search, and on Debian as root the install (measured: 17 to 20 s, package lists present).
// Straight to stderr, not console: these lines show even when vitest is told to be silent.
const found = await chromiumForTests((line) => void process.stderr.write(`${line}\n`));
const missing = "missing" in found ? found.missing : undefined;
if (missing !== undefined && !CI) process.stderr.write(`The matrix page's browser tests are skipped: ${missing}.\n`);

if (missing !== undefined && CI) {
  describe("the matrix page's browser, under CI=true", () => {
    it("is there: CI must not skip the browser tests", () => {
      throw new Error(missing);
    });
  });
}

const RUNS = {
  reference: [],
  "example-stdio": ["--adapter-cmd", "node examples/stdio-adapter.mjs"],
  mutant: ["--adapter", "test/mutants/no-mutation-check.ts"],
  "vercel-ai": ["--adapter", "adapters/vercel-ai/adapter.ts"],
} as const;
const VERCEL = 3;

let browser: Browser;
let page: Page;
const consoleErrors: string[] = [];
const reports: Record<string, string> = {};
let scratch = "";
const pageFile = () => join(scratch, "page", "index.html");

const cell = (implementation: number, requirement: string, on = page) => on.locator(`button.cell[data-implementation="${implementation}"][data-requirement="${requirement}"]`);
const visibleRows = () => page.locator("tr.requirement:not([hidden])").count();
const report = (stem: keyof typeof RUNS) => JSON.parse(readFileSync(reports[stem]!, "utf8")) as MatrixReport;

describe.skipIf(missing !== undefined)("the matrix page, in Chromium", () => {
  beforeAll(async () => {
    scratch = mkdtempSync(join(tmpdir(), "effective-args-matrix-"));
    for (const [stem, args] of Object.entries(RUNS)) {
      const { stdout } = await runMain("run", "--reporter", "json", ...args);
      reports[stem] = join(scratch, `${stem}.json`);
      writeFileSync(reports[stem]!, stdout);
    }
    const built = await runMain("matrix", ...Object.values(reports), "--out", join(scratch, "page"));
    if (built.code !== 0) throw new Error(built.stderr);
    browser = await launchChromium((found as { path: string }).path);
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    page.on("console", (message) => void (message.type() === "error" && consoleErrors.push(message.text())));
    page.on("pageerror", (error) => void consoleErrors.push(String(error)));
    await page.goto(pathToFileURL(pageFile()).href);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  // Each test starts from the page as loaded: no dialog open.
  afterEach(async () => {
    await page?.evaluate(() => (document.getElementById("cases") as HTMLDialogElement).close());
  });

  it("has a row per live requirement and a column per implementation, named by product with package and version beneath, each cell marked by symbol and word", async () => {
    expect(await page.locator("tr.requirement").count()).toBe(LIVE.length);
    expect(await page.locator("th.implementation").allInnerTexts()).toEqual([
      "effective-args reference\n0.1.0",
      "example stdio adapter\n2.0.0",
      "mutant no-mutation-check\n0.1.0",
      `Vercel AI SDK\nai ${report("vercel-ai").implementation.version}`,
    ]);
    expect(await page.locator("button.cell").count()).toBe(LIVE.length * 4);
    expect(await cell(2, "INV-6").innerText()).toMatch(/^✗ broken\s+in 7 of 7 cases$/);
    expect(await cell(0, "INV-6").innerText()).toMatch(/^✓ holds\s+7 cases$/);
    expect(await page.locator("#summary tbody tr").count()).toBe(4);
    expect(await page.locator("#summary tbody tr").nth(2).innerText()).toContain("MUST 29/32 (90%)");
  });

  it("colours a holding, a broken and a not-applicable cell, each its own colour (their computed backgrounds)", async () => {
    const notApplicable = report("vercel-ai").requirements.find((verdict) => verdict.status === "not_applicable")!.id;
    const background = (at: ReturnType<typeof cell>) => at.evaluate((button) => getComputedStyle(button).backgroundColor);
    const colours = { holds: await background(cell(0, "INV-6")), broken: await background(cell(2, "INV-6")), not_applicable: await background(cell(VERCEL, notApplicable)) };
    expect(await cell(VERCEL, notApplicable).getAttribute("data-verdict")).toBe("not_applicable");
    expect(colours).toEqual({ holds: "rgb(172, 238, 187)", broken: "rgb(255, 193, 192)", not_applicable: "rgb(246, 248, 250)" });
    // Each button fills its cell, however tall its row: the colour is the cell's, not a strip of it.
    const short = await page.locator("button.cell").evaluateAll((buttons) => buttons.filter((button) => button.getBoundingClientRect().height < button.parentElement!.getBoundingClientRect().height - 2).length);
    expect(short).toBe(0);
  });

  it("counts, in every column, how many of each level's and each family's requirements hold out of those its badge counts, not-applicable ones apart", async () => {
    const tallies = (row: string) => page.locator(`${row} td.tally`).evaluateAll((cells) => cells.map((at) => [Number(at.getAttribute("data-holds")), Number(at.getAttribute("data-of")), at.textContent]));
    const verdictsOf = (selector: string, index: number) => page.locator(`${selector} button.cell[data-implementation="${index}"]`).evaluateAll((cells) => cells.map((at) => at.getAttribute("data-verdict")));
    for (const level of ["must", "should"] as const) {
      const row = await tallies(`tr.total[data-level="${level}"]`);
      expect(row).toHaveLength(4);
      for (const [index, [holds, of, text]] of row.entries()) {
        // Each column's holds are its holding cells, out of its cells that are neither not applicable nor untested; the n/a count beside them.
        const verdicts = await verdictsOf(`tr.requirement[data-level="${level}"]`, index);
        expect(holds).toBe(verdicts.filter((verdict) => verdict === "holds").length);
        expect(of).toBe(verdicts.filter((verdict) => verdict !== "not_applicable" && verdict !== "untested").length);
        const notApplicable = verdicts.filter((verdict) => verdict === "not_applicable").length;
        if (notApplicable > 0) expect(text).toContain(`${notApplicable} n/a`);
      }
    }
    // One denominator: a column's MUST total reads as its badge does.
    const vercel = report("vercel-ai");
    const [, holding, of] = /^MUST (\d+)\/(\d+) /.exec(vercel.summary.badge)!;
    expect(vercel.requirements.some((requirement) => requirement.status === "not_applicable")).toBe(true);
    expect((await tallies('tr.total[data-level="must"]'))[VERCEL]![2]).toMatch(new RegExp(`^${holding} of ${of} hold`));
    for (const group of await page.locator("tr.group").all()) {
      const [family, level] = [await group.getAttribute("data-family"), await group.getAttribute("data-level")];
      const expected = await Promise.all([0, 1, 2, 3].map(async (index) => String((await verdictsOf(`tr.requirement[data-family="${family}"][data-level="${level}"]`, index)).filter((verdict) => verdict !== "not_applicable" && verdict !== "untested").length)));
      expect(await group.locator("td.tally").evaluateAll((cells) => cells.map((at) => at.getAttribute("data-of")))).toEqual(expected);
    }
  });

  it("opens a broken cell's cases, failing ones first, with the failure's message, its diff and the case source", async () => {
    await cell(2, "INV-5").click();
    const dialog = page.locator("dialog#cases");
    expect(await dialog.getAttribute("open")).not.toBeNull();
    expect(await page.locator("#cases-title").innerText()).toBe("mutant no-mutation-check 0.1.0: INV-5 Evaluated equals executed: ✗ broken");
    // The broken group first, open, and its first case open; the cases that passed collapsed after it.
    expect(await dialog.locator("details.group").evaluateAll((groups) => groups.map((group) => [group.getAttribute("data-group"), (group as HTMLDetailsElement).open]))).toEqual([["broken", true], ["passed", false]]);
    const first = dialog.locator(".case").first();
    expect(await first.getAttribute("data-status")).toBe("failed");
    expect(await first.getAttribute("open")).not.toBeNull();
    const failure = first.locator(".failure.names-requirement").first();
    expect(await failure.innerText()).toContain("INV-5 (step 1, call c1): the arguments at tool entry differ from the arguments at policy entry");
    expect(await failure.locator("pre.diff").innerText()).toMatch(/^- evaluated\n\+ executed\n/);
    expect(await failure.locator("pre.diff .removed").count()).toBeGreaterThan(0);
    const id = (await first.getAttribute("data-case"))!;
    await first.locator("details.source summary").click();
    expect(await first.locator("details.source pre").textContent()).toBe(readFileSync(`cases/${id}.yaml`, "utf8"));
    await page.keyboard.press("Escape");
    expect(await dialog.getAttribute("open")).toBeNull();
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-requirement"))).toBe("INV-5");
  });

  it("filters rows by level and by family, and hides the headings of emptied groups", async () => {
    const should = LIVE.filter((requirement) => requirement.level === "should").length;
    const matrix = LIVE.filter((requirement) => requirement.family === "matrix").length;
    await page.locator('#filter-level input[value="should"]').uncheck();
    expect(await visibleRows()).toBe(LIVE.length - should);
    expect(await page.locator('tr.requirement[data-level="should"]:not([hidden])').count()).toBe(0);
    expect(await page.locator('tr.group[data-level="should"]:not([hidden])').count()).toBe(0);
    await page.locator('#filter-family input[value="matrix"]').uncheck();
    expect(await visibleRows()).toBe(LIVE.length - should - LIVE.filter((r) => r.family === "matrix" && r.level === "must").length);
    await page.locator('#filter-level input[value="should"]').check();
    expect(await visibleRows()).toBe(LIVE.length - matrix);
    expect(await page.locator('tr.group[data-family="matrix"]:not([hidden])').count()).toBe(0);
    await page.locator('#filter-family input[value="matrix"]').check();
    expect(await visibleRows()).toBe(LIVE.length);
  });

  it("reaches every cell with the keyboard: Tab in reading order, arrows across and down, Enter opens", async () => {
    const cells = await page.locator("button.cell").count();
    await cell(0, LIVE[0]!.id).focus();
    // Tab goes through each row's requirement link and its cells, until it leaves the table.
    const reached = new Set<string>();
    for (let press = 0; press < 2 * cells; press++) {
      const at = await page.evaluate(() => (document.activeElement?.closest("#matrix") ? `${document.activeElement.getAttribute("data-implementation")} ${document.activeElement.getAttribute("data-requirement")}` : undefined));
      if (at === undefined) break;
      if (!at.startsWith("null")) reached.add(at);
      await page.keyboard.press("Tab");
    }
    expect(reached.size).toBe(cells);
    await cell(0, LIVE[0]!.id).focus();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowDown");
    const focused = () => page.evaluate(() => [document.activeElement?.getAttribute("data-implementation"), document.activeElement?.getAttribute("data-requirement")]);
    expect(await focused()).toEqual(["1", LIVE[1]!.id]);
    await page.keyboard.press("End");
    expect(await focused()).toEqual([String(VERCEL), LIVE[1]!.id]);
    await page.keyboard.press("Enter");
    expect(await page.locator("dialog#cases").getAttribute("open")).not.toBeNull();
    await page.keyboard.press("Escape");
  });

  it("scrolls as a page, not in a box: a full-page screenshot holds the whole matrix", async () => {
    const [box, matrixBottom] = await page.evaluate(() => {
      const scroll = document.querySelector(".scroll")!;
      return [[scroll.scrollHeight, scroll.clientHeight], document.getElementById("matrix")!.getBoundingClientRect().bottom + window.scrollY];
    });
    expect(box[0]).toBe(box[1]);
    const shot = await page.screenshot({ fullPage: true });
    expect(shot.subarray(1, 4).toString()).toBe("PNG");
    expect(shot.readUInt32BE(20)).toBeGreaterThanOrEqual(matrixBottom!);
  });

  it("fits a phone: no sideways scroll of the page, a narrow requirement column, a long dialog collapsed", async () => {
    const phone = await browser.newPage({ viewport: PHONE });
    await phone.goto(pathToFileURL(pageFile()).href);
    const [scrollWidth, clientWidth] = await phone.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    expect(scrollWidth).toBe(clientWidth);
    // The requirement column: at most 40% of the screen, still in place when the matrix scrolls sideways.
    const heading = phone.locator("#matrix tr.requirement th").first();
    expect((await heading.boundingBox())!.width).toBeLessThanOrEqual(0.4 * PHONE.width);
    await phone.evaluate(() => document.querySelector(".scroll")!.scrollBy(300, 0));
    expect((await heading.boundingBox())!.x).toBeLessThan(20);
    // A long title is cut to two lines; the whole of it is the heading's title.
    const long = LIVE.reduce((a, b) => (b.title.length > a.title.length ? b : a));
    const row = phone.locator(`tr.requirement[data-requirement="${long.id}"] th`);
    expect(await row.getAttribute("title")).toBe(`${long.id}: ${long.title}`);
    expect(await row.locator(".title").evaluate((title) => title.scrollHeight > title.clientHeight)).toBe(true);
    // The cell with the most cases behind it opens as a few lines: its cases grouped by family, collapsed.
    const most = report("reference").requirements.reduce((a, b) => (b.cases.length > a.cases.length ? b : a));
    expect(most.cases.length).toBeGreaterThan(20);
    await cell(0, most.id, phone).click();
    const height = await phone.evaluate(() => document.getElementById("cases")!.scrollHeight);
    expect(height).toBeLessThanOrEqual(PHONE.height);
    expect(await phone.locator("dialog#cases details.family").count()).toBeGreaterThan(1);
    await phone.close();
  });

  it("shows a known failure's reason and its upstream issues as links in the dialog", async () => {
    const real = report("mutant");
    const listed = real.results.find((result) => result.failures.some((failure) => failure.requirement === "INV-5"))!;
    const known = { ...real, results: real.results.map((result) => (result === listed ? { ...result, expectation: "expected-failure" as const, known: { reason: "no mutation check", links: ["vercel/ai#21091"] } } : result)) };
    const file = join(scratch, "known.html");
    writeFileSync(file, matrixPage({ reports: [{ file: "mutant.json", report: known }], requirements: LIVE, sources: {} }));
    const tab = await browser.newPage();
    await tab.goto(pathToFileURL(file).href);
    await cell(0, "INV-5", tab).click();
    const shown = tab.locator(`dialog#cases .case[data-case="${listed.id}"]`);
    expect(await shown.locator("p.known").innerText()).toBe("Known failure: no mutation check");
    const link = shown.locator("p.upstream a");
    expect([await link.innerText(), await link.getAttribute("href")]).toEqual(["vercel/ai#21091", "https://github.com/vercel/ai/issues/21091"]);
    await tab.close();
  });

  it("logged no console errors", () => {
    expect(consoleErrors).toEqual([]);
  });

  it(`renders 50 implementations x 60 requirements within ${LARGE_PAGE_BUDGET_MS} ms`, async () => {
    const real = report("mutant");
    const extra: Requirement[] = Array.from({ length: 60 - LIVE.length }, (_, index) => ({ ...LIVE[index % LIVE.length]!, id: `EXTRA-${index + 1}`, title: `extra requirement ${index + 1}` }));
    const requirements = [...LIVE, ...extra];
    const many = Array.from({ length: 50 }, (_, index) => ({
      file: `r${index}.json`,
      report: {
        ...real,
        implementation: { ...real.implementation, name: `runtime ${index + 1}` },
        requirements: [...real.requirements, ...extra.map((requirement, e) => ({ id: requirement.id, level: requirement.level, title: requirement.title, status: e % 2 ? ("holds" as const) : ("broken" as const), cases: [real.results[e]!.id], brokenIn: e % 2 ? [] : [real.results[e]!.id] }))],
      },
    }));
    const file = join(scratch, "large.html");
    writeFileSync(file, matrixPage({ reports: many, requirements, sources: {} }));
    const large = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const errors: string[] = [];
    large.on("pageerror", (error) => void errors.push(String(error)));
    await large.goto(pathToFileURL(file).href);
    const loaded = await large.evaluate(() => (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).loadEventEnd);
    expect(await large.locator("tr.requirement").count()).toBe(60);
    expect(await large.locator("th.implementation").count()).toBe(50);
    expect(await large.locator("button.cell").count()).toBe(3000);
    expect(errors).toEqual([]);
    expect(loaded).toBeLessThan(LARGE_PAGE_BUDGET_MS);
    await large.close();
  });
});

describe("the README's picture of the matrix (docs/matrix.png)", () => {
  it("shows the suite as it is: docs/matrix.json, written with it by npm run matrix:screenshot, counts the current requirements, cases, families and runtimes, with each runtime's badge", async () => {
    expect(existsSync("docs/matrix.json"), "docs/matrix.json is missing: run npm run matrix:screenshot").toBe(true);
    const shown = JSON.parse(readFileSync("docs/matrix.json", "utf8")) as MatrixPicture;
    const current = {
      suite: `${SUITE.name} ${SUITE.version}`,
      requirements: LIVE.length,
      cases: loadCases([DEFAULT_CASES_DIR]).cases.length,
      families: FAMILIES.filter((family) => LIVE.some((requirement) => requirement.family === family)),
      reports: ["reference", "example-stdio", ...PUBLISHED.map((published) => published.stem)].map((stem) => `${stem}.json`),
    };
    const pictured = { ...shown, reports: shown.runtimes.map((runtime) => runtime.report) };
    expect({ suite: pictured.suite, requirements: pictured.requirements, cases: pictured.cases, families: pictured.families, reports: pictured.reports }, "docs/matrix.png is out of date: run npm run matrix:screenshot").toEqual(current);
    // Every SDK is named by its product (columns.ts, PRODUCT_NAMES), not only by its package.
    const products = Object.values(PRODUCT_NAMES);
    expect(shown.runtimes.slice(2).filter((runtime) => !products.some((product) => runtime.shown.startsWith(`${product}, `)))).toEqual([]);
    // Each column's badge is the one its configuration's run gives (README.md's table of tested
    // runtimes, which each published test holds to a fresh run), and the grid's MUST total reads
    // as the badge does: one denominator.
    const readme = readFileSync("README.md", "utf8");
    const rows = readme.slice(readme.indexOf(RUNTIMES_START), readme.indexOf(RUNTIMES_END)).split("\n").filter((line) => line.startsWith("| ") && !line.startsWith("| Runtime |"));
    const readmeBadges = rows.map((row) => row.split(" | ")[1]);
    const badgeOf = async (args: readonly string[]) => (JSON.parse((await runMain("run", "--reporter", "json", ...args)).stdout) as MatrixReport).summary.badge;
    const firstTwo = [await badgeOf(RUNS.reference), await badgeOf(RUNS["example-stdio"])];
    expect(shown.runtimes.map((runtime) => runtime.badge), "docs/matrix.png shows other badges than the runs give: run npm run matrix:screenshot").toEqual([...firstTwo, ...readmeBadges]);
    for (const runtime of shown.runtimes) expect(runtime.badge.startsWith(`MUST ${runtime.mustTotal} `), `${runtime.shown}: the grid's MUST total ${runtime.mustTotal} and the badge ${runtime.badge}`).toBe(true);
    // The picture is the one described: its size is in its PNG header.
    const png = readFileSync("docs/matrix.png");
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([shown.width, shown.height]);
  });
});
