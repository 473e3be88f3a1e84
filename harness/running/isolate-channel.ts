// The child's side of an isolate (isolate.ts): the setup the harness hands it first, the
// messages after it, and answers marked as the harness's own, so that a library in the child
// that sends messages of its own on the channel is never taken for the harness.
export type ToChild<T> = { nonce: string; setup: unknown } | { message: T };
export type FromChild<T> = { nonce: string; message: T };

export interface ParentChannel<In, Out> {
  /** What the harness handed the child to start with. */
  setup: Promise<unknown>;
  send(message: Out): void;
  onMessage(listener: (message: In) => void): void;
}

export function parentChannel<In, Out>(): ParentChannel<In, Out> {
  let nonce: string | undefined;
  let listener: ((message: In) => void) | undefined;
  const setup = new Promise<unknown>((resolve) => {
    process.on("message", (received: ToChild<In>) => {
      if ("setup" in received) {
        nonce = received.nonce;
        resolve(received.setup);
      } else listener?.(received.message);
    });
  });
  // The harness is gone: there is nobody left to answer.
  process.on("disconnect", () => process.exit(0));
  return {
    setup,
    send: (message) => void process.send?.({ nonce: nonce!, message } satisfies FromChild<Out>, undefined, {}, () => undefined),
    onMessage: (next) => void (listener = next),
  };
}
