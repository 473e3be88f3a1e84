// Every mutant the suite must catch, in pipeline order: decoding, hooks, the parse, the
// fingerprint, authorization, execution, approval and resume, batches, handoff calls. Each module's default
// export is also a plain adapter, so `npx tsx harness/cli.ts run --adapter test/mutants/<name>.ts`
// shows what catches it. spec/coverage.md (`npm run coverage:table`) lists which cases kill which.
import type { Mutant } from "./mutant.ts";
import asciiOnlyCanonicalEscaping from "./ascii-only-canonical-escaping.ts";
import duplicateCheckInPlainObject from "./duplicate-check-in-plain-object.ts";
import duplicateCheckOnRawNames from "./duplicate-check-on-raw-names.ts";
import falsyRewriteIgnored from "./falsy-rewrite-ignored.ts";
import hookDenyLostToRewrite from "./hook-deny-lost-to-rewrite.ts";
import hookResultsCachedPerTool from "./hook-results-cached-per-tool.ts";
import hooksGetLiveInput from "./hooks-get-live-input.ts";
import htmlSafeCanonicalEscaping from "./html-safe-canonical-escaping.ts";
import latin1Hash from "./latin1-hash.ts";
import lineSeparatorEscaping from "./line-separator-escaping.ts";
import localeOrderedCanonicalForm from "./locale-ordered-canonical-form.ts";
import mutationCheckBeforeSettle from "./mutation-check-before-settle.ts";
import normalizesStringsBeforeTool from "./normalizes-strings-before-tool.ts";
import resumeRehooksStoredInput from "./resume-rehooks-stored-input.ts";
import topLevelSortedCanonicalForm from "./top-level-sorted-canonical-form.ts";
import trimsStringsBeforeTool from "./trims-strings-before-tool.ts";
import batchAbortsAtFirstInvalid from "./batch-aborts-at-first-invalid.ts";
import batchDecisionPerTool from "./batch-decision-per-tool.ts";
import batchOffByOne from "./batch-off-by-one.ts";
import deepCopyForTool from "./deep-copy-for-tool.ts";
import doubleParse from "./double-parse.ts";
import eitherHashAccepted from "./either-hash-accepted.ts";
import emptyArgumentsAsObject from "./empty-arguments-as-object.ts";
import freshParseForTool from "./fresh-parse-for-tool.ts";
import hashCoversCallId from "./hash-covers-call-id.ts";
import hashOverRawString from "./hash-over-raw-string.ts";
import hashOverRequest from "./hash-over-request.ts";
import hashWithoutToolName from "./hash-without-tool-name.ts";
import hookAfterPolicy from "./hook-after-policy.ts";
import hookAllowSkipsPolicy from "./hook-allow-skips-policy.ts";
import hooksSeeOriginalInput from "./hooks-see-original-input.ts";
import invalidRewriteFallsBack from "./invalid-rewrite-falls-back.ts";
import jsonFallbackObject from "./json-fallback-object.ts";
import mutationCheckOnlyOnAllow from "./mutation-check-only-on-allow.ts";
import noIsolation from "./no-isolation.ts";
import noMutationCheck from "./no-mutation-check.ts";
import parseMemoizedByRequest from "./parse-memoized-by-request.ts";
import plainJsonParse from "./plain-json-parse.ts";
import policySeesRequest from "./policy-sees-request.ts";
import preRfcOrdering from "./pre-rfc-ordering.ts";
import requestViewIsHookedInput from "./request-view-is-hooked-input.ts";
import resumeReusesPendingHash from "./resume-reuses-pending-hash.ts";
import resumeRunsStoredProposal from "./resume-runs-stored-proposal.ts";
import rawViewReserialized from "./raw-view-reserialized.ts";
import replaysApprovedProposals from "./replays-approved-proposals.ts";
import rewriteSkipsSchema from "./rewrite-skips-schema.ts";
import shallowMutationCheck from "./shallow-mutation-check.ts";
import stringifyNotCanonical from "./stringify-not-canonical.ts";
import suspendedRequestAsParsed from "./suspended-request-as-parsed.ts";
import suspendedWithoutRequestView from "./suspended-without-request-view.ts";
import toolRunsTwice from "./tool-runs-twice.ts";
import topLevelKeyReplacer from "./top-level-key-replacer.ts";
import trailingTextIgnored from "./trailing-text-ignored.ts";
import validationErrorReachesPolicy from "./validation-error-reaches-policy.ts";
import handoffDuplicatesLastWins from "./handoff-duplicates-last-wins.ts";
import handoffMalformedAsEmpty from "./handoff-malformed-as-empty.ts";
import handoffMalformedAsRaw from "./handoff-malformed-as-raw.ts";
import handoffParsedByToolSchema from "./handoff-parsed-by-tool-schema.ts";
import fingerprintApiNotCanonical from "./fingerprint-api-not-canonical.ts";
import canonicalFormOmitsNulls from "./canonical-form-omits-nulls.ts";
import mutationCheckOneSided from "./mutation-check-one-sided.ts";
import prototypeKeysScrubbedForTool from "./prototype-keys-scrubbed-for-tool.ts";
import rewriteToRequestRunsOwnParse from "./rewrite-to-request-runs-own-parse.ts";
import approvalsDroppedBesideInvalid from "./approvals-dropped-beside-invalid.ts";
import anyAnswerResumes from "./any-answer-resumes.ts";
import approvalsKeptByCallId from "./approvals-kept-by-call-id.ts";
import resumeRunsRequestView from "./resume-runs-request-view.ts";
import replayedRecordTrusted from "./replayed-record-trusted.ts";
import decodeCachedByCallId from "./decode-cached-by-call-id.ts";
import hashCachedByCallId from "./hash-cached-by-call-id.ts";
import hashCachedByRequest from "./hash-cached-by-request.ts";

export const MUTANTS: readonly Mutant[] = [
  // The whole pipeline, as before RFC-0015.
  preRfcOrdering,
  // Decoding.
  emptyArgumentsAsObject,
  jsonFallbackObject,
  plainJsonParse,
  trailingTextIgnored,
  decodeCachedByCallId,
  duplicateCheckInPlainObject,
  duplicateCheckOnRawNames,
  // PreToolUse hooks.
  hookAfterPolicy,
  hooksSeeOriginalInput,
  rewriteSkipsSchema,
  invalidRewriteFallsBack,
  hookAllowSkipsPolicy,
  requestViewIsHookedInput,
  hookDenyLostToRewrite,
  falsyRewriteIgnored,
  hooksGetLiveInput,
  hookResultsCachedPerTool,
  resumeRehooksStoredInput,
  rewriteToRequestRunsOwnParse,
  // The single parse and what leaves it.
  doubleParse,
  validationErrorReachesPolicy,
  noIsolation,
  // Fingerprint.
  hashOverRequest,
  hashOverRawString,
  hashWithoutToolName,
  hashCoversCallId,
  stringifyNotCanonical,
  topLevelKeyReplacer,
  localeOrderedCanonicalForm,
  topLevelSortedCanonicalForm,
  htmlSafeCanonicalEscaping,
  lineSeparatorEscaping,
  asciiOnlyCanonicalEscaping,
  latin1Hash,
  canonicalFormOmitsNulls,
  fingerprintApiNotCanonical,
  hashCachedByCallId,
  hashCachedByRequest,
  // Authorization.
  rawViewReserialized,
  policySeesRequest,
  noMutationCheck,
  shallowMutationCheck,
  mutationCheckOnlyOnAllow,
  mutationCheckBeforeSettle,
  mutationCheckOneSided,
  // Execution.
  freshParseForTool,
  deepCopyForTool,
  toolRunsTwice,
  trimsStringsBeforeTool,
  normalizesStringsBeforeTool,
  prototypeKeysScrubbedForTool,
  // Approval and resume.
  suspendedWithoutRequestView,
  suspendedRequestAsParsed,
  eitherHashAccepted,
  resumeReusesPendingHash,
  resumeRunsStoredProposal,
  replaysApprovedProposals,
  resumeRunsRequestView,
  replayedRecordTrusted,
  anyAnswerResumes,
  approvalsKeptByCallId,
  // Batches.
  parseMemoizedByRequest,
  batchOffByOne,
  batchAbortsAtFirstInvalid,
  batchDecisionPerTool,
  approvalsDroppedBesideInvalid,
  // Handoff calls.
  handoffMalformedAsEmpty,
  handoffMalformedAsRaw,
  handoffDuplicatesLastWins,
  handoffParsedByToolSchema,
];
