// An in-process TypeScript adapter as an implementation: the harness's own probes are wired in,
// and the adapter's calls are bounded by the case's timeout.
import type { Adapter } from "./adapter.ts";
import { ImplementationBroke, type CaseSession, type Implementation } from "./implementation.ts";
import { createProbes } from "./probes.ts";

export function inProcess(adapter: Adapter): Implementation {
  return {
    name: adapter.name,
    version: adapter.version,
    capabilities: adapter.capabilities,
    async openSession(testCase, timeoutMs): Promise<CaseSession> {
      // The timeout is for the whole case: each call gets what is left of it.
      const deadline = performance.now() + timeoutMs;
      const remaining = () => Math.max(1, Math.round(deadline - performance.now()));
      const probes = createProbes(testCase);
      const session = await bounded(() => adapter.createSession(probes.wiring), remaining(), "createSession");
      return {
        log: probes.log,
        grants: probes.grants,
        enterStep: probes.enterStep,
        runTurn: (calls, turn) => bounded(() => session.runTurn(calls, turn), remaining(), `turn ${turn}`),
        async close() {
          try {
            await session.close?.();
          } catch {
            // A failing close says nothing about the case's verdict.
          }
        },
      };
    },
  };
}

async function bounded<T>(work: () => T | Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ImplementationBroke(`${what} did not finish within the case's timeout (${timeoutMs} ms left)`)), timeoutMs);
  });
  try {
    return await Promise.race([Promise.resolve().then(work), timeout]);
  } catch (error) {
    if (error instanceof ImplementationBroke) throw error;
    throw new ImplementationBroke(`the adapter threw: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
  } finally {
    clearTimeout(timer);
  }
}
