// Saves batched into regenerations, one at a time: what `npm run dev` runs on each file event.

/**
 * `onSave()` after each file event; `regenerateOnce(since, superseded)` starts `quietMs` after the
 * last one, never two at a time. A save while one runs makes `superseded()` true: a regeneration
 * that says it was superseded runs again, its time counted from the first save not yet regenerated.
 * `start()` runs the first one, timed from the start of the process; `stop()` runs no more and
 * waits for the one running.
 * @param {(since: number, superseded: () => boolean) => Promise<{ superseded?: boolean }>} regenerateOnce
 * @param {number} quietMs quiet time after the last file event: one save is often several events
 */
export function saveLoop(regenerateOnce, quietMs) {
  /** @type {number | null} when the first save not yet regenerated happened */
  let changedSince = null;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  /** @type {Promise<unknown> | null} */
  let running = null;
  let stopping = false;
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(now, quietMs);
  };
  const now = async () => {
    if (running || changedSince === null || stopping) return;
    const since = changedSince;
    changedSince = null;
    const once = regenerateOnce(since, () => changedSince !== null);
    running = once;
    const result = await once;
    running = null;
    // the newer save's own timer, or the check below, runs it; its time counts from this one
    if (result.superseded) changedSince = Math.min(since, changedSince ?? since);
    if (changedSince !== null && !stopping) schedule();
  };
  return {
    onSave() {
      changedSince ??= performance.now();
      schedule();
    },
    start() {
      changedSince = 0;
      return now();
    },
    stopping: () => stopping,
    async stop() {
      stopping = true;
      clearTimeout(timer);
      await running?.catch(() => {});
    },
  };
}
