// `npm run matrix:screenshot`, after `npm run matrix` has written the real matrix page (the
// reference, the example stdio adapter and every published adapter, reports/matrix/index.html):
// the README's picture of it, from the top of the page to the end of the matrix, as
// docs/matrix.png, and beside it docs/matrix.json, what the picture shows (requirements, cases,
// families, runtimes). Pixels cannot be compared, so test/reporting/matrix-page.test.ts holds
// that file to the suite as it is: a picture left behind by a new requirement or runtime fails it.
// Usage: tsx test/support/matrix-screenshot.ts [page.html] [picture.png]
import { writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { chromiumForTests, launchChromium } from "./chromium.ts";

const [page = "reports/matrix/index.html", picture = "docs/matrix.png"] = process.argv.slice(2);
const sidecar = picture.replace(/\.png$/, "") + ".json";
const WIDTH = 1400;

/** What docs/matrix.json records of the page the picture shows. */
export interface MatrixPicture {
  suite: string;
  requirements: number;
  cases: number;
  families: string[];
  /**
   * One per column: the product name, then package, version and variant, the report file it came
   * from, its badge as the page shows it, and its MUST total as the grid counts it ("10/19").
   */
  runtimes: { shown: string; report: string; badge: string; mustTotal: string }[];
  width: number;
  height: number;
}

const found = await chromiumForTests((line) => console.error(line));
if ("missing" in found) {
  console.error(`matrix:screenshot: ${found.missing}`);
  process.exit(1);
}
const browser = await launchChromium(found.path);
try {
  const tab = await browser.newPage({ viewport: { width: WIDTH, height: 1000 }, deviceScaleFactor: 1 });
  await tab.goto(pathToFileURL(page).href);
  // As wide as the matrix needs: the picture never cuts a column off.
  const wide = await tab.evaluate(() => document.documentElement.scrollWidth);
  if (wide > WIDTH) await tab.setViewportSize({ width: wide, height: 1000 });
  // No named function inside: tsx would wrap it in a helper the page does not have.
  const shown = await tab.evaluate(() => {
    const data = JSON.parse(document.getElementById("matrix-data")!.textContent!) as { implementations: { results: Record<string, unknown> }[] };
    const rows = [...document.querySelectorAll<HTMLElement>("#matrix tr.requirement")];
    const cases = new Set(data.implementations.flatMap((implementation) => Object.keys(implementation.results)));
    return {
      suite: document.querySelector("h1")!.textContent!.trim().replace(/: compatibility matrix$/, ""),
      requirements: rows.length,
      cases: cases.size,
      families: [...new Set(rows.map((row) => row.dataset.family!))],
      runtimes: [...document.querySelectorAll("#summary tbody tr")].map((row, index) => {
        const total = document.querySelectorAll<HTMLElement>('#matrix tr.total[data-level="must"] td.tally')[index]!;
        return {
          shown: [...row.querySelectorAll("th span")].map((span) => span.textContent!.trim()).join(", "),
          report: row.querySelector("td:last-child")!.textContent!.trim(),
          badge: row.querySelectorAll("td")[2]!.textContent!.trim(),
          mustTotal: `${total.dataset.holds}/${total.dataset.of}`,
        };
      }),
      width: document.documentElement.scrollWidth,
      height: Math.ceil(document.getElementById("matrix")!.getBoundingClientRect().bottom + window.scrollY + 16),
    };
  });
  const png = await tab.screenshot({ fullPage: true, clip: { x: 0, y: 0, width: shown.width, height: shown.height } });
  writeFileSync(picture, png);
  writeFileSync(sidecar, `${JSON.stringify(shown satisfies MatrixPicture, null, 2)}\n`);
  console.error(`wrote ${picture} (${shown.width} x ${shown.height}, ${png.length} bytes) and ${sidecar}: ${shown.runtimes.length} runtimes, ${shown.requirements} requirements, ${shown.cases} cases, ${shown.families.length} families`);
} finally {
  await browser.close();
}
