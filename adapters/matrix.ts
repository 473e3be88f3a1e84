// `npm run matrix`: runs every implementation this repository tests (the reference, the example
// stdio adapter and each adapter in adapters/) through the CLI's own entry point, writes each JSON
// report to reports/matrix/, and builds the compatibility matrix page from them:
// reports/matrix/index.html (git ignores reports/).
import { writeFileSync } from "node:fs";
import { main } from "../harness/commands/main.ts";
import { makeFolder } from "../harness/commands/output-folder.ts";
import { adapterArgs, installFolder, pathsOf, PUBLISHED } from "./published.ts";

const OUT = "reports/matrix";
const RUNS: { stem: string; args: string[] }[] = [
  { stem: "reference", args: [] },
  { stem: "example-stdio", args: ["--adapter-cmd", "node examples/stdio-adapter.mjs"] },
  // With its known failures: each listed case's report then carries the findings' reason and upstream links, which the page shows.
  ...PUBLISHED.map((published) => ({ stem: published.stem, args: [...adapterArgs(published), "--expect", pathsOf(published.stem).knownFailures] })),
];

makeFolder(OUT);
PUBLISHED.forEach(installFolder);
const reports: string[] = [];
for (const { stem, args } of RUNS) {
  let stdout = "";
  // What an SDK logs of its own (the harness marks it "[adapter] ") is collected, not shown: it is shown only when the run could not be made.
  const logged: string[] = [];
  const err = (text: string) => void (text.startsWith("[adapter] ") ? logged.push(text) : process.stderr.write(text));
  const code = await main(["run", "--reporter", "json", ...args], { out: (text) => void (stdout += text), err });
  if (code === 2) {
    process.stderr.write(logged.join(""));
    process.exit(2); // the run said why on stderr
  }
  const file = `${OUT}/${stem}.json`;
  writeFileSync(file, stdout);
  reports.push(file);
  console.error(`ran ${stem} (exit ${code}): ${file}${logged.length > 0 ? `; its adapter logged ${logged.length} ${logged.length === 1 ? "line" : "lines"} of its own (not shown)` : ""}`);
}
process.exitCode = await main(["matrix", ...reports, "--out", OUT], { out: (text) => void process.stdout.write(text), err: (text) => void process.stderr.write(text) });
