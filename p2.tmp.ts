import { MUTANTS } from "/work/main/test/mutants/catalogue.ts";
import { loadCases, DEFAULT_CASES_DIR } from "/work/main/harness/loading/loader.ts";
import { runCases } from "/work/main/harness/running/runner.ts";
import { REQUIREMENTS } from "/work/main/harness/loading/requirements.ts";
const { cases } = loadCases([DEFAULT_CASES_DIR]);
const shownAll = new Set<string>();
for (const m of MUTANTS) {
  const results = await runCases(m, cases);
  const named = new Map<string, string[]>();
  for (const r of results) for (const f of r.failures) named.set(f.requirement, [...(named.get(f.requirement) ?? []), `${r.id}${f.field ? "." + f.field : ""}: ${f.message.slice(0, 110)}`]);
  for (const id of named.keys()) if (m.breaks.includes(id)) shownAll.add(id);
  const extra = [...named.keys()].filter((id) => !m.breaks.includes(id));
  const unshown = m.breaks.filter((id) => !named.has(id));
  if (extra.length || unshown.length) {
    console.log(`== ${m.defect} breaks=${m.breaks.join(",")}`);
    for (const id of extra) console.log(`  EXTRA ${id}:\n    ${named.get(id)!.slice(0, 3).join("\n    ")}`);
    if (unshown.length) console.log(`  UNSHOWN ${unshown.join(",")}`);
  }
}
console.log("MUST not shown:", [...REQUIREMENTS.values()].filter(r => r.level === "must" && !shownAll.has(r.id)).map(r => r.id).join(","));
