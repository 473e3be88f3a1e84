// For test/adapters/mastra.test.ts, which runs on the repository's Node.js 20 while @mastra/core
// declares Node.js 22.13: run in a child on this folder's Node.js 22 (node --import tsx
// adapters/mastra/observe-case.ts), it runs real cases through the adapter in its own process,
// where objects can be compared, and prints on stdout, as JSON, what Mastra's own run outputs say
// beside what the probes recorded. Object identities are compared here (`===`) and printed as
// booleans, for the test to assert on.
import { fileURLToPath } from "node:url";
import type { Adapter, PolicyDecision } from "../../harness/adapter.ts";
import { loadCaseFile, type LoadedCase } from "../../harness/loading/loader.ts";
import { observeCase, runCase } from "../../harness/running/runner.ts";
import { invocations, mastraAdapter, type Output } from "./adapter.ts";

function realCase(path: string): LoadedCase {
  const loaded = loadCaseFile(fileURLToPath(new URL(`../../cases/${path}.yaml`, import.meta.url)));
  if (!("case" in loaded)) throw new Error(loaded.errors.map((error) => error.message).join("\n"));
  return loaded.case;
}

/** One case through the adapter: Mastra's output of every run (and resumed run), and the probe log. */
async function observed(path: string) {
  const outputs: Output[] = [];
  const seen = await observeCase(mastraAdapter({ onOutput: (output) => outputs.push(output) }), realCase(path), 10_000);
  if ("errored" in seen) throw new Error(seen.errored);
  const { log } = seen.observation;
  // What happened, in the order the probes recorded it.
  const order = [
    ...log.policies.map((record) => [record.seq, `policy ${record.callId}`] as const),
    ...log.parses.map((record) => [record.seq, "parse"] as const),
    ...log.executions.map((record) => [record.seq, `run ${record.callId}`] as const),
  ]
    .sort((a, b) => a[0] - b[0])
    .map(([, what]) => what);
  return { outputs, log, order };
}

// matrix/defaults-visible: the policy allows only dryRun true, which the schema's default supplies.
async function defaultsVisible() {
  const { outputs, log, order } = await observed("matrix/defaults-visible");
  return {
    runs: outputs.map((output) => output.finishReason),
    // Mastra's own pending request of each suspended run: the call and the arguments it holds.
    pending: outputs.flatMap((output) => (output.suspendPayload ? [[output.suspendPayload.toolCallId, JSON.stringify(output.suspendPayload.args)]] : [])),
    // The last record of each call in Mastra's messages: a declined call with the reason recorded.
    recorded: outputs.flatMap((output) => invocations(output).map((call) => [call.toolCallId, call.state, call.approval?.reason ?? null])),
    order,
    // What requireApproval was handed: the decoded request, never the schema output with its defaults.
    policyInputs: log.policies.map((record) => [record.callId, record.parsedAtEntry.text]),
    parses: log.parses.length,
  };
}

// approval-resume/approved-call-runs-as-suspended: a call suspended for approval and approved through Mastra's own path.
async function approvedCall() {
  const { outputs, log, order } = await observed("approval-resume/approved-call-runs-as-suspended");
  const resumed = outputs[1]!;
  const ran = invocations(resumed).find((call) => call.toolCallId === "c1");
  return {
    runs: outputs.map((output) => output.finishReason),
    pending: outputs.flatMap((output) => (output.suspendPayload ? [[output.suspendPayload.toolCallId, JSON.stringify(output.suspendPayload.args)]] : [])),
    order,
    policyInputs: log.policies.map((record) => [record.callId, record.parsedAtEntry.text]),
    // One parse of the decoded request, through the OpenAI model's schema-compat layer (which tells
    // the createTool wrapper not to parse again), when the approved call runs.
    parses: log.parses.map((record) => [record.input.text, record.output?.text ?? null]),
    executed: log.executions.map((record) => [record.callId, record.argsAtEntry.text]),
    // Mastra's record of the resumed call holds the request; the tool got the schema output, another object.
    recordedArgs: JSON.stringify(ran?.args),
    sameObjects: {
      // requireApproval got a shallow copy of the arguments Mastra holds for the pending call.
      policyAndPending: log.policies[0]?.parsedRef === outputs[0]?.suspendPayload?.args,
      toolAndPolicy: log.executions[0]?.argsRef === log.policies[0]?.parsedRef,
      toolAndRecord: log.executions[0]?.argsRef === ran?.args,
    },
  };
}

/** The real adapter, handed a policy that reports every deny to Mastra as an allow (the probe still records the deny). */
function allowingDenials(adapter: Adapter): Adapter {
  return {
    ...adapter,
    createSession(wiring) {
      const policy = async (input: Parameters<typeof wiring.policy>[0]): Promise<PolicyDecision> => {
        const decided = await wiring.policy(input);
        return decided.decision === "deny" ? { decision: "allow" } : decided;
      };
      return adapter.createSession({ ...wiring, policy });
    },
  };
}

// A wiring defect (a deny answered as an allow) must show as INV-1, check 10: the verdict rests on the probes.
async function wiringDefect() {
  const testCase = realCase("matrix/defaults-visible");
  const honest = await runCase(mastraAdapter(), testCase, 10_000);
  const defective = await runCase(allowingDenials(mastraAdapter()), testCase, 10_000);
  const check10 = (failures: typeof honest.failures) => failures.filter((failure) => failure.check === 10).map(({ requirement, callId, step }) => ({ requirement, callId, step }));
  return { honest: [honest.status, check10(honest.failures)], defective: [defective.status, check10(defective.failures)] };
}

// The packages beside @mastra/core the adapter declares, read from this folder's install.
const { components } = mastraAdapter();

process.stdout.write(JSON.stringify({ node: process.version, components, defaultsVisible: await defaultsVisible(), approvedCall: await approvedCall(), wiringDefect: await wiringDefect() }));
