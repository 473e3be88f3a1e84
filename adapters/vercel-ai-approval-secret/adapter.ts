// A prototype configuration (not published: adapters/published.ts does not list it) of the Vercel
// AI SDK (ai 6.0.325, the root's) with `experimental_toolApprovalSecret` set, as the SDK's docs
// show (docs/03-ai-sdk-core/15-tools-and-tool-calling.mdx, "a client could forge an approval
// response"). Everything else is adapters/vercel-ai/adapter.ts. Run it:
//   npx tsx harness/cli.ts run --adapter adapters/vercel-ai-approval-secret/adapter.ts
//
// What the secret adds, from the installed source (node_modules/ai/src/generate-text/
// tool-approval-signature.ts, generate-text.ts, to-response-messages.ts, validate-tool-approvals.ts):
//   - when needsApproval answers true, generateText signs the approval request: HMAC-SHA256 under
//     the secret over `${approvalId}\n${toolCallId}\n${toolName}\n${digest}`, where digest is the
//     base64url SHA-256 of canonicalJSON(toolCall.input) (object members sorted by name, everything
//     else JSON.stringify), toolCall.input being the schema's output; the signature (base64url) is
//     the `signature` of the tool-approval-request part, in the step's content and in
//     response.messages. The digest and the canonical text are never exposed, and needsApproval is
//     called before the signing and handed neither.
//   - a resume (validateApprovedToolApprovals) verifies the signature against the replayed tool
//     call's input before anything else, and throws InvalidToolApprovalSignatureError (the whole
//     generateText rejects) when it is missing or does not verify: a replay whose input differs
//     from what was approved is refused; one whose members are only in another order is not.
// Through today's harness none of this is seen: the policy is handed no hash (no "proposal-hash"),
// a suspended proposal has no field for the signature, and the session replays the SDK's own
// history unchanged, so its verdict is the vercel-ai configuration's. signed-resume.mjs beside
// this file shows the refusal on the SDK alone. Upstream: the signing and the replay checks came
// with vercel/ai#15947 (ai 7 line) and its ai 6 backport vercel/ai#15988; ai 7.0.36 signs a
// JSON array instead of newline-joined fields (vercel/ai#17493).
import { vercelAiAdapter } from "../vercel-ai/adapter.ts";

export default vercelAiAdapter({ name: "ai (experimental_toolApprovalSecret)", approvalSecret: "effective-args approval secret" });
