// @openai/agents: a handoff without an inputType hands the run over on arguments that are not JSON: RFC-0015, Validation Failures (HANDOFF-1, HANDOFF-2).
// Run in an empty folder (Node.js 20 or later):
//   npm install @openai/agents@0.20.0
//   node handoff-arguments-never-read.mjs
// RFC-0015 has handoff calls share strict JSON decoding (no handoff schema); the SDK decodes a handoff's arguments only with an inputType.
// Offline: the model is the SDK's own ScriptedModel (@openai/agents/testing), tracing is off.
// `handoffs: [billing]` takes the same path as handoff(billing, { onHandoff }) below, without the callback.
import { Agent, handoff, Runner, setTracingDisabled } from "@openai/agents";
import { assistantMessage, functionCall, ScriptedModel } from "@openai/agents/testing";

setTracingDisabled(true);

const received = [];
const billing = new Agent({ name: "billing", instructions: "Handle billing questions." });
const triage = new Agent({
  name: "triage",
  instructions: "Route the user.",
  handoffs: [handoff(billing, { onHandoff: (_context, input) => void received.push(input) })],
});

// The handoff call's arguments are cut off: not JSON.
const raw = '{"reason": "refund for order A-17"';
const model = new ScriptedModel([[functionCall("transfer_to_billing", raw, { callId: "call_1" })], [assistantMessage("Billing here.")]]);
let result;
try {
  result = await new Runner({ model, tracingDisabled: true }).run(triage, "I want a refund.");
} catch (error) {
  console.log(`the run refused the handoff: ${error}`);
}

console.log("raw handoff arguments:     ", JSON.stringify(raw));
console.log("the run ended with agent:  ", result?.lastAgent?.name ?? "(run failed)");
console.log("onHandoff was handed input:", received.length === 0 ? "(not called)" : received.map((input) => String(input)).join(", "));
if (result?.lastAgent?.name === "billing") {
  console.log("BROKEN: RFC-0015 (Validation Failures: handoff calls share strict JSON decoding; HANDOFF-1, HANDOFF-2): a handoff whose arguments are not JSON handed the run over, and nothing was decoded for the receiving side.");
  process.exit(1);
}
console.log("holds: the malformed handoff did not hand the run over.");
