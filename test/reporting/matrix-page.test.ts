// The compatibility matrix page in a real browser: Debian's Chromium, driven by playwright-core
// (.ci/run installs the package when it is missing). The page is built by the real matrix command
// from real JSON reports: the reference, the example stdio adapter, and a deliberately broken
// runtime (the mutant no-mutation-check). Also a page of 50 implementations x 60 requirements,
// which must render within the budget below.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { REQUIREMENTS, type Requirement } from "../../harness/loading/requirements.ts";
import { matrixPage } from "../../harness/reporting/matrix/page.ts";
import type { MatrixReport } from "../../harness/reporting/matrix/reports.ts";
import { runMain } from "../support/main.ts";

const CHROMIUM = "/usr/bin/chromium";
/**
 * How long the 50 x 60 page may take from navigation to its load event. Measured on the 2-core
 * machine this was written on: 0.6 to 0.9 s (a 3.6 MB page); the budget leaves
 * room for a busy CI machine, and catches a page whose cost grows out of proportion.
 */
const LARGE_PAGE_BUDGET_MS = 5_000;
/** Where the screenshot also goes when regenerating the README's (npm run matrix:screenshot). */
const SCREENSHOT = process.env.MATRIX_SCREENSHOT;

const scratch = mkdtempSync(join(tmpdir(), "effective-args-matrix-"));
const RUNS = {
  reference: [],
  "example-stdio": ["--adapter-cmd", "node examples/stdio-adapter.mjs"],
  mutant: ["--adapter", "test/mutants/no-mutation-check.ts"],
} as const;
const LIVE = [...REQUIREMENTS.values()].filter((requirement) => !requirement.retired);

let browser: Browser;
let page: Page;
const consoleErrors: string[] = [];
const reports: Record<string, string> = {};

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install Debian's chromium package (.ci/run does)`);
  for (const [stem, args] of Object.entries(RUNS)) {
    const { stdout } = await runMain("run", "--reporter", "json", ...args);
    reports[stem] = join(scratch, `${stem}.json`);
    writeFileSync(reports[stem]!, stdout);
  }
  const built = await runMain("matrix", ...Object.values(reports), "--out", join(scratch, "page"));
  if (built.code !== 0) throw new Error(built.stderr);
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    // No GPU, no sandbox (CI runs as root), and none of Chromium's own network traffic.
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  page.on("console", (message) => void (message.type() === "error" && consoleErrors.push(message.text())));
  page.on("pageerror", (error) => void consoleErrors.push(String(error)));
  await page.goto(pathToFileURL(join(scratch, "page", "index.html")).href);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  rmSync(scratch, { recursive: true, force: true });
});

// Each test starts from the page as loaded: no dialog open.
afterEach(async () => {
  await page?.evaluate(() => (document.getElementById("cases") as HTMLDialogElement).close());
});

const cell = (implementation: number, requirement: string) => page.locator(`button.cell[data-implementation="${implementation}"][data-requirement="${requirement}"]`);
const visibleRows = () => page.locator("tr.requirement:not([hidden])").count();

describe("the matrix page, in Chromium", () => {
  it("has a row per live requirement and a column per implementation, each cell marked by symbol and word", async () => {
    expect(await page.locator("tr.requirement").count()).toBe(LIVE.length);
    expect(await page.locator("th.implementation").allInnerTexts()).toEqual([
      expect.stringContaining("effective-args reference"),
      expect.stringContaining("example stdio adapter"),
      expect.stringContaining("mutant no-mutation-check"),
    ]);
    expect(await page.locator("button.cell").count()).toBe(LIVE.length * 3);
    expect(await cell(2, "INV-6").innerText()).toMatch(/^✗ broken\s+in 7 of 7 cases$/);
    expect(await cell(0, "INV-6").innerText()).toMatch(/^✓ holds\s+7 cases$/);
    expect(await page.locator("#summary tbody tr").count()).toBe(3);
    expect(await page.locator("#summary tbody tr").nth(2).innerText()).toContain("MUST 29/32 (90%)");
  });

  it("opens a broken cell's cases, failing ones first, with the failure's message, its diff and the case source", async () => {
    await cell(2, "INV-5").click();
    const dialog = page.locator("dialog#cases");
    expect(await dialog.getAttribute("open")).not.toBeNull();
    expect(await page.locator("#cases-title").innerText()).toBe("mutant no-mutation-check 0.1.0: INV-5 Evaluated equals executed: ✗ broken");
    const first = dialog.locator(".case").first();
    expect(await first.getAttribute("data-status")).toBe("failed");
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
    expect(await focused()).toEqual(["2", LIVE[1]!.id]);
    await page.keyboard.press("Enter");
    expect(await page.locator("dialog#cases").getAttribute("open")).not.toBeNull();
    await page.keyboard.press("Escape");
  });

  it("takes the screenshot (the README's, with npm run matrix:screenshot)", async () => {
    await page.evaluate(() => {
      (document.activeElement as HTMLElement | null)?.blur();
      document.querySelector(".scroll")?.scrollTo(0, 0);
      window.scrollTo(0, 0);
    });
    const shot = await page.screenshot({ fullPage: false });
    expect(shot.subarray(1, 4).toString()).toBe("PNG");
    if (SCREENSHOT) writeFileSync(SCREENSHOT, shot);
  });

  it("logged no console errors", () => {
    expect(consoleErrors).toEqual([]);
  });

  it(`renders 50 implementations x 60 requirements within ${LARGE_PAGE_BUDGET_MS} ms`, async () => {
    const real = JSON.parse(readFileSync(reports.mutant!, "utf8")) as MatrixReport;
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
