/** A mistake in the command line: reported in one line and a usage hint, exit code 2. */
export class UsageError extends Error {}

/** A mistake in what the command line names (an adapter that does not load or declares what the suite does not know): its line, exit code 2, no usage hint. */
export class InputError extends UsageError {}
