// The soak of `npm run bench`, in a process of its own (bench/run.ts starts it with --expose-gc):
// many cases in one run over stdio against the example adapter, the suite's cases over and over,
// and the harness's memory as the run goes. In the bench's own process the heap would still hold
// what the earlier measurements (fuzzing) left, and RSS would tell about them, not about the run.
// Prints one line of JSON: the seconds, the cases passed, RSS after the first pass, after 5,000
// cases and at the end, and the heap kept (after a full GC) from 5,000 cases to the end.
import { DEFAULT_CASES_DIR, loadCases } from "../harness/loading/loader.ts";
import { runCases } from "../harness/running/runner.ts";
import { stdioImplementation } from "../harness/running/stdio/implementation.ts";

const SOAK_CASES = Number(process.env.BENCH_SOAK_CASES ?? 20_000);
const WARM = Math.min(5_000, SOAK_CASES);
const gc = (globalThis as { gc?: () => void }).gc;

/** Heap used once a full GC has run: what the run keeps. */
function heapKept(): number {
  gc?.();
  return process.memoryUsage().heapUsed;
}

const { cases } = loadCases([DEFAULT_CASES_DIR]);
const adapter = await stdioImplementation("node examples/stdio-adapter.mjs");
try {
  await runCases(adapter, cases);
  const afterFirstPass = process.memoryUsage().rss;
  let afterWarm = { rss: 0, heap: 0 };
  let done = 0;
  const soakCases = Array.from({ length: SOAK_CASES }, (_, index) => cases[index % cases.length]!);
  const started = performance.now();
  const results = await runCases(adapter, soakCases, {
    onResult: () => {
      if (++done === WARM) afterWarm = { rss: process.memoryUsage().rss, heap: heapKept() };
    },
  });
  const seconds = (performance.now() - started) / 1000;
  const atEnd = { rss: process.memoryUsage().rss, heap: heapKept() };
  const passed = results.filter((result) => result.status === "passed").length;
  const keptPerCase = SOAK_CASES > WARM ? (atEnd.heap - afterWarm.heap) / (SOAK_CASES - WARM) : 0;
  console.log(JSON.stringify({ cases: SOAK_CASES, warm: WARM, seconds, passed, rss: { afterFirstPass, afterWarm: afterWarm.rss, atEnd: atEnd.rss }, keptPerCase, gc: gc !== undefined }));
} finally {
  await adapter.dispose?.();
}
