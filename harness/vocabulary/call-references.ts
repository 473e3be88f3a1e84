// Which call a case's words name. A call id is unique within its turn, but a later turn may use
// it again, as providers do: a reference by id alone names the latest call with that id
// (spec/case-format.md, "Call references"). Every reader of a case resolves them here.
import type { Call, Step, Tool } from "../loading/case-schema.ts";

/** A call of a case: the step of its turn, and its id. */
export interface CallAt {
  step: number;
  callId: string;
}

/**
 * The step of the call that `id` names, from step `from`: the call of that turn, unless it is
 * `by` itself (the call whose expectation refers); else the latest call with that id in an
 * earlier turn. Undefined when no such call comes before.
 */
export function referencedStep(steps: readonly Pick<Step, "turn">[], id: string, from: number, by?: string): number | undefined {
  if (id !== by && steps[from]?.turn?.some((call) => call.id === id)) return from;
  for (let step = Math.min(from, steps.length) - 1; step >= 0; step -= 1) {
    if (steps[step]?.turn?.some((call) => call.id === id)) return step;
  }
  return undefined;
}

/** The call that `id` names from step `from` (see referencedStep), with its step. */
export function referencedCall(steps: readonly Pick<Step, "turn">[], id: string, from: number, by?: string): (CallAt & { call: Call }) | undefined {
  const step = referencedStep(steps, id, from, by);
  const call = step === undefined ? undefined : steps[step]!.turn!.find((candidate) => candidate.id === id);
  return call && { step: step!, callId: id, call };
}

/** How a report names a call: its id, and its step (counted from 1, as reports count) when the case uses the id in more than one turn. */
export function callLabel(steps: readonly Pick<Step, "turn">[], { step, callId }: CallAt): string {
  const turns = steps.filter((candidate) => candidate.turn?.some((call) => call.id === callId)).length;
  return turns > 1 ? `${callId} (step ${step + 1})` : callId;
}

/** The tool definitions in effect at a step: the case's, with every redefinition of an earlier step applied. */
export function toolsAt(testCase: { tools: Readonly<Record<string, Tool>>; steps: readonly Pick<Step, "redefine">[] }, step: number): Record<string, Tool> {
  const tools = { ...testCase.tools };
  for (const earlier of testCase.steps.slice(0, step)) Object.assign(tools, earlier.redefine);
  return tools;
}

/** Which definition of a tool is in effect at a step: the step of its latest redefinition before it, or -1 for the case's own. */
export function definitionOf(steps: readonly Pick<Step, "redefine">[], tool: string, step: number): number {
  for (let earlier = Math.min(step, steps.length) - 1; earlier >= 0; earlier -= 1) {
    if (steps[earlier]?.redefine && Object.hasOwn(steps[earlier]!.redefine!, tool)) return earlier;
  }
  return -1;
}
