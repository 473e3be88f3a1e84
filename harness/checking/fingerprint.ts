// The canonical form and the proposal hash (RFC-0015, invariant 4 and test matrix row 4), as
// properties of everything a case observed rather than as a formula: RFC-0015 fixes neither
// the hash function nor what it covers besides the tool and the effective arguments.
//   - argsCanonicalJson is a JSON text of parsedArguments, the same text for the same value
//     (INV-4); being exactly RFC 8785 is hardening (INV-7);
//   - the same tool and effective value always get the same hash (MATRIX-4), and different
//     ones never share a hash (INV-4); the runtime's fingerprint answers agree with both;
//   - a value with no JSON form should never have reached the policy (DECOY-4).
import type { Failure } from "../running/results.ts";
import type { Observation } from "../running/observation.ts";
import { snapshotDiff } from "../values/diff.ts";
import { shown } from "../values/elide.ts";
import { explainsEverything } from "./context.ts";
import { decodedRequest, describeSnapshot, sameSnapshot, snapshot, type Snapshot } from "../values/snapshot.ts";
import { callLabel, definitionOf } from "../vocabulary/call-references.ts";

interface Sighting {
  step: number;
  callId: string;
  tool: string;
  value: Snapshot;
  proposalHash: string;
  /** Where the runtime showed the hash: to its policy, or as a fingerprint answer (a suspended proposal must repeat the policy's: views.ts). */
  source: "policy" | "fingerprint";
}

export function fingerprintFailures(observation: Observation): Failure[] {
  const failures: Failure[] = [];
  const fail = (requirement: string, at: { step: number; callId: string }, message: string, diff?: string) =>
    failures.push({ requirement, check: 19, message, step: at.step, callId: at.callId, ...(diff ? { diff } : {}) });
  const textsByValue = new Map<string, { text: string; callId: string }>();
  const sightings: Sighting[] = [];

  for (const record of observation.log.policies) {
    const { parsedAtEntry: value, argsCanonicalJson: text, proposalHash } = record;
    const noJsonForm = () => fail("DECOY-4", record, `the policy evaluated a value that has no canonical JSON form: ${describeSnapshot(value)}`);
    // A runtime without proposal hashes is held to nothing about them, only to evaluating JSON data.
    if (!observation.hashes) {
      if (!value.json) noJsonForm();
      continue;
    }
    if (proposalHash === undefined) fail("INV-4", record, "the policy was handed no proposalHash");
    else sightings.push({ ...record, value, proposalHash, source: "policy" });
    if (text === undefined) {
      fail("INV-4", record, "the policy was handed no argsCanonicalJson");
      continue;
    }
    if (!value.json) {
      noJsonForm();
      continue;
    }
    const described = decodedRequest(text);
    if (!sameSnapshot(described, value)) {
      fail("INV-4", record, "argsCanonicalJson does not describe the parsedArguments the policy was handed", snapshotDiff(value, described ?? { text: `${text} (not JSON)`, json: false }, "parsedArguments", "argsCanonicalJson"));
      continue;
    }
    const earlier = textsByValue.get(value.text);
    if (earlier && earlier.text !== text) {
      fail("INV-4", record, `the same parsedArguments got two canonical texts: ${shown(earlier.text)} (call ${earlier.callId}) and ${shown(text)}`);
    } else textsByValue.set(value.text, { text, callId: record.callId });
    if (text !== value.text) fail("INV-7", record, `argsCanonicalJson is not RFC 8785: expected ${shown(value.text)}, got ${shown(text)}`);
  }
  for (const answer of observation.fingerprints) sightings.push({ ...answer, source: "fingerprint" });
  failures.push(...hashFailures(observation, sightings));
  return failures;
}

/**
 * Same proposal, same hash; different proposals, different hashes. Each conflict is reported
 * once. A tool the application redefined may hash its values anew (a runtime may cover the
 * tool's definition): the same value is held to one hash only under one definition.
 */
function hashFailures({ testCase }: Observation, sightings: readonly Sighting[]): Failure[] {
  const failures: Failure[] = [];
  const reported = new Set<string>();
  const byProposal = new Map<string, Sighting>();
  const byHash = new Map<string, Sighting>();
  const proposalKey = (sighting: Sighting) => `${sighting.tool}\u0000${sighting.value.text}`;
  const definedKey = (sighting: Sighting) => `${definitionOf(testCase.steps, sighting.tool, sighting.step)}\u0000${proposalKey(sighting)}`;
  const label = (sighting: Sighting) => callLabel(testCase.steps, sighting);
  const call = (sighting: Sighting) => `call ${label(sighting)}`;
  // A fingerprint answer was asked at a grant step, about that grant's call.
  const side = (sighting: Sighting) => `${sighting.tool} (${sighting.source === "fingerprint" ? `the fingerprint asked at step ${sighting.step + 1} for call ${sighting.callId}` : call(sighting)})`;
  const report = (requirement: string, pair: string, later: Sighting, message: string, diff?: string, explainsLater = false) => {
    if (reported.has(pair)) return;
    reported.add(pair);
    const failure: Failure = { requirement, check: 20, message, step: later.step, callId: later.callId, ...(diff ? { diff } : {}) };
    if (explainsLater) explainsEverything(failure);
    failures.push(failure);
  };
  for (const sighting of sightings) {
    const key = proposalKey(sighting);
    const same = byProposal.get(definedKey(sighting));
    if (!same) byProposal.set(definedKey(sighting), sighting);
    else if (same.proposalHash !== sighting.proposalHash) {
      const fingerprint = [same, sighting].find((one) => one.source === "fingerprint");
      const other = fingerprint === same ? sighting : same;
      const message = fingerprint
        ? `the runtime's fingerprint of ${sighting.tool} with ${describeSnapshot(sighting.value)} is ${shown(fingerprint.proposalHash)}, but it showed ${shown(other.proposalHash)} for the same effective proposal (${call(other)}, ${other.source})`
        : `${call(same) === call(sighting) ? `${call(same)} was handed` : `calls ${label(same)} and ${label(sighting)} have`} two different proposal hashes for one effective proposal (${sighting.tool} with ${describeSnapshot(sighting.value)}): ${shown(same.proposalHash)} and ${shown(sighting.proposalHash)}`;
      // The later call's grant, outcome and hash comparisons follow from its other hash.
      report(fingerprint ? "INV-4" : "MATRIX-4", `same:${key}:${sighting.callId}`, sighting, message, undefined, !fingerprint && same.callId !== sighting.callId);
    }
    const sharing = byHash.get(sighting.proposalHash);
    if (!sharing) byHash.set(sighting.proposalHash, sighting);
    else if (proposalKey(sharing) !== key) {
      const diff = snapshotDiff(sharing.value, sighting.value, side(sharing), side(sighting));
      const tools = sharing.tool === sighting.tool ? "" : ` (tools ${sharing.tool} and ${sighting.tool})`;
      report("INV-4", `hash:${[proposalKey(sharing), key].sort().join("\u0001")}`, sighting, `different effective proposals share the proposal hash ${shown(sighting.proposalHash)}${tools}`, diff);
    }
  }
  return failures;
}
