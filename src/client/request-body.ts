// The body of one call: the media type it goes as (the call's `options.contentType`, else what the
// value is, else the row's own), built for that media type and checked against its schema, so that
// what is checked is what is sent.
import type { Media, Operation, Readers } from "./operation-row.js";
import { ClientError, type ValidationIssue } from "../core/errors.js";
import { check, jsonSnapshot } from "../checks/check.js";

/** A body built for its media type. */
export interface Built {
  /** What openapi-fetch is given and sends as it is: JSON text, a form, bytes, text. */
  sent: unknown;
  /** The `Content-Type` to send: `undefined` leaves openapi-fetch's (JSON), `null` lets fetch write it (a form's boundary). */
  type: string | null | undefined;
  /** A stream, read as it is sent: it gets one attempt. */
  singleUse: boolean;
  /** For a body of items streamed as they come (src/uploads/sequence-body.ts): what ended it early, once it did. */
  failure?: (() => unknown) | undefined;
}

/**
 * Whether a call's body is an async iterable of items (a generator, a stream of objects), not data:
 * a body of JSON values one after another takes one, and sends it as it comes.
 */
export const isItems = (input: unknown): input is AsyncIterable<unknown> =>
  typeof input === "object" &&
  input !== null &&
  !Array.isArray(input) &&
  typeof (input as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] === "function";

/**
 * The media type a call's body goes as: the row's own where it offers one (a call's `contentType`, if
 * given, must name it, in any case), else the choice among all it offers (`readers.pickMedia`,
 * src/client/media-type.ts), which only rows offering several bring. Undefined, with an issue, when
 * `contentType` names one not offered.
 *
 * @example
 * mediaOf(row, { name: "a", file: new Blob(["…"]) }, undefined, readers, issues)?.bodyType; // "multipart/form-data", where offered
 */
export function mediaOf(
  op: Operation,
  input: unknown,
  asked: unknown,
  readers: Readers,
  issues: ValidationIssue[],
): Media | undefined {
  if (op.bodies)
    return need(op.readers?.pickMedia ?? readers.pickMedia, op, "media type choice")(op, input, asked, issues);
  if (asked === undefined || (typeof asked === "string" && asked.toLowerCase() === op.bodyType?.toLowerCase()))
    return op;
  issues.push({ path: "options.contentType", message: `must be ${JSON.stringify(op.bodyType)}` });
  return undefined;
}

/**
 * The body of `input` as `media` sends it, checked against its schema; issues go to `issues` (and
 * `sent` is then not to be sent). JSON is snapshotted (`jsonSnapshot`), checked and sent as that snapshot's
 * text; a urlencoded or multipart form is built from the checked fields (src/uploads/); bytes and
 * text go as given, checked to be what fetch sends as given (src/uploads/form-body.ts `givenBody`);
 * JSON values one after another (`lines`) and a number or boolean as text (`text`) are checked as
 * JSON is, then written as their media type says; `lines` given as an async iterable are a stream,
 * each item checked as it is sent (src/uploads/sequence-body.ts), which gets one attempt.
 *
 * @example
 * const built = bodyOf(op, mediaOf(op, input, options?.contentType, issues)!, input, readers, issues);
 */
export function bodyOf(
  op: Operation,
  media: Media,
  input: unknown,
  readers: Readers,
  issues: ValidationIssue[],
): Built {
  let body: unknown;
  let singleUse = false;
  const before = issues.length;
  if (input === undefined) {
    if (op.bodyRequired) issues.push({ path: "body", message: "is required" });
  } else if (media.body === "lines" && isItems(input)) {
    // items as they come: each checked as it is sent, the body read once, so it gets one attempt
    const { stream, failure } = need(op.readers?.sequenceBody ?? readers.sequenceBody, op, "item body writer")(
      input,
      media.bodySchema,
      media.bodyType,
    );
    return { sent: stream, type: media.bodyType, singleUse: true, failure };
  } else if (media.body === "json" || media.body === "lines" || media.body === "text") {
    body = jsonSnapshot(input, "body", issues);
    // a snapshot with an issue holds holes: check only a clean one
    if (issues.length === before) check(media.bodySchema!, body, "body", issues);
  } else if (media.body === "urlencoded")
    body = need(op.readers?.urlEncodedBody ?? readers.urlEncodedBody, op, "form encoder")(
      input,
      media.encoding ?? {},
      media.bodySchema,
      issues,
    );
  else if (media.form)
    body = need(op.readers?.formBody ?? readers.formBody, op, "form builder")(
      input,
      media.form,
      media.bodySchema,
      issues,
    );
  else {
    body = input;
    // a stream is read as it is sent: it cannot be sent again, so it gets one attempt
    singleUse = need(op.readers?.givenBody ?? readers.givenBody, op, "body check")(body, media.bodyType, issues).stream;
  }
  // a call with issues is refused before anything is sent: what it would send is not built
  // Stryker disable next-line ConditionalExpression,ObjectLiteral: a shortcut; nothing is sent either way
  if (issues.length > before) return { sent: undefined, type: undefined, singleUse };
  // no body, and no type of one
  // Stryker disable next-line ObjectLiteral: `{}` reads alike: no stream stands behind a body not given
  if (body === undefined) return { sent: undefined, type: undefined, singleUse };
  // what is sent is what was checked, built once: the snapshot's JSON text, the form's fields, the bytes or form as given
  const json = media.body === "json";
  const sent = json
    ? JSON.stringify(body)
    : media.body === "lines"
      ? need(op.readers?.sequenceBody ?? readers.sequenceBody, op, "item body writer").text(body, media.bodyType)
      : // Stryker disable next-line ConditionalExpression,LogicalOperator,StringLiteral: fetch writes a URLSearchParams, a number or a boolean as this text too; as text it is a body every fetch takes
        media.body === "urlencoded" || media.body === "text"
        ? String(body)
        : body;
  const named = media.bodyType;
  // the media type the spec names; where it names none or a range (`*/*`), JSON keeps openapi-fetch's
  // (application/json) and any other the value's own, as fetch writes it; a FormData fetch's, with its boundary
  const type = !named || named.includes("*") || sent instanceof FormData ? (json ? undefined : null) : named;
  return { sent, type, singleUse };
}

/**
 * A reader `op` needs, or a loud failure: the spec has this kind of operation but generated/ was
 * written without its reader, so generated/ is older than the spec.
 */
export function need<R>(reader: R | undefined, op: Operation, what: string): R {
  if (!reader) throw new ClientError(`${op.name}: no ${what}; run npm run generate`);
  return reader;
}
