// An adapter module runs in a worker thread, so that --timeout holds for in-process adapters too:
// one that never yields is stopped and its case errored, one that throws from a timer errors the
// case it threw in, and the run goes on with a fresh thread.
import { afterEach, describe, expect, it } from "vitest";
import { runMain } from "../support/main.ts";

type Report = { results: { id: string; status: string; reason?: string }[]; implementation: { runBy: unknown } };

async function runBusy(kind: string): Promise<{ code: number; report: Report }> {
  process.env.EFFECTIVE_ARGS_BUSY = kind;
  const { code, stdout } = await runMain("run", "--adapter", "test/fixtures/busy-adapter.ts", "--filter", "matrix/*", "--timeout", "1000", "--reporter", "json");
  return { code, report: JSON.parse(stdout) as Report };
}

const statuses = (report: Report) => Object.fromEntries(report.results.map((result) => [result.id, result.status]));

afterEach(() => {
  delete process.env.EFFECTIVE_ARGS_BUSY;
});

describe("an in-process adapter module in its own thread", () => {
  it("is stopped when it never yields: that case errors, the others run on a fresh thread and pass", async () => {
    const { code, report } = await runBusy("loop");
    expect(code).toBe(1);
    const busy = report.results.find((result) => result.id === "matrix/defaults-visible")!;
    expect([busy.status, busy.reason]).toEqual(["errored", "the adapter did not give control back within 1000 ms (it kept its thread busy), so its thread was stopped"]);
    expect(Object.values(statuses(report)).filter((status) => status !== "passed")).toEqual(["errored"]);
  });

  it("errors the case during which it threw from a timer, and goes on", async () => {
    const { code, report } = await runBusy("throw-later");
    expect(code).toBe(1);
    const busy = report.results.find((result) => result.id === "matrix/defaults-visible")!;
    expect([busy.status, busy.reason]).toEqual(["errored", "the adapter threw outside any call the harness made: Error: busy adapter: thrown from a timer"]);
    expect(Object.values(statuses(report)).filter((status) => status !== "passed")).toEqual(["errored"]);
  });
});
