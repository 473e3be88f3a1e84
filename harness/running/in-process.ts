// An in-process TypeScript adapter as an implementation: the harness's own probes are wired in,
// and the adapter's calls are bounded by the case's timeout.
import type { Adapter } from "../adapter.ts";
import { nestsDeeperThan, tooDeepToHandOver, tooDeepToRead } from "../values/depth.ts";
import { snapshot, type Snapshot } from "../values/snapshot.ts";
import { shown, SHOWN_TEXT_CHARACTERS } from "../values/elide.ts";
import { settleWithin } from "./deadline.ts";
import { caseBudget, declaredExtras, describeThrown, ImplementationBroke, isImplementationBroke, type CaseSession, type Implementation } from "./implementation.ts";
import { describeValue, observeInProcessOutcomes } from "./outcomes.ts";
import type { ObservedOutcome, ProbeLog } from "./observation.ts";
import { createProbes } from "./probes.ts";
import { checkDeclaration } from "./capabilities.ts";

/** Throws CapabilityDeclarationError when the adapter declares a capability, a transport limit or components the suite cannot take. */
export function inProcess(adapter: Adapter): Implementation {
  checkDeclaration(adapter, `the adapter "${shown(String(adapter.name), SHOWN_TEXT_CHARACTERS)}"`);
  return {
    name: adapter.name,
    version: adapter.version,
    capabilities: adapter.capabilities,
    ...declaredExtras(adapter),
    async openSession(testCase, timeoutMs): Promise<CaseSession> {
      const budget = caseBudget(timeoutMs);
      const within = <T>(work: () => T | Promise<T>, what: string) => bounded(work, budget.remaining(), `${what} did not finish within ${budget.describe}`);
      const probes = createProbes(testCase, adapter.schemaLibrary ?? "zod4");
      const session = await within(() => adapter.createSession(probes.wiring), "createSession");
      const fingerprint = session.fingerprint?.bind(session);
      const redefineTools = session.redefineTools?.bind(session);
      const resume = session.resume?.bind(session);
      /** What a turn or a resume reported, observed; errored when it holds a value too deep to read whole or the runtime ignored a redefinition. */
      const observed = (reported: unknown, what: string) => {
        const outcomes = observeInProcessOutcomes(reported, snapshot);
        if (holdsTooDeep(probes.log, outcomes)) throw new ImplementationBroke(tooDeepToRead(`a value the adapter handed over in ${what}`));
        // The runtime never took the application's change: nothing it did after it tests the case.
        if (probes.staleUses.length > 0) throw new ImplementationBroke(`in ${what}, the runtime used ${probes.staleUses[0]}: the adapter's redefineTools did not reach it`);
        return outcomes;
      };
      return {
        log: probes.log,
        hashes: adapter.capabilities.includes("proposal-hash"),
        grants: probes.grants,
        enterStep: probes.enterStep,
        runTurn: async (calls, turn) => observed(await within(() => session.runTurn(calls, turn), `turn ${turn}`), `turn ${turn}`),
        async resume(answers) {
          if (!resume) throw new ImplementationBroke('the adapter declares "resume", but its session has no resume');
          return observed(await within(() => resume(answers), "resume"), "the resume");
        },
        ...(fingerprint && {
          async fingerprint(toolName, args) {
            // A case's arguments may nest as deep as its file says.
            if (nestsDeeperThan(args)) throw new ImplementationBroke(tooDeepToHandOver(`the value to fingerprint for ${toolName}`));
            const hash = await within(() => fingerprint(toolName, args), "fingerprint");
            if (typeof hash !== "string") throw new ImplementationBroke(`fingerprint returned ${describeValue(hash)} instead of a proposal hash`);
            return hash;
          },
        }),
        async redefineTools(tools) {
          if (!redefineTools) throw new ImplementationBroke('the adapter declares "tool-changes", but its session has no redefineTools');
          const wired = probes.redefine(tools);
          await within(() => redefineTools(wired), "redefineTools");
        },
        async close() {
          try {
            await within(() => session.close?.(), "close");
          } catch {
            // A failing or hanging close says nothing about the case's verdict.
          }
        },
      };
    },
  };
}

async function bounded<T>(work: () => T | Promise<T>, timeoutMs: number, lateMessage: string): Promise<T> {
  try {
    return await settleWithin(Promise.resolve().then(work), timeoutMs, () => {
      throw new ImplementationBroke(lateMessage);
    });
  } catch (error) {
    if (isImplementationBroke(error)) throw error;
    throw new ImplementationBroke(`the adapter threw: ${describeThrown(error)}`);
  }
}

/** Whether a probe record or a suspended proposal holds a snapshot of a value nested too deep to read whole: the verdict would rest on part of it. */
function holdsTooDeep(log: ProbeLog, outcomes: readonly ObservedOutcome[]): boolean {
  const snapshots: (Snapshot | undefined)[] = [
    ...log.parses.flatMap((record) => [record.input, record.output]),
    ...log.hooks.flatMap((record) => [record.toolInput, record.output]),
    ...log.policies.flatMap((record) => [record.parsedAtEntry, record.requestedAtEntry]),
    ...log.executions.map((record) => record.argsAtEntry),
    ...log.handoffs.map((record) => record.input),
    ...outcomes.flatMap((outcome) => (outcome.outcome === "suspended" ? [outcome.proposal.parsedArguments, outcome.proposal.requestedArguments] : [])),
  ];
  return snapshots.some((value) => value?.tooDeep);
}
