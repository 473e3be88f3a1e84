// Every conformant variant: the reference with one choice made differently where RFC-0015
// leaves the runtime free. test/variants.test.ts runs each against every case.
import codePointCanonicalForm from "./code-point-canonical-form.ts";
import concurrentBatch from "./concurrent-batch.ts";
import definitionHash from "./definition-hash.ts";
import envelopeHash from "./envelope-hash.ts";
import frozenArguments from "./frozen-arguments.ts";
import noRequestView from "./no-request-view.ts";
import ownWording from "./own-wording.ts";
import prototypeSafeDecoding from "./prototype-safe-decoding.ts";
import terminalValidationErrors from "./terminal-validation-errors.ts";
import type { Variant } from "./variant.ts";
import zod3Schemas from "./zod3-schemas.ts";

export const VARIANTS: readonly Variant[] = [
  envelopeHash,
  definitionHash,
  codePointCanonicalForm,
  terminalValidationErrors,
  zod3Schemas,
  noRequestView,
  ownWording,
  frozenArguments,
  concurrentBatch,
  prototypeSafeDecoding,
];
