// The reference runtime as a library.
export { createRuntime, policyInput, referenceStages, suspend, type Runtime, type RuntimeConfig, type Stages, type Attempt, type Fingerprint } from "./runtime.ts";
export { decodeStrictJson, MAX_DEPTH } from "./strict-json.ts";
export { canonicalJson, proposalHash } from "./fingerprint.ts";
export * from "./errors.ts";
export { referenceAdapter } from "./adapter.ts";
