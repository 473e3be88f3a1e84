// `npm run bench`: how long loading and running the suite against the reference takes.
// Speed is measured here, never asserted in tests.
import { DEFAULT_CASES_DIR, loadCases } from "../harness/loading/loader.ts";
import { runCases } from "../harness/running/runner.ts";
import { stdioImplementation } from "../harness/running/stdio/implementation.ts";
import referenceAdapter from "../reference/adapter.ts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function measure(label: string, work: () => unknown): Promise<number> {
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  const value = median(times);
  console.log(`${label.padEnd(34)} median ${value.toFixed(2)} ms over ${ROUNDS} rounds (min ${Math.min(...times).toFixed(2)}, max ${Math.max(...times).toFixed(2)})`);
  return value;
}

const { cases } = loadCases([DEFAULT_CASES_DIR]);
console.log(`${cases.length} cases, Node ${process.version}`);
await measure("load and validate all case files", () => loadCases([DEFAULT_CASES_DIR]));
const run = await measure("run all cases against reference", () => runCases(referenceAdapter, cases));
console.log(`${"per case".padEnd(34)} ${(run / cases.length).toFixed(3)} ms`);
const example = await stdioImplementation("node examples/stdio-adapter.mjs");
try {
  const overStdio = await measure("the same over stdio (example)", () => runCases(example, cases));
  console.log(`${"per case over stdio".padEnd(34)} ${(overStdio / cases.length).toFixed(3)} ms`);
} finally {
  await example.dispose?.();
}
