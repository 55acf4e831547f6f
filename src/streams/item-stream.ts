// A sequence of JSON texts answered as one body (JSON Lines, NDJSON, a JSON text sequence): read item
// by item as it arrives, each parsed and checked, bounded as an event stream is (src/streams/stream-read.ts).
import type { Schema } from "../../generated/validators.js";
import { ConnectionError, UserAbortError } from "../core/errors.js";
import type { RequestOptions } from "../core/request-options.js";
import { itemReader, type StreamOperation } from "./event-check.js";
import { SEPARATOR, sequenceFraming } from "./sequence-media.js";
import { EventTooLargeError } from "./stream-errors.js";
import { readChunk, type StreamBounds, type StreamReader, streamEnd, streamOptions } from "./stream-read.js";

/**
 * Options of a method that answers a sequence of JSON items: the per-call options, and the stream's
 * bounds (`maxEventSize` bounds one item, `idleTimeoutMs` the silence between two chunks). A sequence
 * has no way to resume where it broke, so a dropped connection ends it.
 */
export interface ItemStreamOptions extends RequestOptions, StreamBounds {}

/**
 * An open sequence of items: iterate it with `for await`, each item typed and checked; breaking out
 * of the loop, `close()` or the call's `signal` ends the request and drops the connection. It can be
 * iterated once.
 *
 * @example
 * const items = await client.tasks.stream();
 * for await (const task of items) {
 *   console.log(task.uid);
 *   if (task.status === "succeeded") break; // the connection is dropped here
 * }
 */
export interface ItemStream<T> extends AsyncIterable<T> {
  /** The answer (its status, headers); its body is the stream's to read. */
  readonly response: Response;
  /** Ends the stream: the connection is dropped, and a loop over it ends without error. */
  close(): void;
}

/** What an item stream reads of its operation's row: where it goes, its media type, one item's schema. */
export interface ItemOperation extends StreamOperation {
  answerType?: string | undefined;
  itemSchema?: Schema | undefined;
}

/**
 * Splits the decoded text of a sequence into its JSON texts: after each LF (`lines`), or before each
 * record separator (`records`); blank ones are passed over. A text longer than `limit` characters is
 * `overflow` (an `EventTooLargeError`) as soon as it passes it, the texts before it still returned,
 * and nothing after it is read: an endless line is never held whole.
 */
export class SequenceSplitter {
  #pending = "";
  /** Set once a text passed the limit. */
  overflow: EventTooLargeError | undefined;
  readonly #separator: string;
  readonly limit: number;
  constructor(framing: "lines" | "records", limit: number) {
    this.#separator = SEPARATOR[framing];
    this.limit = limit;
  }

  /** The texts `chunk` completes, in order. */
  feed(chunk: string): string[] {
    const texts: string[] = [];
    if (this.overflow) return texts;
    let from = 0;
    for (let at = chunk.indexOf(this.#separator); at !== -1; at = chunk.indexOf(this.#separator, from)) {
      const text = this.#pending + chunk.slice(from, at);
      this.#pending = "";
      if (text.length > this.limit) return this.#over(texts);
      if (text.trim()) texts.push(text);
      from = at + 1;
    }
    this.#pending += chunk.slice(from);
    return this.#pending.length > this.limit ? this.#over(texts) : texts;
  }

  #over(texts: string[]): string[] {
    this.#pending = "";
    this.overflow = new EventTooLargeError(this.limit);
    return texts;
  }

  /** The last text, which the sequence ended without a separator after; undefined when blank. */
  end(): string | undefined {
    const text = this.#pending;
    // Stryker disable next-line StringLiteral: nothing reads the splitter after its end
    this.#pending = "";
    return text.trim() ? text : undefined;
  }
}

type OpenItems = StreamReader<ItemOperation, ItemStreamOptions, ItemStream<unknown>>;

/**
 * Opens a sequence with `open` (the operation's request, through the client's transport) and returns
 * it once the answer's headers arrived: a non-2xx rejects like any call. Its body is framed as the
 * row's media type says (`sequenceFraming`; as JSON Lines where it says nothing known), each item read
 * and checked by `itemReader`; an item is bounded by `maxEventSize`, silence by `idleTimeoutMs`. A
 * dropped connection ends it with `ConnectionError`: a sequence has no way to resume.
 */
export const openItemStream: OpenItems = async (op, open, options, policy = {}) => {
  const { maxEventSize, idleTimeoutMs, request } = streamOptions(options);
  const where = `${op.method} ${op.path}`;
  const framing = sequenceFraming(op.answerType) ?? "lines";
  // Stryker disable next-line ObjectLiteral: closed left undefined reads as false
  const state = { closed: false };
  // the caller's signal ends the connection while it is read
  const { stop, release, close: end } = streamEnd(request.signal, state);
  let response: Response;
  try {
    response = await open({
      ...request,
      signal: stop.signal,
      headers: { Accept: `${op.answerType ?? "application/jsonl"}, application/json;q=0.9`, ...request.headers },
    });
  } catch (err) {
    release();
    throw err;
  }
  const read = itemReader(op, op.itemSchema, policy, () => response);

  async function* items(): AsyncGenerator<unknown> {
    const reader = response.body?.getReader();
    const cancel = () => void reader?.cancel().catch(() => {});
    stop.signal.addEventListener("abort", cancel);
    const decoder = new TextDecoder();
    const split = new SequenceSplitter(framing, maxEventSize);
    try {
      for (;;) {
        const chunk = await readChunk(reader, idleTimeoutMs, where);
        if (stop.signal.aborted) throw stop.signal.reason;
        const texts = split.feed(chunk.done ? decoder.decode() : decoder.decode(chunk.value, { stream: true }));
        // the last text may end the body without a separator after it
        const last = chunk.done ? split.end() : undefined;
        if (last !== undefined) texts.push(last);
        for (const text of texts) {
          yield read(text);
          if (state.closed) return;
        }
        if (split.overflow) throw split.overflow;
        if (chunk.done) return;
      }
    } catch (err) {
      if (state.closed) return;
      if (stop.signal.aborted) throw new UserAbortError({ cause: stop.signal.reason });
      // a read that failed is a dropped connection; anything else (a limit, a strict check) ends the stream as it is
      if (err instanceof TypeError)
        throw new ConnectionError(`${where}: the stream was dropped: ${err.message}`, {
          cause: err,
          maybePerformed: true,
        });
      throw err;
    } finally {
      // Stryker disable next-line StringLiteral: left on, the listener only cancels the reader again, which is a no-op
      stop.signal.removeEventListener("abort", cancel);
      cancel();
      stop.abort();
      release();
    }
  }

  const close = () => end(response);
  let iterator: AsyncGenerator<unknown> | undefined;
  return {
    get response() {
      return response;
    },
    close,
    [Symbol.asyncIterator]() {
      if (iterator) return iterator;
      const generator = items();
      // a loop that breaks ends the request, as close() does
      const end = generator.return.bind(generator);
      generator.return = (value) => {
        close();
        return end(value);
      };
      return (iterator = generator);
    },
  };
};
