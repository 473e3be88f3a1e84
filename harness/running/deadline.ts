// Racing work against a timer: the work's own outcome if it settles in time, otherwise what
// `late` makes of the time running out (a value, or an error it throws). The timer is cleared
// either way, so a finished race keeps no process alive. A wait longer than a timer can hold
// waits as long as one can: Node.js would set it to 1 ms.
export async function settleWithin<T, L>(work: Promise<T>, ms: number, late: () => L): Promise<T | L> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<L>((resolve, reject) => {
    timer = setTimeout(() => {
      try {
        resolve(late());
      } catch (error) {
        reject(error);
      }
    }, Math.min(ms, MAX_TIMER_MS));
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** `value`, once the timers due "at once" (set for 0 ms so far) have fired: what an adapter threw from one is known by then. */
export function afterTimersDueNow<T>(value: T): Promise<T> {
  return new Promise((resolve) => setTimeout(() => resolve(value), 0));
}

/** The longest delay Node.js's timers take: a longer one is set to 1 ms, with only a warning. */
export const MAX_TIMER_MS = 2 ** 31 - 1;
