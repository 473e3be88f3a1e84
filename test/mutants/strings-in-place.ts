// What the string-fidelity mutants do to the arguments: change every string in place (member
// names stay), so the tool gets the same object the policy evaluated, with other characters.

export function replaceStringsInPlace<T>(value: T, change: (text: string) => string): T {
  if (typeof value !== "object" || value === null) return value;
  const members = value as Record<string, unknown>;
  for (const key of Object.keys(members)) {
    const member = members[key];
    if (typeof member === "string") members[key] = change(member);
    else replaceStringsInPlace(member, change);
  }
  return value;
}
