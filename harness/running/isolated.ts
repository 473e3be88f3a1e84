// Running an adapter module isolated: its code runs only in a child process of its own
// (isolate.ts), never in the harness's. The child loads the module, runs the case it is handed
// and answers with what the case observed; the verdict is made here, where the adapter cannot
// reach it. A child that does not answer within the case's timeout and a grace (an adapter that
// never yields), or that dies (an adapter that exits, crashes or throws where nothing catches
// it), is killed with everything it started; its case is errored, and the next case gets a
// fresh child. The reference, which the harness trusts, runs without this.
import type { LoadedCase } from "../loading/loader.ts";
import type { Capability, TransportLimit } from "../adapter.ts";
import { Isolate, type IsolateOptions, type Received } from "./isolate.ts";
import type { CaseResult } from "./results.ts";
import { judgeObserved, type CaseRunner, type RunOptions } from "./runner.ts";
import { skippedBeforeRunning } from "./applicability.ts";
import { caseResult } from "./results.ts";
import type { TransferableObserved } from "./transferable.ts";
import { describeThrown, type Implementation } from "./implementation.ts";

/** How long past the case's own timeout the child may take to answer. */
export const ISOLATION_GRACE_MS = 2_000;
/** The least time an adapter module is given to load, whatever the case timeout: loading a real SDK takes a few seconds. */
const MODULE_LOAD_MS = 10_000;

export interface IsolatedSetup {
  module: string;
}
export interface ToIsolatedChild {
  /** Without its parsed YAML source, which only the loader reads. */
  testCase: Omit<LoadedCase, "source">;
  timeoutMs: number;
}
export interface AdapterIdentity {
  name: string;
  version: string;
  capabilities: Capability[];
  transportLimits?: TransportLimit[];
  components?: Record<string, string>;
  /** The Node.js version the child runs (process.version): the one `--node` chose, when given. */
  node: string;
}
/** `restart`: the child's state cannot be trusted after the case: the next case gets a fresh one. */
export type FromIsolatedChild = { loaded: AdapterIdentity } | { failed: string } | { observed: TransferableObserved; restart?: true };

/** What an implementation says it is, copied out of its objects as plain strings: what a child tells the harness. */
export function identityOf(implementation: Pick<Implementation, "name" | "version" | "capabilities" | "transportLimits" | "components">): AdapterIdentity {
  const { transportLimits, components } = implementation;
  return {
    name: String(implementation.name),
    version: String(implementation.version),
    capabilities: [...implementation.capabilities].map(String) as Capability[],
    ...(transportLimits && { transportLimits: [...transportLimits].map(String) as TransportLimit[] }),
    ...(components && { components: Object.fromEntries(Object.entries(components).map(([name, version]) => [String(name), String(version)])) }),
    node: process.version,
  };
}

/** The adapter module did not load: what the command line named cannot be run. */
export class AdapterModuleFailed extends Error {}

/** How long a child may take to load an adapter module: the case timeout, and MODULE_LOAD_MS at least. */
export const loadBound = (timeoutMs: number) => Math.max(timeoutMs, MODULE_LOAD_MS);
const LOAD_LATE = "did not finish loading it within";
export const loadLate = (timeoutMs: number) => `${LOAD_LATE} ${loadBound(timeoutMs)} ms (it kept its process busy), so it was stopped`;

/** Why a child that was to load the adapter module did not say it had. */
export function loadFailure(module: string, child: Pick<Isolate<unknown, unknown>, "explain">, answer: Received<{ failed: string } | object>): string {
  if ("message" in answer) return "failed" in answer.message ? answer.message.failed : `cannot load adapter module ${module}: its process answered out of turn`;
  const before = answer.ended.startsWith(LOAD_LATE) ? "" : " before the module had loaded";
  return child.explain(`cannot load adapter module ${module}: its process ${answer.ended}${before}`);
}

type Child = Isolate<ToIsolatedChild, FromIsolatedChild>;

/** Starts a child on the module and waits (loadBound) for it to say what the adapter is; throws AdapterModuleFailed when it does not. */
export async function openIsolated(module: string, timeoutMs: number, options: IsolateOptions = {}): Promise<CaseRunner> {
  const start = async (): Promise<{ child: Child; identity: AdapterIdentity } | { failed: string }> => {
    const child: Child = new Isolate(import.meta.url, "isolated-child", { module } satisfies IsolatedSetup, options);
    const answer = await child.receive(loadBound(timeoutMs), loadLate(timeoutMs));
    if ("message" in answer && "loaded" in answer.message) return { child, identity: answer.message.loaded };
    await child.kill();
    return { failed: loadFailure(module, child, answer) };
  };

  const first = await start();
  if ("failed" in first) throw new AdapterModuleFailed(first.failed);
  const { identity } = first;
  let current: Child | undefined = first.child;

  return {
    ...identity,
    runBy: { how: "in-process", module, node: identity.node },
    async runCases(cases: readonly LoadedCase[], runOptions: RunOptions = {}): Promise<CaseResult[]> {
      const caseTimeoutMs = runOptions.timeoutMs ?? timeoutMs;
      const results: CaseResult[] = [];
      for (const testCase of cases) {
        const started = performance.now();
        let result = skippedBeforeRunning(identity, testCase, started);
        if (!result) {
          const run = await runIsolated(testCase, caseTimeoutMs);
          result = "observed" in run ? judged(identity, testCase, run.observed, started) : errored(testCase, run.broke, started);
        }
        runOptions.onResult?.(result);
        results.push(result);
      }
      return results;
    },
    async dispose() {
      await current?.kill();
      current = undefined;
    },
  };

  /** One case in the current child, or in a fresh one when the last broke. */
  async function runIsolated(testCase: LoadedCase, caseTimeoutMs: number): Promise<{ observed: TransferableObserved } | { broke: string }> {
    if (!current) {
      const fresh = await start();
      if ("failed" in fresh) return { broke: `the adapter module could not be loaded again after its last process was stopped: ${fresh.failed}` };
      current = fresh.child;
    }
    const child = current;
    const endedBefore = child.ended;
    // The copy leaves the parsed source behind (loadedCase makes it not enumerable).
    child.send({ testCase: { ...testCase }, timeoutMs: caseTimeoutMs });
    const answer = await child.receive(caseTimeoutMs + ISOLATION_GRACE_MS, `did not give control back within ${caseTimeoutMs} ms (it kept its process busy), so it was stopped`);
    if ("message" in answer && "observed" in answer.message && !answer.message.restart) return { observed: answer.message.observed };
    // Its state is unknown after this: the next case gets a fresh child.
    await child.kill();
    current = undefined;
    if ("message" in answer) return "observed" in answer.message ? { observed: answer.message.observed } : { broke: "the adapter's process answered out of turn" };
    return { broke: child.explain(`the adapter's process ${answer.ended}${endedBefore !== undefined ? " before the case started" : ""}`) };
  }
}

/** The verdict on what the child observed; an answer the checks cannot read errors the case. */
function judged(identity: AdapterIdentity, testCase: LoadedCase, observed: TransferableObserved, started: number): CaseResult {
  try {
    return judgeObserved(identity, testCase, "errored" in observed ? observed : { observation: { ...observed.observation, testCase } }, started);
  } catch (error) {
    return errored(testCase, `the adapter's process sent an observation the harness cannot read: ${describeThrown(error)}`, started);
  }
}

/** The result of a case the adapter broke outside any call the runner could catch. */
function errored(testCase: Omit<LoadedCase, "source">, reason: string, started: number): CaseResult {
  return caseResult(testCase, started, { status: "errored", failures: [], reason });
}
