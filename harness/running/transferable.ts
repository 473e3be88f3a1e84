// What a case observed, as an isolated child sends it to the harness (isolated.ts): the case is
// left out (the harness has it), and each object a runtime handed a probe becomes a token that
// stands for its identity. The identity checks read the tokens as they read the objects (the
// same object, the same token; structured cloning keeps shared tokens shared), and no adapter
// object, which may hold functions, proxies or getters, has to be copied.
import type { Observation } from "./observation.ts";
import type { Observed } from "./runner.ts";

export type TransferableObserved = { observation: Omit<Observation, "testCase"> } | { errored: string };

export function transferable(observed: Observed): TransferableObserved {
  if ("errored" in observed) return observed;
  const { testCase: _sent, ...observation } = observed.observation;
  const tokens = new Map<unknown, object>();
  const token = (value: unknown): unknown => {
    if ((typeof value !== "object" || value === null) && typeof value !== "function" && typeof value !== "symbol") return value;
    let found = tokens.get(value);
    if (!found) tokens.set(value, (found = { identity: tokens.size + 1 }));
    return found;
  };
  const { log } = observation;
  return {
    observation: {
      ...observation,
      log: {
        ...log,
        parses: log.parses.map((record) => ("outputRef" in record ? { ...record, outputRef: token(record.outputRef) } : record)),
        hooks: log.hooks.map((record) => ({ ...record, toolInputRef: token(record.toolInputRef) })),
        policies: log.policies.map((record) => ({ ...record, parsedRef: token(record.parsedRef), requestedRef: token(record.requestedRef) })),
        executions: log.executions.map((record) => ({ ...record, argsRef: token(record.argsRef) })),
      },
    },
  };
}
