// The Chromium the matrix page's browser test drives (test/reporting/matrix-page.test.ts), found
// in this order: the binary EFFECTIVE_ARGS_CHROMIUM names; Debian's /usr/bin/chromium; the one
// this playwright-core would download; any other Chromium in Playwright's browser cache. When none
// is there and this is Debian run as root, Debian's chromium package is installed (quietly, once).
// Otherwise the caller skips its browser tests with the line `missing` gives, or fails under CI=true.
import { execFile } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { chromium, type Browser } from "playwright-core";

/** The environment variable naming a Chromium (or Chrome) binary to use. */
export const CHROMIUM_VARIABLE = "EFFECTIVE_ARGS_CHROMIUM";
const DEBIAN_CHROMIUM = "/usr/bin/chromium";

export type ChromiumFound =
  | { path: string; how: string }
  /** No browser: why, and what to do about it (one line). */
  | { missing: string };

/** Where Playwright keeps the browsers it downloads (its own rule: PLAYWRIGHT_BROWSERS_PATH, else the user's cache). */
function playwrightCache(): string {
  const set = process.env.PLAYWRIGHT_BROWSERS_PATH;
  if (set && set !== "0") return set;
  const cache = process.platform === "darwin" ? join(homedir(), "Library", "Caches") : (process.env.XDG_CACHE_HOME ?? join(homedir(), ".cache"));
  return join(cache, "ms-playwright");
}

/** A Chromium that any Playwright version downloaded (chromium-<revision>), newest revision first. */
function cachedPlaywrightChromium(): string | undefined {
  const cache = playwrightCache();
  if (!existsSync(cache)) return undefined;
  const revisions = readdirSync(cache)
    .filter((name) => /^chromium-\d+$/.test(name))
    .sort((a, b) => Number(b.slice(9)) - Number(a.slice(9)));
  const inside = [["chrome-linux64", "chrome"], ["chrome-linux", "chrome"], ["chrome-mac-arm64", "Google Chrome for Testing.app", "Contents", "MacOS", "Google Chrome for Testing"], ["chrome-mac-x64", "Google Chrome for Testing.app", "Contents", "MacOS", "Google Chrome for Testing"], ["chrome-mac", "Chromium.app", "Contents", "MacOS", "Chromium"]];
  for (const revision of revisions) for (const parts of inside) if (existsSync(join(cache, revision, ...parts))) return join(cache, revision, ...parts);
  return undefined;
}

/** A browser already on this machine, or undefined; a variable naming a missing file is an error, not a fallback. */
export function findChromium(): ChromiumFound | undefined {
  const named = process.env[CHROMIUM_VARIABLE];
  if (named) return existsSync(named) ? { path: named, how: CHROMIUM_VARIABLE } : { missing: `${CHROMIUM_VARIABLE}=${named} names no file` };
  if (existsSync(DEBIAN_CHROMIUM)) return { path: DEBIAN_CHROMIUM, how: "Debian's chromium package" };
  const own = playwrightOwn();
  if (own && existsSync(own)) return { path: own, how: "Playwright's browser cache" };
  const cached = cachedPlaywrightChromium();
  return cached ? { path: cached, how: "Playwright's browser cache" } : undefined;
}

/** Where this playwright-core's own download would be (it throws on a platform it has no build for). */
function playwrightOwn(): string | undefined {
  try {
    return chromium.executablePath();
  } catch {
    return undefined;
  }
}

const isDebianRoot = () => process.platform === "linux" && process.getuid?.() === 0 && existsSync("/etc/debian_version") && existsSync("/usr/bin/apt-get");

const HOW_TO = `install Debian's chromium package (apt-get install chromium), or set ${CHROMIUM_VARIABLE} to a Chromium or Chrome binary, or run \`npx playwright-core install chromium\``;

let found: Promise<ChromiumFound> | undefined;

/**
 * The browser, installing Debian's package when none is found and this is Debian run as root.
 * Once per process: every caller shares the one search and install. `onInstall` is told before an
 * install starts (it takes a minute or more), so that the run says why it waits.
 */
export function chromiumForTests(onInstall: (line: string) => void = () => {}): Promise<ChromiumFound> {
  return (found ??= (async () => {
    const there = findChromium();
    if (there) return there;
    if (!isDebianRoot()) return { missing: `no Chromium found: ${HOW_TO}` };
    onInstall(`no Chromium found: installing Debian's chromium package for the matrix page's browser test (once)`);
    const started = performance.now();
    try {
      await aptInstallChromium();
    } catch (error) {
      return { missing: `no Chromium found, and apt-get install chromium failed (${String((error as Error).message).split("\n")[0]}): ${HOW_TO}` };
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(0);
    return existsSync(DEBIAN_CHROMIUM) ? { path: DEBIAN_CHROMIUM, how: `Debian's chromium package, installed now in ${seconds} s` } : { missing: `apt-get installed chromium, but ${DEBIAN_CHROMIUM} is still missing: ${HOW_TO}` };
  })());
}

const run = promisify(execFile);

/** apt-get install, quietly; on failure (no package lists yet, or stale ones) once more after apt-get update. */
async function aptInstallChromium(): Promise<void> {
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  // Waits for a concurrent apt-get (.ci/run's, another test run's) instead of failing on its lock.
  const lock = ["-o", "DPkg::Lock::Timeout=600"];
  const install = () => run("apt-get", [...lock, "install", "-y", "-qq", "--no-install-recommends", "chromium"], { env, maxBuffer: 64 << 20 });
  try {
    await install();
  } catch {
    await run("apt-get", [...lock, "update", "-qq"], { env, maxBuffer: 64 << 20 });
    await install();
  }
}

/** Launches the browser found: headless, no GPU, no sandbox (CI runs as root), none of Chromium's own network traffic. */
export function launchChromium(executablePath: string): Promise<Browser> {
  return chromium.launch({
    executablePath,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
}
