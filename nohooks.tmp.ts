import { referenceAdapter } from "./reference/index.ts";
const base = referenceAdapter();
export default { ...base, capabilities: base.capabilities.filter((c: string) => c !== "hooks") };
