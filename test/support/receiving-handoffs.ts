// An adapter whose handoffs record what the runtime hands them: the tests that show a handoff's
// verdict rests on the SDK's own path compare these objects with the SDK's own records.
import type { Adapter, WiredHandoff } from "../../harness/adapter.ts";

/** `base`, with each handoff's receive recording the object it is handed; `swap` may hand the probe another. */
export function receivingHandoffs(base: Adapter, received: { callId: string; input: unknown }[], swap: (input: unknown) => unknown = (input) => input): Adapter {
  return {
    ...base,
    createSession(wiring) {
      const handoffs: Record<string, WiredHandoff> = Object.fromEntries(
        Object.entries(wiring.handoffs).map(([name, wired]) => [
          name,
          {
            ...wired,
            receive: (input: unknown, context: { callId: string }) => {
              received.push({ callId: context.callId, input });
              return wired.receive(swap(input), context);
            },
          },
        ]),
      );
      return base.createSession({ ...wiring, handoffs });
    },
  };
}
