// For test/adapters/vercel-ai-7.test.ts, which runs on the repository's Node.js 20 while ai 7
// declares Node.js 22: run in a child on this folder's Node.js 22 (node --import tsx
// adapters/vercel-ai-7/observe-case.ts), it runs real cases through the adapter in its own
// process, where objects can be compared, and prints on stdout, as JSON, what the SDK's own
// generateText results say beside what the probes recorded. Object identities are compared here
// (`===`) and printed as booleans, for the test to assert on.
import { fileURLToPath } from "node:url";
import type { Adapter, WiredTool } from "../../harness/adapter.ts";
import { loadCaseFile, type LoadedCase } from "../../harness/loading/loader.ts";
import { observeCase, runCase } from "../../harness/running/runner.ts";
import { vercelAi7Adapter, type Result } from "./adapter.ts";

function realCase(path: string): LoadedCase {
  const loaded = loadCaseFile(fileURLToPath(new URL(`../../cases/${path}.yaml`, import.meta.url)));
  if (!("case" in loaded)) throw new Error(loaded.errors.map((error) => error.message).join("\n"));
  return loaded.case;
}

/** One case through the adapter: the SDK's records of every generateText run, and the probe log. */
async function observed(path: string) {
  const results: Result[] = [];
  const seen = await observeCase(vercelAi7Adapter({ onGenerateText: (result) => results.push(result) }), realCase(path), 10_000);
  if ("errored" in seen) throw new Error(seen.errored);
  const content = results.flatMap((result) => result.steps.flatMap((step) => step.content));
  const toolCalls = content.flatMap((part) => (part.type === "tool-call" ? [part] : []));
  const inputOf = (callId: string) => toolCalls.find((call) => call.toolCallId === callId)?.input;
  return { results, content, toolCalls, inputOf, log: seen.observation.log };
}

// matrix/defaults-visible: c1 is allowed and executed; c2 is denied by the policy at toolApproval.
async function defaultsVisible() {
  const { results, content, toolCalls, inputOf, log } = await observed("matrix/defaults-visible");
  const toolResults = content.flatMap((part) => (part.type === "tool-result" ? [part] : []));
  const approvalRequests = content.flatMap((part) => (part.type === "tool-approval-request" ? [part] : []));
  const denials = results.flatMap((result) =>
    result.responseMessages.flatMap((message) => (message.role === "tool" ? message.content.filter((part) => part.type === "tool-result" && part.output.type === "execution-denied") : [])),
  );
  return {
    runs: results.length,
    toolCalls: toolCalls.map((call) => [call.toolCallId, call.invalid ?? false]),
    parses: log.parses.length,
    toolResults: toolResults.map((part) => part.toolCallId),
    approvalRequests: approvalRequests.map((part) => [part.toolCall.toolCallId, part.isAutomatic ?? false]),
    policies: log.policies.map((record) => record.callId),
    executions: log.executions.map((record) => record.callId),
    denials,
    // What the policy and the tool received is the SDK's own parsed input of that call.
    sameObjects: {
      policyC1: log.policies[0]?.parsedRef === inputOf("c1"),
      policyC2: log.policies[1]?.parsedRef === inputOf("c2"),
      toolC1: log.executions[0]?.argsRef === inputOf("c1"),
      resultC1: toolResults[0]?.input === inputOf("c1"),
      approvalC2: approvalRequests[0]?.toolCall.input === inputOf("c2"),
    },
  };
}

/** The real adapter, handed a wiring whose tools receive a structured clone of the SDK's arguments. */
function cloningArguments(adapter: Adapter): Adapter {
  return {
    ...adapter,
    createSession(wiring) {
      const tools: Record<string, WiredTool> = {};
      for (const [name, wired] of Object.entries(wiring.tools)) tools[name] = { ...wired, execute: (args, context) => wired.execute(structuredClone(args), context) };
      return adapter.createSession({ ...wiring, tools });
    },
  };
}

// A wiring defect (the tool handed a copy of what the policy evaluated) must show as INV-5, check 12.
async function wiringDefect() {
  const testCase = realCase("matrix/defaults-visible");
  const honest = await runCase(vercelAi7Adapter(), testCase, 10_000);
  const defective = await runCase(cloningArguments(vercelAi7Adapter()), testCase, 10_000);
  const check12 = (failures: typeof honest.failures) => failures.filter((failure) => failure.check === 12);
  return { honest: [honest.status, check12(honest.failures)], defective: [defective.status, check12(defective.failures)] };
}

process.stdout.write(JSON.stringify({ node: process.version, defaultsVisible: await defaultsVisible(), wiringDefect: await wiringDefect() }));
