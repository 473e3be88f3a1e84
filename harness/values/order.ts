// One order for ids and names everywhere.

/** Code-unit order of ids and names: the same on every machine and locale, unlike localeCompare. */
export function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
