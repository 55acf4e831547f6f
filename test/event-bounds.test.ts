import { describe, expect, it } from "vitest";
import { EventBounds } from "../src/event-bounds.js";
import { EventTooLargeError } from "../src/index.js";

/** Feeds `chunks` in turn; the index of the chunk that threw EventTooLargeError, or -1. */
function failsAt(limit: number, chunks: string[]): number {
  const bounds = new EventBounds(limit);
  for (let i = 0; i < chunks.length; i++) {
    try {
      bounds.scan(chunks[i]!);
    } catch (err) {
      expect(err).toBeInstanceOf(EventTooLargeError);
      return i;
    }
  }
  return -1;
}

describe("EventBounds", () => {
  it("accepts a line of exactly the limit and refuses one character more", () => {
    expect(failsAt(10, ["0123456789\n\n"])).toBe(-1);
    expect(failsAt(10, ["0123456789A\n\n"])).toBe(0);
  });

  it("counts a line split over many chunks as one line, failing at the chunk that passes the limit", () => {
    expect(failsAt(10, ["0123", "4567", "89", "\n\n"])).toBe(-1);
    expect(failsAt(10, ["0123", "4567", "89A"])).toBe(2);
  });

  it("counts an event's lines together, line ends included, and starts again after its blank line", () => {
    // "ab\n" four times is 12 characters: over 10 as one event
    expect(failsAt(10, ["ab\nab\nab\nab\n"])).toBe(0);
    // three characters per event, each ended by a blank line, over and over
    expect(failsAt(10, ["ab\n\n".repeat(100)])).toBe(-1);
  });

  it("takes CRLF and lone CR as line ends, a CRLF split between chunks as one, and CRLF CRLF as a blank line", () => {
    expect(failsAt(10, ["abcd\r\n\r\n".repeat(50)])).toBe(-1);
    expect(failsAt(10, ["abcd\r\r".repeat(50)])).toBe(-1);
    // the LF of a split CRLF is no blank line: the event goes on and passes 10
    expect(failsAt(10, ["abcd\r", "\nabcd\r", "\nabcd\r", "\n"])).toBe(2);
    expect(failsAt(10, ["abcd\r", "\n\r", "\nabcd\r", "\n\r\n"])).toBe(-1);
  });
});
