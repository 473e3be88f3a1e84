import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // The CLI tests start real child processes; give them room on a 2-core machine.
    testTimeout: 60_000,
  },
});
