// The parse checks (universal checks 5, 6 and 7, harness/checking/parses.ts), branch by branch: which
// parse counts for which attempt (its tool, its input, before the evaluation or in an earlier step),
// which attempts must have been parsed or may have reached the schema, and the exact failure each
// mismatch is reported as. Each test changes the reference's real run of a small fixture case.
import { beforeAll, describe, expect, it } from "vitest";
import { explains } from "../../harness/checking/context.ts";
import { universalFailures } from "../../harness/checking/universal.ts";
import type { Observation, ParseRecord } from "../../harness/running/observation.ts";
import type { Failure } from "../../harness/running/results.ts";
import { snapshot } from "../../harness/values/snapshot.ts";
import { at, checkBases, observed, policyOf, setOutcome, universalAfter } from "../support/observations.ts";

const { oneCall, suspended, hooked, batch, mutating } = await checkBases();
let everyWord: Observation;
let sameInput: Observation;
let hookDeny: Observation;
beforeAll(async () => {
  everyWord = await observed("checks/read-batch/every-word");
  sameInput = await observed("checks/read-batch/parses-same-input");
  hookDeny = await observed("checks/hook-rewrite/parses-hook-deny");
});

const after = universalAfter;
/** The failures of the parse checks (5, 6 and 7) only, for changes that also break later checks. */
const parseChecks = (failures: Failure[]) => failures.filter((failure) => failure.check === 5 || failure.check === 6 || failure.check === 7);
const withoutRecordsOf = (observation: Observation, callId: string) => {
  observation.log.policies = observation.log.policies.filter((record) => record.callId !== callId);
  observation.log.executions = observation.log.executions.filter((record) => record.callId !== callId);
};
const parse = ({ input, output, ...record }: Omit<ParseRecord, "input" | "output"> & { input: unknown; output?: unknown }): ParseRecord => ({
  ...record,
  input: snapshot(input),
  ...(output !== undefined ? { output: snapshot(output) } : {}),
});

const ONE_CALL_REQUEST = '{"note":"x","path":"/tmp/../etc/hosts"}';
const HOOKED_REWRITE = '{"command":"ls","cwd":"/sandbox"}';

describe("the bases", () => {
  it("pass every universal check: two attempts with one input parsed twice, another tool's parse of that input, a call a hook denied unparsed, parses of two tools in one turn", () => {
    expect(universalFailures(sameInput)).toEqual([]);
    expect(universalFailures(hookDeny)).toEqual([]);
    expect(universalFailures(everyWord)).toEqual([]);
  });
});

describe("check 5: which parse the policy's value must come from", () => {
  it("a parse counts only if it came before the evaluation, and a parse in the same step is no earlier attempt's: the policy evaluated an unparsed request", () => {
    const unparsed = [
      {
        requirement: "INV-1",
        check: 5,
        message: `the policy evaluated this call before the schema had parsed its request: it was handed {"mode":"r","path":"/etc/hosts"}, the request being ${ONE_CALL_REQUEST}`,
        ...at(0, "c1"),
      },
    ];
    expect(after(oneCall, (o) => (o.log.parses[0]!.seq = policyOf(o, "c1").seq))).toEqual(unparsed);
    expect(after(oneCall, (o) => (o.log.parses[0]!.seq = 10))).toEqual(unparsed);
  });

  it("a parse by another tool's schema counts neither for the policy's value (check 5) nor as this call's parse (check 6, INV-3 and not a wrong input), and is a run too many of that schema (check 7)", () => {
    expect(after(oneCall, (o) => (o.log.parses[0]!.tool = "other_tool"))).toEqual([
      {
        requirement: "INV-1",
        check: 5,
        message: `the policy evaluated this call before the schema had parsed its request: it was handed {"mode":"r","path":"/etc/hosts"}, the request being ${ONE_CALL_REQUEST}`,
        ...at(0, "c1"),
      },
      { requirement: "INV-3", check: 6, message: `the schema of read_file parsed ${ONE_CALL_REQUEST} 0 time(s) for this executed attempt`, ...at(0, "c1") },
      { requirement: "INV-3", check: 7, message: "the schema of other_tool ran 1 times in this turn for 0 attempt(s) that reached it", ...at(0) },
    ]);
  });

  it("names INV-1 with the diff from the last successful parse: a later rejected parse of the same input is not what the policy was handed", () => {
    expect(
      parseChecks(
        after(oneCall, (o) => {
          o.log.parses.push(parse({ seq: 1.5, step: 0, tool: "read_file", input: { note: "x", path: "/tmp/../etc/hosts" } }));
          policyOf(o, "c1").parsedAtEntry = snapshot({ path: "/etc/hosts" });
        }),
      ),
    ).toEqual([
      {
        requirement: "INV-1",
        check: 5,
        message: "the policy was not handed the schema output of this call's request",
        diff: ["- parse output", "+ evaluated", "  {", '-   "mode": "r",', '    "path": "/etc/hosts"', "  }"].join("\n"),
        ...at(0, "c1"),
      },
      { requirement: "INV-3", check: 7, message: `the schema of read_file parsed the same input 2 times for 1 attempt(s): ${ONE_CALL_REQUEST}`, ...at(0) },
    ]);
  });

  it("after a hook rewrite, a value that no parse produced is INV-1 against the parse of the rewritten input, not HOOK-1", () => {
    expect(
      parseChecks(
        after(hooked, (o) => {
          policyOf(o, "c1").parsedAtEntry = snapshot({ command: "pwd", cwd: "/sandbox" });
        }),
      ),
    ).toEqual([
      {
        requirement: "INV-1",
        check: 5,
        message: "the policy was not handed the schema output of this call's rewritten input",
        diff: ["- parse output", "+ evaluated", "  {", '-   "command": "ls",', '+   "command": "pwd",', '    "cwd": "/sandbox"', "  }"].join("\n"),
        ...at(0, "c1"),
      },
    ]);
  });

  it("after a hook rewrite, an evaluation before any parse says so of the rewritten input", () => {
    expect(after(hooked, (o) => (o.log.parses[0]!.seq = 4.5))).toEqual([
      {
        requirement: "INV-1",
        check: 5,
        message: `the policy evaluated this call before the schema had parsed its rewritten input: it was handed ${HOOKED_REWRITE}, equal to the rewritten input`,
        ...at(0, "c1"),
      },
    ]);
  });

  it("the policy handed the parse of the request instead of the rewrite is HOOK-2 only after a rejection of the rewrite by this tool's schema before the evaluation, else HOOK-1", () => {
    const requestParsed = (o: Observation, rejection: { seq: number; tool?: string }) => {
      o.log.parses.unshift(parse({ seq: 0, step: 0, tool: "run_shell", input: { command: "rm -rf /" }, output: { command: "rm -rf /" } }));
      policyOf(o, "c1").parsedAtEntry = snapshot({ command: "rm -rf /" });
      const rewriteParse = o.log.parses[1]!;
      delete rewriteParse.output;
      rewriteParse.seq = rejection.seq;
      if (rejection.tool) rewriteParse.tool = rejection.tool;
    };
    const hook1 = { requirement: "HOOK-1", check: 5, message: `the policy evaluated the schema output of the model's request instead of the hooks' rewrite ${HOOKED_REWRITE}`, ...at(0, "c1") };
    const hook2 = { requirement: "HOOK-2", check: 5, message: `the schema rejected the hooks' rewrite ${HOOKED_REWRITE}, and the policy evaluated the model's request in its place`, ...at(0, "c1") };
    const check5 = (rejection: { seq: number; tool?: string }) => after(hooked, (o) => requestParsed(o, rejection)).filter((failure) => failure.check === 5);
    expect(check5({ seq: 0.5 })).toEqual([hook2]);
    expect(check5({ seq: 4 })).toEqual([hook1]); // the evaluation's own seq: not before it
    expect(check5({ seq: 4.5 })).toEqual([hook1]);
    expect(check5({ seq: 0.5, tool: "other" })).toEqual([hook1]);
  });

  it("names INV-3 when the policy was handed the very object an earlier step's parse returned, even when this step's parse came too late", () => {
    const reused = (o: Observation) => {
      o.log.parses[1]!.seq = 4.5;
      policyOf(o, "c2").parsedRef = o.log.parses.find((record) => record.step === 0)!.outputRef;
    };
    expect(after(suspended, reused)).toEqual([
      { requirement: "INV-3", check: 5, message: 'the schema did not parse this attempt\'s input {"path":"/tmp/a/../b"}: the policy was handed the very object a parse of step 1 returned', ...at(2, "c2") },
    ]);
  });

  it("does not take an equal value for an earlier parse's output: without the very object, the call was evaluated before its parse (INV-1)", () => {
    // The value equals what step 0's parse returned, but it is another object: provenance is not shown by equality.
    expect(after(suspended, (o) => (o.log.parses[1]!.seq = 4.5))).toEqual([
      {
        requirement: "INV-1",
        check: 5,
        message: 'the policy evaluated this call before the schema had parsed its request: it was handed {"path":"/tmp/b"}, the request being {"path":"/tmp/a/../b"}',
        ...at(2, "c2"),
      },
    ]);
  });

  it("an earlier step's parse of the same input by another tool's schema is no earlier attempt's parse (INV-1, not INV-3)", () => {
    // Step 0's archive call parsed {"path":"/tmp/a"} to what step 1's read_file call was handed.
    expect(after(everyWord, (o) => o.log.parses.pop())).toEqual([
      {
        requirement: "INV-1",
        check: 5,
        message: 'the policy evaluated this call before the schema had parsed its request: it was handed {"mode":"r","path":"/tmp/a"}, the request being {"path":"/tmp/a"}',
        ...at(1, "c5"),
      },
      { requirement: "INV-3", check: 6, message: 'the schema of read_file parsed {"path":"/tmp/a"} 0 time(s) for this executed attempt', ...at(1, "c5") },
    ]);
  });

  it("leaves an evaluation of a call reported invalid to check 3", () => {
    expect(
      after(batch, (o) => {
        o.log.policies.push({ ...policyOf(o, "c1"), seq: 100, callId: "c3" });
      }),
    ).toEqual([{ requirement: "INV-2", check: 3, message: "arguments reported invalid at stage schema reached the policy 1 time(s)", ...at(0, "c3") }]);
  });
});

describe("check 6: each attempt that must have been parsed had its own input parsed", () => {
  it("names INV-3 for two attempts with one input parsed once, naming both and reporting the second", () => {
    expect(after(sameInput, (o) => o.log.parses.splice(1, 1))).toEqual([
      { requirement: "INV-3", check: 6, message: 'the schema of read_file parsed {"path":"/tmp/../a"} 1 time(s) for 2 executed attempts (c1, c2)', ...at(0, "c2") },
    ]);
  });

  it("names HOOK-1, accounting for every expectation, when the schema parsed the model's request instead of the hooks' rewrite", () => {
    const failures = after(hooked, (o) => (o.log.parses[0]!.input = snapshot({ command: "rm -rf /" })));
    expect(failures).toEqual([
      { requirement: "HOOK-1", check: 5, message: `the policy evaluated the schema output of the model's request instead of the hooks' rewrite ${HOOKED_REWRITE}`, ...at(0, "c1") },
      { requirement: "HOOK-1", check: 6, message: `the schema parsed the model's request instead of the hooks' rewrite ${HOOKED_REWRITE}`, ...at(0, "c1") },
    ]);
    expect(explains(failures[1]!, undefined)).toBe(true);
  });

  it("names HOOK-1 when one of several foreign parses is of the model's request, INV-3 for a rewrite parsed nowhere", () => {
    expect(
      parseChecks(
        after(hooked, (o) => {
          o.log.parses[0]!.input = snapshot({ command: "rm -rf /" });
          o.log.parses.push(parse({ seq: 3.5, step: 0, tool: "run_shell", input: { command: "pwd" }, output: { command: "pwd" } }));
        }),
      ).filter((failure) => failure.check === 6),
    ).toEqual([{ requirement: "HOOK-1", check: 6, message: `the schema parsed the model's request instead of the hooks' rewrite ${HOOKED_REWRITE}`, ...at(0, "c1") }]);
    expect(parseChecks(after(hooked, (o) => o.log.parses.pop()))).toEqual([
      {
        requirement: "INV-1",
        check: 5,
        message: `the policy evaluated this call before the schema had parsed its rewritten input: it was handed ${HOOKED_REWRITE}, equal to the rewritten input`,
        ...at(0, "c1"),
      },
      { requirement: "INV-3", check: 6, message: `the schema of run_shell parsed ${HOOKED_REWRITE} 0 time(s) for this executed attempt`, ...at(0, "c1") },
    ]);
  });

  it("counts a call reported invalid at stage json that the policy evaluated and the tool ran anyway as parsed: check 3 judges the report, check 6 the parse count", () => {
    // Valid JSON reported invalid at stage json, yet evaluated and run: it must have been parsed,
    // so its input is an attempt's input (not a foreign one), and one parse for two such calls,
    // both of which the tool's probe saw run, is INV-3.
    const failures = after(sameInput, (o) => {
      for (const callId of ["c1", "c2"]) setOutcome(o, 0, { callId, outcome: "invalid", stage: "json", message: "x" });
      o.log.parses.splice(1, 1);
    });
    expect(failures.filter((failure) => failure.check === 6 || failure.check === 7)).toEqual([
      { requirement: "INV-3", check: 6, message: 'the schema of read_file parsed {"path":"/tmp/../a"} 1 time(s) for 2 executed attempts (c1, c2)', ...at(0, "c2") },
    ]);
    expect(failures.filter((failure) => failure.check === 3).map((failure) => [failure.callId, failure.message])).toEqual(
      ["c1", "c2"].flatMap((callId) => ["policy", "tool"].map((what) => [callId, `arguments reported invalid at stage json reached the ${what} 1 time(s)`])),
    );
  });

  it("names INV-1 for a parse of this tool's schema of an input no attempt of this tool has, even if another tool's attempt has it", () => {
    expect(after(everyWord, (o) => (o.log.parses[0]!.input = snapshot({ path: "/tmp/a" })))).toEqual([
      {
        requirement: "INV-1",
        check: 5,
        message: 'the policy evaluated this call before the schema had parsed its request: it was handed {"mode":"r","path":"/tmp/a"}, the request being {"note":1,"path":"/tmp/../tmp/a"}',
        ...at(0, "c1"),
      },
      { requirement: "INV-1", check: 6, message: 'the schema validated {"path":"/tmp/a"} instead of this call\'s input {"note":1,"path":"/tmp/../tmp/a"}', ...at(0, "c1") },
    ]);
  });

  it("names INV-1 for a parse of the input of a call the runtime legitimately left unattempted: that attempt never reached the schema", () => {
    expect(
      after(batch, (o) => {
        setOutcome(o, 0, { callId: "c4", outcome: "not_attempted" });
        withoutRecordsOf(o, "c4");
        o.log.parses.pop();
        o.log.parses[0]!.input = snapshot({ path: "/tmp/b" });
      }),
    ).toEqual([
      { requirement: "BATCH-5", check: 1, message: "the runtime ended the turn at c2's validation failure and did not attempt c4", ...at(0, "c4") },
      { requirement: "INV-1", check: 5, message: 'the policy evaluated this call before the schema had parsed its request: it was handed {"path":"/tmp/a"}, equal to the request', ...at(0, "c1") },
      { requirement: "INV-1", check: 6, message: 'the schema validated {"path":"/tmp/b"} instead of this call\'s input {"path":"/tmp/a"}', ...at(0, "c1") },
    ]);
  });
});

describe("which attempts must have been parsed (check 6)", () => {
  const unparsed = (tool: string, input: string, step: number, callId: string) => ({ requirement: "INV-3", check: 6, message: `the schema of ${tool} parsed ${input} 0 time(s) for this executed attempt`, ...at(step, callId) });

  it("a call that executed, whether or not the policy saw it, and not one suspended or denied: RFC-0015 counts parses per execution attempt (spec/latitude.md)", () => {
    expect(
      after(oneCall, (o) => {
        o.log.policies = [];
        o.log.parses = [];
      }).filter((failure) => failure.check === 6),
    ).toEqual([unparsed("read_file", ONE_CALL_REQUEST, 0, "c1")]);
    // Suspended, then never run: held by nothing here.
    expect(
      after(suspended, (o) => {
        o.log.policies.shift();
        o.log.parses.shift();
      }).filter((failure) => failure.check === 6),
    ).toEqual([]);
    // Denied by the policy that evaluated it before any parse: check 5 says so (INV-1), check 6 does not count it short.
    const denied = after(mutating, (o) => o.log.parses.pop());
    expect(denied.filter((failure) => failure.check === 6)).toEqual([]);
    expect(denied.filter((failure) => failure.check === 5).map((failure) => failure.requirement)).toEqual(["INV-1"]);
  });

  it("not a call reported invalid, at either stage, with no parse of it seen: it never executed", () => {
    const reportedInvalid = (stage: "json" | "schema") =>
      after(oneCall, (o) => {
        setOutcome(o, 0, { callId: "c1", outcome: "invalid", stage, message: "x" });
        withoutRecordsOf(o, "c1");
        o.log.parses = [];
      });
    expect(reportedInvalid("schema")).toEqual([]);
    expect(reportedInvalid("json")).toEqual([]);
  });
});

describe("which attempts may have reached the schema (checks 6 and 7)", () => {
  const tooMany = (tool: string, parses: number, attempts: number) => ({ requirement: "INV-3", check: 7, message: `the schema of ${tool} ran ${parses} times in this turn for ${attempts} attempt(s) that reached it`, ...at(0) });

  it("not a call its own hook denied, and the runtime denied without a policy evaluation: a parse for it is one too many", () => {
    expect(after(hookDeny, (o) => o.log.parses.push(parse({ seq: 5.5, step: 0, tool: "delete_file", input: { path: "/tmp/b" }, output: { path: "/tmp/b" } })))).toEqual([tooMany("delete_file", 1, 0)]);
  });

  it("a call a hook denied but that the runtime took on, to the policy or to the tool", () => {
    // The policy evaluated it, and denied it.
    expect(parseChecks(after(everyWord, (o) => (o.log.hooks.find((hook) => hook.callId === "c2")!.decision = "deny")))).toEqual([]);
    // The tool ran without a policy evaluation.
    expect(
      parseChecks(
        after(hooked, (o) => {
          o.log.hooks[1]!.decision = "deny";
          o.log.policies = [];
        }),
      ),
    ).toEqual([]);
  });

  it("a call denied without a policy evaluation that no hook denied, even with another call's hook deny in the turn", () => {
    expect(
      after(hookDeny, (o) => {
        setOutcome(o, 0, { callId: "c1", outcome: "denied", reason: "x" });
        withoutRecordsOf(o, "c1");
      }).filter((failure) => failure.check === 7),
    ).toEqual([]);
  });

  it("check 7 counts a tool's parses against that tool's attempts only, leaving out malformed calls", () => {
    expect(after(everyWord, (o) => o.log.parses.splice(4, 0, parse({ seq: 10.5, step: 0, tool: "archive", input: { path: "/tmp/c" }, output: { mode: "r", path: "/tmp/c" } })))).toEqual([
      tooMany("archive", 2, 1),
    ]);
    expect(after(batch, (o) => o.log.parses.push(parse({ seq: 5.5, step: 0, tool: "read_file", input: { path: "/tmp/c" }, output: { path: "/tmp/c" } })))).toEqual([tooMany("read_file", 4, 3)]);
  });
});
