import { mutant } from "./mutant.ts";

export default mutant(
  "hooks-get-live-input",
  "Hooks are handed the runtime's own input object instead of a copy, so a hook that edits its input in place changes the request view and what is parsed, without a rewrite.",
  ["HOOK-5", "INV-1"],
  { hookInput: (input) => input },
);
