// Which media types carry a sequence of JSON texts, and how each frames them: the one reading the
// client, the generator and the mock share. Expectations are literals, from jsonlines.org, NDJSON,
// RFC 7464 and RFC 8091.
import { describe, expect, it } from "vitest";
import { SEPARATOR, sequenceFraming } from "../../../src/streams/sequence-media.js";

describe("the framing of a sequence of JSON texts, by its media type", () => {
  it.each([
    ["application/jsonl", "lines"],
    ["application/x-jsonl", "lines"],
    ["application/jsonlines", "lines"],
    ["application/x-jsonlines", "lines"],
    ["application/ndjson", "lines"],
    ["application/x-ndjson", "lines"],
    ["Application/X-NDJSON", "lines"],
    ["application/stream+json", "lines"],
    ["application/x-ndjson; charset=utf-8", "lines"],
    ["  application/jsonl  ;q=1", "lines"],
    ["application/json-seq", "records"],
    ["application/geo+json-seq", "records"],
    ["application/vnd.a-b.c+json-seq", "records"],
    ["APPLICATION/JSON-SEQ", "records"],
  ])("%s: %s", (mediaType, framing) => {
    expect(sequenceFraming(mediaType)).toBe(framing);
  });

  it.each([
    "application/json",
    "text/event-stream",
    "application/xjsonl",
    "application/x-jsonl2",
    "xapplication/ndjson",
    "application/ndjson+zip",
    "application/stream+json2",
    "text/application/stream+json",
    "application/+json-seq",
    "application/a b+json-seq",
    "application/geo+json-seqx",
    "xapplication/json-seq",
    "application/json-seq+gzip",
    "",
    ";charset=utf-8",
  ])("%j: none", (mediaType) => {
    expect(sequenceFraming(mediaType)).toBeUndefined();
  });

  it("reads no media type as none", () => {
    expect([sequenceFraming(null), sequenceFraming(undefined)]).toEqual([undefined, undefined]);
  });

  it("ends a line with LF and starts a record with RS (0x1E)", () => {
    expect(SEPARATOR).toEqual({ lines: "\n", records: "\u001e" });
  });
});
