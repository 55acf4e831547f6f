// The consumer's side of an event stream: the events of each chunk the connection completed,
// handed out one `next()` at a time; src/streams/event-stream.ts owns the connection and its reconnects.
import type { EventSourceMessage } from "eventsource-parser";
import { headerBreak } from "../core/values.js";
import { isSkipped, type EventRead, type StreamEvent } from "./event-check.js";

const DONE: IteratorReturnResult<undefined> = Object.freeze({ done: true, value: undefined });

/**
 * The events of `source`'s batches one by one, each read (JSON, checked) as it is handed out, so
 * that a drifting event is reported, and a strict one throws, only once the events before it were
 * taken. An event of the batch at hand costs no promise of the generator's: `next()` answers it
 * at once, and only an empty batch waits for the connection. Calls of `next()` are served in order.
 *
 * @example
 * const events = eventIterator(batches(), eventReader(op, policy, () => response), state, close);
 */
export function eventIterator(
  source: AsyncGenerator<EventSourceMessage[]>,
  read: EventRead,
  state: { lastEventId: string | undefined; readonly stopped: boolean },
  close: () => void,
): AsyncIterableIterator<StreamEvent<unknown>> {
  let batch: EventSourceMessage[] = [];
  let at = 0;
  let busy: Promise<unknown> | undefined;
  // the next event of the batch, or undefined when it is spent; once stopped (close(), a return, the
  // call's signal), none is: the batches' generator then ends the stream its own way
  const take = (): StreamEvent<unknown> | undefined => {
    while (at < batch.length && !state.stopped) {
      const raw = batch[at++]!;
      const data = read(raw.data, raw.event, raw.id);
      if (raw.id !== undefined && headerBreak(raw.id) < 0) state.lastEventId = raw.id;
      if (!isSkipped(data)) return { data, id: raw.id, type: raw.event };
    }
    return undefined;
  };
  // the source ends once it failed or was returned, so a later call finds it done (a generator that
  // ended answers every next() with done); the events read ahead go
  const fail = (err: unknown): Promise<never> => {
    // Stryker disable next-line ArrayDeclaration: see above
    batch = [];
    return source.return(undefined).then(() => Promise.reject(err));
  };
  const iterator: AsyncIterableIterator<StreamEvent<unknown>> = {
    next() {
      if (busy) return busy.then(() => iterator.next());
      let event: StreamEvent<unknown> | undefined;
      try {
        event = take();
      } catch (err) {
        return fail(err);
      }
      if (event) return Promise.resolve({ done: false, value: event });
      const pending = source.next().then(
        (result) => {
          busy = undefined;
          if (result.done) return DONE;
          batch = result.value;
          at = 0;
          return iterator.next();
        },
        (err: unknown) => {
          busy = undefined;
          throw err;
        },
      );
      // a later call waits for this one, whatever its outcome
      busy = pending.catch(() => {});
      return pending;
    },
    // a loop that breaks, as close(): the connection is dropped
    return() {
      // Stryker disable next-line ArrayDeclaration: the events read ahead go (see fail)
      batch = [];
      close();
      return source.return(undefined).then(() => DONE);
    },
    [Symbol.asyncIterator]() {
      return iterator;
    },
  };
  return iterator;
}
