// Request bodies Prism cannot read, read by the proxy instead: JSON values one after another (JSON
// Lines, NDJSON, JSON text sequences), which Prism holds as one string against an array schema, and a
// number or boolean sent as text (`text/plain` of `type: boolean`), which Prism holds as a string.
// Each is read as the client writes it (src/client/request-body.ts) and checked with the client's
// checks; Prism's refusal of such a body alone is then not the mock's answer.
import { SEPARATOR } from "../../../src/streams/sequence-media.js";

/**
 * The issues of a `lines` or `text` body (request-bodies.mjs's kinds) against `schema`, as the
 * client's checks read it: each line (or record, after a record separator) a JSON value, the values
 * together the array the schema describes (one value alone where the schema is no array); the text
 * read as a path parameter's is (`true`, `150`).
 * @param {{ kind: string, schema: unknown }} media the media type the request was sent as
 * @param {Buffer} bytes the request's body
 * @param {{ check(schema: unknown, value: unknown, direction: "request"): { path: string, message: string }[], checkParam(schema: unknown, text: string): { path: string, message: string }[] }} sampler
 * @returns {{ path: string, message: string }[]}
 * @example
 * textBodyIssues({ kind: "lines", schema: { type: "array" } }, Buffer.from('{"a":1}\n{"a":2}\n'), sampler); // []
 */
export function textBodyIssues(media, bytes, sampler) {
  const text = bytes.toString("utf8");
  if (media.kind === "text") return sampler.checkParam(media.schema, text);
  const values = [];
  // a JSON text sequence's records begin with a record separator (U+001E), JSON Lines' end a line
  const records = text
    .split("\n")
    .flatMap((line) => line.split(SEPARATOR.records))
    .filter((record) => record.trim() !== "");
  for (const [i, record] of records.entries()) {
    try {
      values.push(JSON.parse(record));
    } catch {
      return [{ path: `body[${i}]`, message: "is no JSON value" }];
    }
  }
  const issues = sampler.check(media.schema, values, "request");
  // a schema of one value, not of a list of them: the one value the body holds
  return issues.length && values.length === 1 && !sampler.check(media.schema, values[0], "request").length
    ? []
    : issues;
}
