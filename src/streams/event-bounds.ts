import { EventTooLargeError } from "./stream-errors.js";

/**
 * Keeps an event stream's memory bounded: fed the decoded text before the parser sees it, it
 * throws `EventTooLargeError` as soon as one line, or the lines of one event together, pass
 * `limit` characters. eventsource-parser buffers a line until its end and an event until its blank
 * line, with no limit of its own, so an endless line would otherwise grow without end.
 *
 * Linear in the text, and state carries across chunks: a line or an event split over many chunks
 * counts as one, and a CRLF split between two chunks is one line end, not a blank line.
 *
 * @example
 * const bounds = new EventBounds(1024);
 * bounds.scan("data: {}\n\n"); // fine
 * bounds.scan("x".repeat(2000)); // throws EventTooLargeError
 */
export class EventBounds {
  /** Characters of the line read so far. */
  #line = 0;
  /** Characters of the event read so far: its ended lines, each with one line end. */
  #event = 0;
  /** The last line end was a CR, so an LF right after it belongs to it. */
  // Stryker disable next-line BooleanLiteral: the first event is empty: a first LF skipped as a CRLF's end, or read as a blank line, leaves it so
  #afterCR = false;
  readonly limit: number;
  constructor(limit: number) {
    this.limit = limit;
  }

  /** Accounts for `chunk`; throws `EventTooLargeError` when a line or an event passes the limit. */
  scan(chunk: string): void {
    const limit = this.limit;
    let from = 0;
    // each terminator is found once: the next CR and the next LF are kept until passed
    let cr = chunk.indexOf("\r");
    let lf = chunk.indexOf("\n");
    for (;;) {
      if (cr !== -1 && cr < from) cr = chunk.indexOf("\r", from);
      if (lf !== -1 && lf < from) lf = chunk.indexOf("\n", from);
      const end = cr === -1 ? lf : lf === -1 ? cr : Math.min(cr, lf);
      if (end === -1) break;
      const length = this.#line + end - from;
      const isCR = chunk.charCodeAt(end) === 13;
      if (length === 0 && this.#afterCR && !isCR) {
        // the LF of a CRLF
        this.#afterCR = false;
        from = end + 1;
        continue;
      }
      if (length === 0) this.#event = 0;
      else if (this.#event + length > limit) throw new EventTooLargeError(limit);
      else this.#event += length + 1;
      this.#line = 0;
      this.#afterCR = isCR;
      from = end + 1;
    }
    const rest = chunk.length - from;
    if (rest) {
      // #afterCR may stay set: it is read only at an empty line, and this line is not empty
      this.#line += rest;
      if (this.#event + this.#line > limit) throw new EventTooLargeError(limit);
    }
  }
}
