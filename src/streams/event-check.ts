import { PACKAGE_NAME } from "../../generated/identity.js";
import type { Schema } from "../../generated/validators.js";
import type { AnswerPolicy } from "../core/config.js";
import { StreamEventError, type RawEvent } from "./stream-errors.js";
import { check } from "../checks/check.js";
import { type EventData, jsonData, namedEvent } from "./event-data.js";

/**
 * What a stream's reader reads of its operation's row (src/client/operation-row.ts `Operation`, which
 * names the readers and so cannot be named here): where it goes, whether it may be re-opened, and
 * the schema of one event's data.
 */
export interface StreamOperation {
  name: string;
  method: string;
  path: string;
  idempotent: boolean;
  eventSchema?: Schema | undefined;
  /** Where `eventSchema` is that of one whole event (OpenAPI 3.2's `itemSchema`): which events' data is JSON. */
  eventItem?: EventData | undefined;
}

/** One event of a stream: its `data`, typed and checked by the spec, with the wire's `id` and `event` fields. */
export interface StreamEvent<T> {
  /** The event's JSON `data`, checked against the stream's event schema. */
  readonly data: T;
  /** The `id:` field, when the event had one; a re-opened stream resumes after the last one. */
  readonly id: string | undefined;
  /** The `event:` field, when the event had one. */
  readonly type: string | undefined;
}

/**
 * One event of a stream whose OpenAPI 3.2 `itemSchema` describes each whole event, typed from the type
 * of one event `E` (its `event`, `data` and `id` fields): each kind's name (`type`) and data together,
 * so that narrowing on `type` narrows `data`.
 *
 * @example
 * for await (const event of stream) if (event.type === "addJson") console.log(event.data.foo);
 */
export type NamedEvent<E> = E extends { data: infer D }
  ? {
      readonly data: D;
      readonly id: string | undefined;
      readonly type: E extends { event: infer K } ? K : E extends { event?: infer K } ? K | undefined : undefined;
    }
  : never;

/** The kind of event the service sends to keep a quiet stream open; see `eventReader`. */
export const HEARTBEAT = "sse_heartbeat";

const SKIP = Symbol("heartbeat");

/** Reads one event's fields as they came off the wire: its `data:` lines, `event:` and `id:`. */
export type EventRead = (data: string, type: string | undefined, id: string | undefined) => unknown;

/**
 * What an event stream does with each event that arrives: its `data` read as JSON (kept as text
 * when it is not JSON, for the schema to judge) and checked like an answer against the stream's
 * event schema (`eventSchema` of the table). Returns `SKIP` for a heartbeat the schema does not
 * type (`event: sse_heartbeat`, or data whose `event` is `sse_heartbeat`): it kept the connection
 * alive and says nothing more.
 *
 * Every event the spec does not promise goes through `reportDrift`, the one place that decides
 * what a drifting event does.
 *
 * @example
 * const read = eventReader(op);
 * const data = read('{"event":"log","message":"hi"}', undefined, "1");
 */
export function eventReader(op: StreamOperation, policy: AnswerPolicy = {}, response?: () => Response): EventRead {
  if (op.eventItem) return namedReader(op, op.eventItem, policy, response);
  const schema = op.eventSchema;
  const typedHeartbeat = schema !== undefined && mapping(schema).has(HEARTBEAT);
  const checked = checker(op, schema, policy, response);
  return (text, type, id) => {
    let data: unknown = text;
    try {
      data = JSON.parse(text);
    } catch {
      // kept as text: a string schema accepts it, any other reports it
    }
    if (!typedHeartbeat && (type === HEARTBEAT || (data as { event?: unknown } | null)?.event === HEARTBEAT))
      return SKIP;
    return checked(data, { id, type, data: text });
  };
}

/**
 * `eventReader` of a stream whose `itemSchema` describes each whole event: its data read as JSON where
 * its kind's is (`jsonData`; kept as text when it is not JSON, for the schema to judge), then the event
 * as its fields came (`data`, and `event` and `id` where sent) checked against the schema of one event.
 * A heartbeat is passed over unless the item schema names that kind. The `retry:` field re-opens the
 * stream (src/streams/event-stream.ts) and is not checked: the parser passes only a valid one on.
 */
function namedReader(
  op: StreamOperation,
  item: EventData,
  policy: AnswerPolicy,
  response: (() => Response) | undefined,
): EventRead {
  const checked = checker(op, op.eventSchema, policy, response, "event");
  return (text, type, id) => {
    if (type === HEARTBEAT && !namedEvent(item, HEARTBEAT)) return SKIP;
    let data: unknown = text;
    if (jsonData(item, type))
      try {
        data = JSON.parse(text);
      } catch {
        // kept as text: the schema says what it should have been
      }
    const event: Record<string, unknown> = { data };
    if (type !== undefined) event.event = type;
    if (id !== undefined) event.id = id;
    checked(event, { id, type, data: text });
    return data;
  };
}

/**
 * What a stream of JSON texts (JSON Lines, a JSON text sequence: src/streams/item-stream.ts) does with
 * each item: read as JSON and checked like an answer against `schema`, the row's `itemSchema`. An
 * item that is no JSON, or breaks the schema, goes through `reportDrift`, as a drifting event does.
 *
 * @example
 * const read = itemReader(op, op.itemSchema);
 * const item = read('{"id":1}');
 */
export function itemReader(
  op: StreamOperation,
  schema: Schema | undefined,
  policy: AnswerPolicy = {},
  response?: () => Response,
): (text: string) => unknown {
  const checked = checker(op, schema, policy, response);
  return (text) => {
    const raw = { id: undefined, type: undefined, data: text };
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      return reportDrift(op, raw, text, [{ path: "data", message: "is not JSON" }], policy, response?.());
    }
    return checked(data, raw);
  };
}

/** Checks one value of a stream against `schema` (none: every value passes), reporting one that breaks it. */
function checker(
  op: StreamOperation,
  schema: Schema | undefined,
  policy: AnswerPolicy,
  response: (() => Response) | undefined,
  root = "data",
): (data: unknown, raw: RawEvent) => unknown {
  return (data, raw) => {
    if (schema === undefined) return data;
    // the common event is one compiled call that builds no path and no issue (check() walks a value
    // that fails again for its issues, and turns a stack overflow into one)
    const issues = check(schema, data, root, [], true);
    return issues.length ? reportDrift(op, raw, data, issues, policy, response?.()) : data;
  };
}

/** True for what `eventReader` returns for a heartbeat. */
export const isSkipped = (data: unknown): boolean => data === SKIP;

/**
 * An event that breaks the stream's schema, or whose data is not JSON where the schema wants more
 * than text: as with any answer (src/checks/answer-check.ts), it is yielded and reported through the logger and
 * `onAnswerMismatch`, since the service sent it; with `strictAnswers` the stream ends with
 * `StreamEventError`, which carries the event as received and every issue.
 */
export function reportDrift(
  op: StreamOperation,
  raw: RawEvent,
  data: unknown,
  issues: { path: string; message: string }[],
  policy: AnswerPolicy,
  response: Response | undefined,
): unknown {
  const error = new StreamEventError(
    `An event of ${op.name} (${op.method} ${op.path}) is not what the spec promises: ${issues.map((i) => `${i.path} ${i.message}`).join("; ")}`,
    raw,
    issues,
  );
  if (policy.strictAnswers) throw error;
  policy.logger?.debug(`${PACKAGE_NAME}: ${error.message}`);
  if (response) policy.onAnswerMismatch?.({ operation: op.name, issues, data, response });
  return data;
}

/** The values a discriminated schema names in its mapping (through `$ref`s). */
function mapping(schema: Schema): Set<string> {
  let s = schema;
  for (let hops = 0; s.$ref !== undefined && hops < 32; hops++) s = s.$ref();
  return new Set(Object.keys(s.discriminator?.mapping ?? {}));
}
