// A JSON report without what varies from run to run (each case's durationMs, the run's startedAt):
// two runs of the same cases against the same runtime must give the same rest, byte for byte.
export const withoutTimings = (json: string): string =>
  JSON.stringify(JSON.parse(json), (key, value: unknown) => (key === "durationMs" || key === "startedAt" ? undefined : value), 2);
