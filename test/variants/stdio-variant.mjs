#!/usr/bin/env node
// A conformant variant served over the stdio protocol: the example adapter with other choices
// where RFC-0015 leaves room (an envelope proposal hash in base64url, no request view for the
// policy, a validation failure ending the turn). test/variants.test.ts runs it on every case.
import { createHash } from "node:crypto";
import canonicalize from "canonicalize";
import { createHandler, serve } from "../../examples/stdio-adapter.mjs";

const envelopeHash = (toolName, argsCanonicalJson, agentName) =>
  createHash("sha256").update(canonicalize({ kind: "tool", agentName, toolName, argsCanonicalJson })).digest("base64url");

await serve(createHandler({ proposalHash: envelopeHash, requestView: false, endTurnAtInvalid: true }, "stdio variant"));
