// @ts-check
// Which media types carry a sequence of JSON texts, read one item at a time, and how the texts are
// framed: read alike by the client (src/streams/item-stream.ts), the generator and the mock
// (scripts/, plain Node without a TypeScript loader). Plain JavaScript with JSDoc types, compiled
// and type-checked with src/.

// JSON Lines (jsonlines.org: application/jsonl, and the names in use before it), NDJSON, and
// application/stream+json, which some services answer one JSON text a line with
const LINES = /^application\/(x-)?(jsonl|jsonlines|ndjson)$|^application\/stream\+json$/i;
// JSON text sequences (RFC 7464): each text after a record separator, 0x1E; and the +json-seq suffix (RFC 8091)
const RECORDS = /^application\/([\w.-]+\+)?json-seq$/i;

/**
 * How a media type frames the JSON texts of a sequence: `lines`, one text a line (LF, or CRLF);
 * `records`, each text after a record separator (0x1E, RFC 7464); undefined for a media type that
 * is no sequence of JSON texts. Its parameters (`; charset=utf-8`) are not read.
 * @param {string | null | undefined} mediaType
 * @returns {"lines" | "records" | undefined}
 * @example
 * sequenceFraming("application/x-ndjson"); // "lines"
 * sequenceFraming("application/geo+json-seq"); // "records"
 * sequenceFraming("application/json"); // undefined
 */
export function sequenceFraming(mediaType) {
  // Stryker disable next-line StringLiteral: Stryker's text is no media type either
  const text = mediaType ?? "";
  // split gives one part at least
  const type = /** @type {string} */ (text.split(";")[0]).trim();
  return LINES.test(type) ? "lines" : RECORDS.test(type) ? "records" : undefined;
}

/** The character that ends (`lines`) or starts (`records`) each JSON text of a sequence of that framing. */
export const SEPARATOR = /** @type {const} */ ({ lines: "\n", records: "\u001e" });
