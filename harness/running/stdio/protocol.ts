// The stdio adapter protocol: newline-delimited JSON, one request from the harness, one reply
// from the adapter, in order. spec/adapter-protocol.md explains it; spec/protocol.schema.json is
// generated from these schemas. Every reply is checked against them.
import { z } from "zod";
import { CAPABILITIES, TRANSPORT_LIMITS } from "../../adapter.ts";
import { DECISIONS, Hook, Json, Policy, Tool } from "../../loading/case-schema.ts";
import { outcomeSchema } from "../outcomes.ts";

export const PROTOCOL = "effective-args/2";

const RequestId = z.number().int().positive().describe("Counts the harness's requests; the reply echoes it.");

/**
 * A value a runtime handed over, as it was at that moment. The harness computes every canonical
 * form itself, so the adapter sends the value, not its canonical JSON: as JSON when it is plain
 * JSON data, or else in the extended notation of spec/adapter-protocol.md ("Values").
 */
export const Value = z
  .union([
    z.strictObject({ json: Json.describe("The value, when it is plain JSON data.") }),
    z.strictObject({ notation: z.string().describe("The value in the extended notation, when JSON cannot hold it (NaN, Infinity, undefined members, BigInt).") }),
  ])
  .meta({ id: "Value" });
export type Value = z.infer<typeof Value>;

const ModelCall = z.strictObject({ callId: z.string(), toolName: z.string(), rawArguments: z.string() }).meta({ id: "ModelCall" });

// Harness to adapter.

export const HelloRequest = z.strictObject({ type: z.literal("hello"), id: RequestId, protocol: z.literal(PROTOCOL) }).meta({ id: "HelloRequest" });
export const StartRequest = z.strictObject({
  type: z.literal("start"),
  id: RequestId,
  case: z.strictObject({
    id: z.string(),
    tools: z.record(z.string(), Tool),
    handoffs: z.array(z.string()).optional().describe("The case's handoff names, when it has any (only sent to an adapter with the handoffs capability)."),
    hooks: z.array(Hook),
    policy: Policy,
  }).describe("The parts of the case the adapter builds its probes from."),
}).meta({ id: "StartRequest" });
export const TurnRequest = z.strictObject({
  type: z.literal("turn"),
  id: RequestId,
  turn: z.number().int().positive(),
  calls: z.array(ModelCall),
  grants: z.array(z.string()).describe("Proposal hashes approval has been granted for; the policy's `granted` fact reads them."),
}).meta({ id: "TurnRequest" });
export const ResumeRequest = z.strictObject({
  type: z.literal("resume"),
  id: RequestId,
  answers: z
    .array(
      z.strictObject({
        callId: z.string(),
        toolName: z.string(),
        approved: z.boolean(),
        reason: z.string().optional().describe("With a rejection: the reviewer's reason."),
        replayedArguments: Json.optional().describe(
          "With the replay capability, on an approval: the arguments (plain JSON) the record of the call that the application hands back holds; put them where the runtime reads the call's arguments from that record.",
        ),
      }),
    )
    .min(1)
    .describe("The reviewer's answers to the runtime's own pending approval requests, one per suspended call answered."),
  grants: z.array(z.string()).describe("As in turn."),
}).describe("With the resume capability: answer the runtime's pending approval requests through its own approve / reject path and let it resume. Answered with a turn-result, one outcome per answered call.").meta({ id: "ResumeRequest" });
export const FingerprintRequest = z.strictObject({
  type: z.literal("fingerprint"),
  id: RequestId,
  toolName: z.string(),
  arguments: Json.describe("Effective arguments to fingerprint."),
}).describe("With the fingerprint capability: the proposal hash the runtime computes, by its own formula, for a call to this tool with these effective arguments.").meta({ id: "FingerprintRequest" });
export const RedefineRequest = z.strictObject({
  type: z.literal("redefine"),
  id: RequestId,
  tools: z.record(z.string(), Tool).describe("The tools whose definitions change, with their new definitions; the others stay as they are."),
}).describe("With the tool-changes capability: from the next turn on, these tools have these definitions (the adapter builds new probes for them), as when an application changes a tool between turns.").meta({ id: "RedefineRequest" });
export const EndRequest = z.strictObject({ type: z.literal("end"), id: RequestId }).meta({ id: "EndRequest" });
export const ShutdownRequest = z.strictObject({ type: z.literal("shutdown") }).meta({ id: "ShutdownRequest" });
export const Request = z.discriminatedUnion("type", [HelloRequest, StartRequest, TurnRequest, ResumeRequest, FingerprintRequest, RedefineRequest, EndRequest, ShutdownRequest]);
export type Request = z.infer<typeof Request>;

// Adapter to harness.

const Decision = z.strictObject({ decision: z.enum(DECISIONS), reason: z.string().optional() });
const Seq = z.number().int().nonnegative().describe("Order of the record within the session, increasing.");

export const ProbeRecord = z.discriminatedUnion("kind", [
  z.strictObject({
    kind: z.literal("parse"),
    seq: Seq,
    tool: z.string(),
    input: Value,
    output: Value.optional().describe("Only when the parse succeeded."),
    outputObject: z
      .number()
      .int()
      .optional()
      .describe("Identity of the object the parse returned, numbered as parsedObject numbers objects; only when the parse succeeded, and only if the adapter can tell."),
  }),
  z.strictObject({
    kind: z.literal("hook"),
    seq: Seq,
    hookId: z.string(),
    callId: z.string(),
    tool: z.string(),
    toolInput: Value,
    decision: z.enum(["allow", "deny"]).optional(),
    updatedInput: Value.optional().describe("The replacement input, when the hook rewrote."),
  }),
  z.strictObject({
    kind: z.literal("policy"),
    seq: Seq,
    callId: z.string(),
    tool: z.string(),
    rawArguments: z.string().optional().describe("The rawArguments the policy was handed; report it, or the harness cannot check the raw view (INV-8)."),
    parsedObject: z.number().int().describe("Identity of the parsedArguments object the policy was handed."),
    parsedArguments: Value.describe("parsedArguments at entry to the policy."),
    requestedArguments: Value.optional().describe("requestedArguments at entry, when the runtime handed the policy that view."),
    argsCanonicalJson: z.string().optional().describe("As handed to the policy."),
    proposalHash: z.string().optional().describe("As handed to the policy."),
    decision: Decision,
    inherited: z.array(z.string()),
    mutation: z.enum(["changed", "unchanged"]).optional().describe("With a policy mutate: whether the edit changed the arguments."),
  }),
  z.strictObject({
    kind: z.literal("handoff"),
    seq: Seq,
    callId: z.string(),
    handoff: z.string().describe("The handoff's name."),
    input: Value.describe("The input handed to the receiving agent."),
  }),
  z.strictObject({
    kind: z.literal("execution"),
    seq: Seq,
    callId: z.string(),
    tool: z.string(),
    argsObject: z.number().int().describe("Identity of the object the tool was handed; equal to parsedObject when it is the same object."),
    arguments: Value.describe("The arguments at entry to the tool."),
    inherited: z.array(z.string()),
  }),
]).meta({ id: "ProbeRecord" });
export type ProbeRecord = z.infer<typeof ProbeRecord>;

export const CallOutcome = outcomeSchema(Value, true).meta({ id: "CallOutcome" });

export const HelloReply = z.strictObject({
  type: z.literal("hello"),
  id: RequestId,
  name: z.string().min(1),
  version: z.string().min(1),
  capabilities: z.array(z.enum(CAPABILITIES)),
  transportLimits: z.array(z.enum(TRANSPORT_LIMITS)).optional().describe("Raw argument strings the transport the adapter drives its runtime through cannot carry as such: cases that send them are not applicable"),
  components: z.record(z.string().min(1), z.string().min(1)).optional().describe("The packages beside the runtime that do the work, by name, with their versions"),
}).meta({ id: "HelloReply" });
export const StartedReply = z.strictObject({ type: z.literal("started"), id: RequestId }).meta({ id: "StartedReply" });
export const TurnReply = z.strictObject({ type: z.literal("turn-result"), id: RequestId, outcomes: z.array(CallOutcome), records: z.array(ProbeRecord) }).meta({ id: "TurnReply" });
export const FingerprintReply = z.strictObject({ type: z.literal("fingerprinted"), id: RequestId, proposalHash: z.string() }).meta({ id: "FingerprintReply" });
export const RedefinedReply = z.strictObject({ type: z.literal("redefined"), id: RequestId }).meta({ id: "RedefinedReply" });
export const EndedReply = z.strictObject({ type: z.literal("ended"), id: RequestId }).meta({ id: "EndedReply" });
export const ErrorReply = z
  .strictObject({ type: z.literal("error"), id: RequestId, message: z.string() })
  .describe("The adapter could not serve the request (its runtime threw, say): the case is errored with this message.").meta({ id: "ErrorReply" });
export const Reply = z.discriminatedUnion("type", [HelloReply, StartedReply, TurnReply, FingerprintReply, RedefinedReply, EndedReply, ErrorReply]);
export type Reply = z.infer<typeof Reply>;

/** Every message of the protocol, in either direction: the root of spec/protocol.schema.json. */
export const ProtocolMessage = z
  .union([Request, Reply])
  .describe(`A line of the effective-args stdio adapter protocol (${PROTOCOL}): a request from the harness or a reply from the adapter.`);
