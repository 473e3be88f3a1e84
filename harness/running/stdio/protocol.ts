// The stdio adapter protocol: newline-delimited JSON, one request from the harness, one reply
// from the adapter, in order. spec/adapter-protocol.md explains it; spec/protocol.schema.json is
// generated from these schemas. Every reply is checked against them.
import { z } from "zod";
import { CAPABILITIES } from "../../adapter.ts";
import { DECISIONS, Hook, Policy, Tool } from "../../loading/case-schema.ts";

export const PROTOCOL = "effective-args/1";

const RequestId = z.number().int().positive().describe("Counts the harness's requests; the reply echoes it.");

const Snapshot = z
  .union([z.strictObject({ canonical: z.string() }), z.strictObject({ unrepresentable: z.string() })])
  .describe("A value as it was at that moment: its RFC 8785 canonical JSON, or why it has none.")
  .meta({ id: "Snapshot" });

const ModelCall = z.strictObject({ callId: z.string(), toolName: z.string(), rawArguments: z.string() }).meta({ id: "ModelCall" });

// Harness to adapter.

export const HelloRequest = z.strictObject({ type: z.literal("hello"), id: RequestId, protocol: z.literal(PROTOCOL) }).meta({ id: "HelloRequest" });
export const StartRequest = z.strictObject({
  type: z.literal("start"),
  id: RequestId,
  case: z.strictObject({
    id: z.string(),
    tools: z.record(z.string(), Tool),
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
export const EndRequest = z.strictObject({ type: z.literal("end"), id: RequestId }).meta({ id: "EndRequest" });
export const ShutdownRequest = z.strictObject({ type: z.literal("shutdown") }).meta({ id: "ShutdownRequest" });
export const Request = z.discriminatedUnion("type", [HelloRequest, StartRequest, TurnRequest, EndRequest, ShutdownRequest]);
export type Request = z.infer<typeof Request>;

// Adapter to harness.

const Decision = z.strictObject({ decision: z.enum(DECISIONS), reason: z.string().optional() });
const Seq = z.number().int().nonnegative().describe("Order of the record within the session, increasing.");

export const ProbeRecord = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("parse"), seq: Seq, tool: z.string(), input: Snapshot, output: Snapshot.optional() }),
  z.strictObject({
    kind: z.literal("hook"),
    seq: Seq,
    hookId: z.string(),
    callId: z.string(),
    tool: z.string(),
    toolInput: Snapshot,
    decision: z.enum(["allow", "deny"]).optional(),
    output: Snapshot.optional(),
  }),
  z.strictObject({
    kind: z.literal("policy"),
    seq: Seq,
    callId: z.string(),
    tool: z.string(),
    parsedObject: z.number().int().describe("Identity of the parsedArguments object the policy was handed."),
    parsedAtEntry: Snapshot,
    requestedAtEntry: Snapshot.optional(),
    argsCanonicalJson: z.string(),
    proposalHash: z.string(),
    decision: Decision,
    inherited: z.array(z.string()),
  }),
  z.strictObject({
    kind: z.literal("execution"),
    seq: Seq,
    callId: z.string(),
    tool: z.string(),
    argsObject: z.number().int().describe("Identity of the object the tool was handed; equal to parsedObject when it is the same object."),
    argsAtEntry: Snapshot,
    inherited: z.array(z.string()),
  }),
]).meta({ id: "ProbeRecord" });
export type ProbeRecord = z.infer<typeof ProbeRecord>;

const JsonValue = z.json().meta({ id: "JsonValue" });

const SuspendedProposal = z.strictObject({
  kind: z.literal("tool"),
  callId: z.string(),
  toolName: z.string(),
  rawArguments: z.string(),
  requestedArguments: JsonValue.optional(),
  parsedArguments: JsonValue,
  argsCanonicalJson: z.string(),
  proposalHash: z.string(),
});

export const CallOutcome = z.discriminatedUnion("outcome", [
  z.strictObject({ callId: z.string(), outcome: z.literal("executed"), result: z.unknown().optional().describe("What the tool returned; not checked.") }),
  z.strictObject({ callId: z.string(), outcome: z.literal("denied"), reason: z.string() }),
  z.strictObject({ callId: z.string(), outcome: z.literal("suspended"), proposal: SuspendedProposal }),
  z.strictObject({ callId: z.string(), outcome: z.literal("invalid"), stage: z.enum(["json", "schema"]), message: z.string() }),
]).meta({ id: "CallOutcome" });

export const HelloReply = z.strictObject({
  type: z.literal("hello"),
  id: RequestId,
  name: z.string().min(1),
  version: z.string().min(1),
  capabilities: z.array(z.enum(CAPABILITIES)),
}).meta({ id: "HelloReply" });
export const StartedReply = z.strictObject({ type: z.literal("started"), id: RequestId }).meta({ id: "StartedReply" });
export const TurnReply = z.strictObject({ type: z.literal("turn-result"), id: RequestId, outcomes: z.array(CallOutcome), records: z.array(ProbeRecord) }).meta({ id: "TurnReply" });
export const EndedReply = z.strictObject({ type: z.literal("ended"), id: RequestId }).meta({ id: "EndedReply" });
export const ErrorReply = z
  .strictObject({ type: z.literal("error"), id: RequestId, message: z.string() })
  .describe("The adapter could not serve the request (its runtime threw, say): the case is errored with this message.").meta({ id: "ErrorReply" });
export const Reply = z.discriminatedUnion("type", [HelloReply, StartedReply, TurnReply, EndedReply, ErrorReply]);
export type Reply = z.infer<typeof Reply>;

/** Every message of the protocol, in either direction: the root of spec/protocol.schema.json. */
export const ProtocolMessage = z
  .union([Request, Reply])
  .describe(`A line of the effective-args stdio adapter protocol (${PROTOCOL}): a request from the harness or a reply from the adapter.`);
