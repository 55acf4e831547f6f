// Waiting on an AbortSignal, shared by every call of a client: one listener per signal, whatever
// the number of calls and waits on it, and nothing left behind when they end.

// calls sharing a signal are told through one listener on it: node warns past ten
class Watchers extends Set<() => void> {
  handleEvent(): void {
    for (const onAbort of this) onAbort();
  }
}
const watched = new WeakMap<AbortSignal, Watchers>();

/** Runs `onAbort` when `signal` fires; the function returned stops watching and leaves no listener behind. */
export function watch(signal: AbortSignal, onAbort: () => void): () => void {
  let watchers = watched.get(signal);
  if (!watchers) {
    watched.set(signal, (watchers = new Watchers()));
    signal.addEventListener("abort", watchers);
  }
  watchers.add(onAbort);
  return () => {
    watchers.delete(onAbort);
    if (!watchers.size) {
      signal.removeEventListener("abort", watchers);
      watched.delete(signal);
    }
  };
}

/**
 * Waits `ms`, or less when `signal` fires (or has fired): the caller tells which by `signal.aborted`.
 * Leaves no timer or listener behind.
 *
 * @example
 * await sleep(backoffMs(1), signal);
 * if (signal.aborted) throw new UserAbortError({ cause: signal.reason });
 */
export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(() => {
      unwatch?.();
      resolve();
    }, ms);
    const unwatch =
      signal &&
      watch(signal, () => {
        clearTimeout(timer);
        unwatch!();
        resolve();
      });
  });
}
