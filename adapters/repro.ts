// The standalone reproductions of the published findings (a finding's `repro`, under
// adapters/<runtime>/repro/): scripts a maintainer runs without effective-args, so that a finding
// stands on the SDK alone. Each is a plain ES module that imports only the SDK's packages and
// Node.js's own modules, and opens with a header that says how to run it in an empty folder:
//
//   // <what it shows, in one line>
//   // Run in an empty folder (Node.js 22 or later):
//   //   npm install ai@7.0.173 zod@4.1.12
//   //   node <file name>
//
// It prints what the SDK's policy point was handed and what the tool ran, and exits 1 where
// RFC-0015's requirement does not hold, 0 where it holds (the SDK has changed: the finding is to
// be read again). `npm run repro` runs them all (CI runs it after npm test);
// `npm run repro -- <runtime>...` those of some configurations.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { installedVersion } from "./installed-version.ts";
import { loadFindings } from "./findings.ts";
import { installFolder, pathsOf, PUBLISHED, type PublishedAdapter } from "./published.ts";

const ADAPTERS = fileURLToPath(new URL(".", import.meta.url));

export interface Reproduction {
  /** The script, from adapters/ ("claude-agent-sdk/repro/can-use-tool-decides-on-the-request.mjs"). */
  script: string;
  /** The configurations and findings that cite it. */
  citedBy: { stem: string; finding: string }[];
  /** The Node.js binary it runs on: that of the configuration whose folder holds it. */
  node: string;
}

/** The folder a script lives in, as a published configuration's stem ("openai-agents" for "openai-agents/repro/x.mjs"). */
const folderOf = (script: string) => script.split("/")[0]!;

/** Every reproduction the findings of these configurations cite, each once, in the order they are cited. */
export function reproductions(configurations: readonly PublishedAdapter[] = PUBLISHED): Reproduction[] {
  const byScript = new Map<string, Reproduction>();
  for (const published of configurations) {
    const { findings } = loadFindings(pathsOf(published.stem).findings, `adapters/${published.stem}/findings.yaml`);
    for (const finding of findings) {
      if (finding.repro === undefined) continue;
      const script = relative(ADAPTERS, join(ADAPTERS, published.stem, finding.repro)).split("\\").join("/");
      const owner = PUBLISHED.find((candidate) => candidate.stem === folderOf(script));
      if (!owner) throw new Error(`adapters/${published.stem}/findings.yaml: finding "${finding.id}" cites ${finding.repro}, which is in no published configuration's folder`);
      const entry = byScript.get(script) ?? { script, citedBy: [], node: owner.node ? join(ADAPTERS, "..", owner.node) : process.execPath };
      entry.citedBy.push({ stem: published.stem, finding: finding.id });
      byScript.set(script, entry);
    }
  }
  return [...byScript.values()];
}

export interface ReproHeader {
  /** The packages the header's `npm install` line names, by name, with the exact version. */
  installs: Map<string, string>;
  /** The file name the header's `node` line runs. */
  runs: string | undefined;
}

/** What a script's opening comment says about running it; problems when it does not say it. */
export function readHeader(text: string): ReproHeader {
  const opening = text.match(/^(?:\/\/.*\n)+/)?.[0] ?? "";
  const install = /^\/\/\s+npm install (.+)$/m.exec(opening)?.[1] ?? "";
  const installs = new Map<string, string>();
  for (const spec of install.split(/\s+/).filter(Boolean)) {
    const at = spec.lastIndexOf("@");
    if (at > 0) installs.set(spec.slice(0, at), spec.slice(at + 1));
  }
  return { installs, runs: /^\/\/\s+node (\S+\.mjs)\s*$/m.exec(opening)?.[1] };
}

/** The packages a script imports (static and dynamic imports, require), Node.js's own modules left out. */
export function importedPackages(text: string): string[] {
  const specifiers = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|^\s*import\s+)["']([^"']+)["']/gm)].map((match) => match[1]!);
  const packages = specifiers.filter((specifier) => !specifier.startsWith("node:")).map((specifier) => {
    if (specifier.startsWith(".") || specifier.startsWith("/")) return specifier;
    const parts = specifier.split("/");
    return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!;
  });
  return [...new Set(packages)];
}

/**
 * Why a script is not a standalone reproduction: a header without its `npm install` line (exact
 * versions, the ones installed here) or its `node` line, an import of anything but Node.js's own
 * modules and the packages it installs (a relative import, effective-args, a package not installed).
 */
export function standaloneProblems(script: string): string[] {
  const file = join(ADAPTERS, script);
  const text = readFileSync(file, "utf8");
  const { installs, runs } = readHeader(text);
  const problems: string[] = [];
  if (installs.size === 0) problems.push('its opening comment has no "//   npm install <package>@<version> ..." line');
  if (runs !== script.split("/").at(-1)) problems.push(`its opening comment has no "//   node ${script.split("/").at(-1)}" line`);
  for (const imported of importedPackages(text)) {
    if (!installs.has(imported)) problems.push(`it imports ${imported}, which its npm install line does not install`);
  }
  for (const [name, version] of installs) {
    if (!/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(version)) problems.push(`it installs ${name}@${version}, not an exact version`);
    else {
      let installed: string | undefined;
      try {
        installed = installedVersion(name, pathToFileURL(file).href);
      } catch {
        installed = undefined;
      }
      if (installed !== version) problems.push(`it installs ${name}@${version}, and ${installed === undefined ? "none is installed" : `${installed} is installed`} where it runs here`);
    }
  }
  return problems;
}

export type ReproOutcome = { kind: "reproduces" } | { kind: "holds" } | { kind: "broke"; why: string };

export interface ReproRun {
  outcome: ReproOutcome;
  stdout: string;
  stderr: string;
}

/** Runs a script (from its own folder, on its configuration's Node.js), bounded by `timeoutMs`. */
export function runReproduction(reproduction: Reproduction, timeoutMs: number): Promise<ReproRun> {
  const file = join(ADAPTERS, reproduction.script);
  return new Promise((resolve) => {
    const child = spawn(reproduction.node, [file], { cwd: dirname(file), stdio: ["ignore", "pipe", "pipe"], detached: process.platform !== "win32" });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (text: string) => void (stdout += text));
    child.stderr.setEncoding("utf8").on("data", (text: string) => void (stderr += text));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      // The whole group: a script that starts an SDK's own process (the Claude Code CLI) leaves none behind.
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        child.kill("SIGKILL");
      }
    }, timeoutMs);
    child.on("error", (error) => {
      clearTimeout(timer);
      resolve({ outcome: { kind: "broke", why: `it could not be started: ${error.message}` }, stdout, stderr });
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      const outcome: ReproOutcome = timedOut
        ? { kind: "broke", why: `timed out after ${timeoutMs / 1000} s` }
        : code === 1
          ? { kind: "reproduces" }
          : code === 0
            ? { kind: "holds" }
            : { kind: "broke", why: signal ? `it was ended by ${signal}` : `it exited ${code}` };
      resolve({ outcome, stdout, stderr });
    });
  });
}

/** How long one script may take by default: one that starts the Claude Code CLI takes seconds on a busy machine. */
export const REPRO_TIMEOUT_MS = 120_000;

async function main(stems: readonly string[]): Promise<number> {
  const unknown = stems.filter((stem) => !PUBLISHED.some((published) => published.stem === stem));
  if (unknown.length > 0) {
    console.error(`npm run repro: no published configuration ${unknown.join(", ")} (adapters/published.ts lists ${PUBLISHED.map((published) => published.stem).join(", ")})`);
    return 2;
  }
  const chosen = stems.length > 0 ? PUBLISHED.filter((published) => stems.includes(published.stem)) : PUBLISHED;
  const all = reproductions(chosen);
  // A script of another configuration's folder runs with that folder installed.
  for (const folder of new Set(all.map((reproduction) => folderOf(reproduction.script)))) installFolder(PUBLISHED.find((published) => published.stem === folder)!);
  let bad = 0;
  for (const reproduction of all) {
    const problems = standaloneProblems(reproduction.script);
    const run = problems.length > 0 ? undefined : await runReproduction(reproduction, REPRO_TIMEOUT_MS);
    const cited = reproduction.citedBy.map(({ stem, finding }) => `${stem}: ${finding}`).join("; ");
    if (problems.length > 0) {
      bad += 1;
      console.log(`NOT STANDALONE  adapters/${reproduction.script} (${cited}):\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    } else if (run!.outcome.kind === "reproduces") {
      console.log(`reproduces      adapters/${reproduction.script} (${cited})`);
    } else {
      bad += 1;
      const what = run!.outcome.kind === "holds" ? "exited 0: the requirement holds now; read the finding again" : run!.outcome.why;
      console.log(`${run!.outcome.kind === "holds" ? "HOLDS NOW" : "BROKE"}       adapters/${reproduction.script} (${cited}): ${what}\n${indent(run!.stdout)}${indent(run!.stderr)}`);
    }
  }
  console.log(`${all.length - bad} of ${all.length} reproductions show their finding`);
  return bad > 0 ? 1 : 0;
}

const indent = (text: string) => (text.trim() === "" ? "" : `${text.trimEnd().replace(/^/gm, "    ")}\n`);

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) process.exitCode = await main(process.argv.slice(2));
