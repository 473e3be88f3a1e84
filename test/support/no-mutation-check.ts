// The cases test/mutants/no-mutation-check.ts fails, in id order: the CI-gate and vitest-entry
// tests run it as the broken runtime whose failures they follow through every report.
export const NO_MUTATION_CHECK_FAILS = [
  "invariant/late-mutation-while-requiring-approval-denied",
  "invariant/mutation-while-requiring-approval-denied",
  "invariant/nested-policy-mutation-denied",
  "invariant/policy-added-member-denied",
  "invariant/policy-appended-element-denied",
  "invariant/policy-mutation-after-await-denied",
  "matrix/policy-mutation-denied",
];
