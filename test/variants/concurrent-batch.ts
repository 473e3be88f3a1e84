import { variant } from "./variant.ts";

export default variant(
  "concurrent-batch",
  "The calls of a turn are attempted concurrently rather than one after another: RFC-0015 orders the stages of an attempt, not the attempts of a turn.",
  [],
  {
    runTurn(config, calls, turn) {
      return Promise.all(calls.map((call) => this.attempt(config, call, turn)));
    },
  },
);
