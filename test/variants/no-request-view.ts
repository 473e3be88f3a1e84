import { wrapPolicy } from "../support/stages.ts";
import { variant } from "./variant.ts";

export default variant(
  "no-request-view",
  "The policy is handed no requestedArguments, which RFC-0015 makes optional; suspended proposals still keep the request view (test matrix row 7).",
  [],
  wrapPolicy((policy) => ({ requestedArguments: _dropped, ...input }) => policy(input)),
);
