// A request body of JSON values one after another (JSON Lines, NDJSON, a JSON text sequence) given as an
// async iterable: sent as a stream, one item read, checked and written at a time, so that what the
// client holds is one item, whatever the number of items.
import type { Schema } from "../../generated/validators.js";
import { actedBefore, ValidationError, type ValidationIssue } from "../core/errors.js";
import { check, jsonSnapshot } from "../checks/check.js";
import { SEPARATOR, sequenceFraming } from "../streams/sequence-media.js";

/** A streamed body, and what ended it early: an item that broke its schema, or the iterable's own error. */
export interface SequenceBody {
  /** The body fetch sends as it reads it, one item's text per read. */
  readonly stream: ReadableStream<Uint8Array>;
  /** What ended the body before its last item, once it did: a `ValidationError`, or what the iterable threw. */
  failure(): unknown;
}

/**
 * The items of `items` as a body of `mediaType`: each on a line of its own (JSON Lines, NDJSON), or
 * after a record separator (a JSON text sequence, RFC 7464). An item is asked for only when fetch reads
 * the body (a pull stream that holds none ahead), snapshotted as JSON data and checked against the schema
 * of one item (the `items` of the body's array schema, else the body's schema) before it is written. An
 * item that is no JSON data or breaks the schema ends the body, and so the request, with a
 * `ValidationError` naming it (`body[3].name`), `maybePerformed` since the items before it went out; an
 * error the iterable throws ends it too, and is `failure()`'s as thrown. The iterable is closed
 * (`return()`) when the body ends early or fetch stops reading it.
 *
 * @example
 * const { stream } = sequenceBody(readRows(), schema, "application/x-ndjson");
 * await fetch(url, { method: "POST", body: stream, duplex: "half" });
 */
export function sequenceBody(
  items: AsyncIterable<unknown>,
  schema: Schema | undefined,
  mediaType: string | undefined,
): SequenceBody {
  const item = schema && itemSchema(schema);
  const separator = sequenceFraming(mediaType) === "records" ? SEPARATOR.records : "";
  const encoder = new TextEncoder();
  let iterator: AsyncIterator<unknown> | undefined;
  let index = 0;
  let failed: { error: unknown } | undefined;
  const stop = (controller: ReadableStreamDefaultController<Uint8Array>, error: unknown) => {
    failed = { error };
    controller.error(error);
    // the stream is errored already: a failure to return the iterator changes nothing a reader sees
    // Stryker disable next-line OptionalChaining: see above
    void Promise.resolve(iterator?.return?.()).catch(() => {});
  };
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let next: IteratorResult<unknown>;
        try {
          iterator ??= items[Symbol.asyncIterator]();
          next = await iterator.next();
        } catch (err) {
          return stop(controller, err);
        }
        if (next.done) return controller.close();
        const at = `body[${index++}]`;
        const issues: ValidationIssue[] = [];
        const value = jsonSnapshot(next.value, at, issues);
        if (!issues.length && item) check(item, value, at, issues);
        if (issues.length) return stop(controller, actedBefore(new ValidationError(issues), index > 1));
        controller.enqueue(encoder.encode(`${separator}${JSON.stringify(value)}\n`));
      },
      async cancel() {
        await iterator?.return?.();
      },
    },
    // nothing read ahead: an item is asked for when fetch asks for the body's next piece
    { highWaterMark: 0 },
  );
  return { stream, failure: () => failed?.error };
}

/**
 * JSON values one after another as text, as a sequential media type writes them: each on a line of
 * its own (JSON Lines, NDJSON), or after a record separator (a JSON text sequence, RFC 7464); an
 * array is its items, any other value one. What a call's body of items given as data (not as they
 * come) is sent as, once it is checked (src/client/request-body.ts).
 *
 * @example
 * sequenceBody.text([{ a: 1 }, 2], "application/json-seq"); // "\u001e{\"a\":1}\n\u001e2\n"
 */
sequenceBody.text = (body: unknown, mediaType: string | undefined): string => {
  const items = Array.isArray(body) ? body : [body];
  const separator = sequenceFraming(mediaType) === "records" ? SEPARATOR.records : "";
  return items.map((item) => `${separator}${JSON.stringify(item)}\n`).join("");
};

/** The schema of one item of a body whose schema is `schema`: its array's `items`, else itself. */
function itemSchema(schema: Schema): Schema | undefined {
  let s = schema;
  // Stryker disable next-line EqualityOperator: a loop of $refs stops after 32 hops or 33 alike
  for (let hops = 0; s.$ref !== undefined && hops < 32; hops++) s = s.$ref();
  return s.type?.includes("array") ? s.items : schema;
}
