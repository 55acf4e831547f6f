import { describe, expect, it } from "vitest";
import { EventBounds } from "../../../src/streams/event-bounds.js";
import { EventTooLargeError } from "../../../src/index.js";

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
    // the line's end closing its chunk, the blank line in the next
    expect(failsAt(10, ["0123456789\n", "\n"])).toBe(-1);
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

/**
 * A chunk that counts the characters its searches look at: `scan` reads a chunk only through
 * `length`, `indexOf` and `charCodeAt`, so the count is the work one scan does.
 */
class CountedChunk {
  examined = 0;
  constructor(readonly text: string) {}
  get length(): number {
    return this.text.length;
  }
  indexOf(search: string, from = 0): number {
    const found = this.text.indexOf(search, from);
    this.examined += (found === -1 ? this.text.length : found + 1) - Math.min(from, this.text.length);
    return found;
  }
  charCodeAt(index: number): number {
    return this.text.charCodeAt(index);
  }
}

describe("EventBounds, line ends mixed in one chunk", () => {
  it("counts a line ended by LF right after a line ended by a lone CR", () => {
    // "abcd" then "abcdefgh": 5 + 8 characters of one event, over 10
    expect(failsAt(10, ["abcd\rabcdefgh\n"])).toBe(0);
  });

  it("ends an event at a blank LF line that follows a CRLF", () => {
    // "aaaa" ends its event at the blank line; "bbbbb" starts a new one, within 9
    expect(failsAt(9, ["aaaa\r\n\nbbbbb\n\n"])).toBe(-1);
    expect(failsAt(9, ["aaaa\r\nbbbbb\n\n"])).toBe(0);
  });

  // linear in the text, as documented: each kind of line end is searched for once over the chunk
  it.each([
    ["LF lines and no CR", "ab\n".repeat(1000)],
    ["LF lines ending in one CR", `${"ab\n\n".repeat(500)}\r`],
    ["CR lines and no LF", "ab\r".repeat(1000)],
    ["CR lines ending in one LF", `${"ab\r\r".repeat(500)}\n`],
  ])("looks at each character at most twice in a chunk of %s", (_, text) => {
    const chunk = new CountedChunk(text);
    new EventBounds(1 << 20).scan(chunk as unknown as string);
    expect(chunk.examined).toBeLessThanOrEqual(2 * text.length);
  });
});
