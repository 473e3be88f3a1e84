// Watching the OpenAI Agents SDK from the outside, without replacing any module (a vi.mock of the
// SDK would not reach an adapter a worker loaded before): Runner.prototype.run is spied on for each
// test, and on its way through hands `watch` the agent it is run with, the RunResult it returns and
// the error it throws, unchanged.
import { Agent, Runner } from "@openai/agents";
import { afterEach, beforeEach, vi } from "vitest";

export interface RunWatch {
  agent(agent: Agent): void;
  result(result: any): void;
  thrown(error: unknown): void;
}

export function watchRunnerRuns(watch: RunWatch): void {
  const originalRun = Runner.prototype.run;
  beforeEach(() => {
    vi.spyOn(Runner.prototype, "run").mockImplementation(async function (this: Runner, ...args: any[]) {
      if (args[0] instanceof Agent) watch.agent(args[0]);
      let result: any;
      try {
        result = await (originalRun as (...all: any[]) => Promise<any>).apply(this, args);
      } catch (error) {
        watch.thrown(error);
        throw error;
      }
      watch.result(result);
      return result;
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
}

/** `wrap`, applied to each object the first time it is met only: the SDK hands the same guardrails and handoffs to every run. */
export function onceEach<T extends object>(wrap: (object: T) => void): (object: T) => void {
  const wrapped = new WeakSet<T>();
  return (object) => {
    if (wrapped.has(object)) return;
    wrapped.add(object);
    wrap(object);
  };
}
