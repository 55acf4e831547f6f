// The row of generated/operations.ts that src/client/method.ts turns into a method: the same for every
// spec, so the runtime owns it and the generated table only fills it in, with only what differs from
// the defaults each field names (scripts/lib/generate/emit-client.mjs leaves those out).
import type { Schema } from "../../generated/validators.js";
import type { AuthScheme } from "../core/auth.js";
import type { Pagination, PagePromise } from "../lists/pages.js";
import type { HTTP_METHODS } from "../core/path-template.js";
import type * as forms from "../uploads/form-body.js";
import type * as urlEncoded from "../uploads/url-encoded.js";
import type * as sequence from "../uploads/sequence-body.js";
import type { openEventStream } from "../streams/event-stream.js";
import type { openItemStream } from "../streams/item-stream.js";
import type { ValidationIssue } from "../core/errors.js";
import type * as queries from "./query-string.js";
import type { callHeaders } from "./call-headers.js";
import type { keyInQuery } from "../core/key-in-query.js";
import type { EventData } from "../streams/event-data.js";

type FormShape = forms.FormShape;
type FieldEncoding = urlEncoded.FieldEncoding;

/**
 * The readers only some operations need. A row of generated/operations.ts brings those its
 * operation needs, so that a bundle of operations without lists, streams or forms leaves them out;
 * a table of a test's own may bring them through the client instead (src/client/client.ts `clientOf`).
 */
export interface Readers {
  /** Reads an event stream's answer. */
  openStream?: typeof openEventStream | undefined;
  /** Reads a sequence of JSON items (JSON Lines, NDJSON, a JSON text sequence). */
  openItems?: typeof openItemStream | undefined;
  /** Walks a list's pages. */
  PageList?: typeof PagePromise | undefined;
  /** Builds a multipart body from its fields. */
  formBody?: typeof forms.formBody | undefined;
  /** Builds an application/x-www-form-urlencoded body from its fields. */
  urlEncodedBody?: typeof urlEncoded.urlEncodedBody | undefined;
  /** Checks a body sent as given (bytes, text, a stream). */
  givenBody?: typeof forms.givenBody | undefined;
  /** Writes a query whose row says the style of some of its parameters (`queryStyles`). */
  styledQuery?: typeof queries.styledQuery | undefined;
  /** Writes OpenAPI 3.2's `querystring`, the whole query as one value (`querystring`). */
  wholeQuery?: typeof queries.wholeQuery | undefined;
  /** Writes a body of JSON values one after another from an async iterable, each item checked as it is sent. */
  sequenceBody?: typeof sequence.sequenceBody | undefined;
  /** Checks a call's header parameters and adds its idempotency key (src/client/call-headers.ts). */
  callHeaders?: typeof callHeaders | undefined;
  /**
   * Puts the key in a request's query (src/core/key-in-query.ts): a client's, not a row's; a
   * generated client takes generated/meta.ts `KEY_IN_QUERY`, there where the document has such a scheme.
   */
  keyInQuery?: typeof keyInQuery | undefined;
  /** Chooses the media type of a body offered as several (src/client/media-type.ts). */
  pickMedia?:
    | ((op: Operation, input: unknown, asked: unknown, issues: ValidationIssue[]) => Media | undefined)
    | undefined;
}

/**
 * A media type an operation offers for its body beside the row's own (`bodyType`): a call sends it
 * when its `options.contentType` names it, or when the value is one (src/client/request-body.ts).
 * Written as the row's own fields are, with only what differs from them.
 */
export interface OtherBody {
  /** As the row's `body`. */
  body: "json" | "urlencoded" | "lines" | "text" | "raw";
  /** Its media type, as the spec writes it. */
  bodyType: string;
  /** Its schema, where it is not the row's `bodySchema`. */
  bodySchema?: Schema;
  /** As the row's `form`, for a multipart body. */
  form?: FormShape;
  /** As the row's `encoding`, for a urlencoded body. */
  encoding?: Readonly<Record<string, FieldEncoding>>;
}

/** One media type of a body: the row's own fields, or one entry of its `bodies`. */
export type Media = Pick<Operation, "body" | "bodyType" | "bodySchema" | "form" | "encoding">;

/**
 * One operation of the spec, as ./method.ts turns it into a method. Schema fields are constants
 * of generated/validators.ts.
 */
export interface Operation {
  /** Where the method lives on the client: dot-separated groups, the method last (`x-client-method`). */
  name: string;
  /**
   * The HTTP method as sent: one of OpenAPI 3.1's eight, or one OpenAPI 3.2 adds (`QUERY`, or an
   * `additionalOperations` method such as `COPY`), whose types are its stand-in's (./method-type.ts).
   */
  method: Uppercase<(typeof HTTP_METHODS)[number]> | (string & {});
  /** The path template, e.g. `/browsers/{id}`; a variant of a path keeps its `#name` (`/chats#stream`: pathVariant), which is never sent. */
  path: string;
  /** The path parameters, in path order: the method's first arguments. Default: the path template's, in their order. */
  params?: readonly string[];
  /** Each path parameter's schema, by name: the value's text is checked against it before sending. */
  pathSchemas?: Readonly<Record<string, Schema>>;
  /**
   * The header parameters the spec declares, each name as the spec writes it, with its schema: a header
   * of `options.headers` of that name (in any case) is checked against it before sending.
   */
  headerSchemas?: Readonly<Record<string, Schema>>;
  /**
   * The header parameters a call must send, as the spec writes them (but its idempotency key, which the
   * client makes): each is required in the call's `headers`, unless the client sends it with every request.
   */
  headersRequired?: readonly string[];
  /** The query parameters, as one object schema (no other field allowed); of a `querystring`, its schema. */
  query?: Schema;
  /**
   * Where the operation takes OpenAPI 3.2's `querystring`, the whole query string as one value: the
   * parameter's name (its type's key in the spec's types) and the media type that writes it
   * (src/client/query-string.ts `wholeQuery`); `query` is then its schema.
   */
  querystring?: { name: string; type: string };
  queryRequired?: true;
  /**
   * How the query parameters are written where the document says other than openapi-fetch's way (an
   * array's items repeated, an object's fields in brackets): src/client/query-string.ts.
   */
  queryStyles?: Readonly<Record<string, FieldEncoding>>;
  /**
   * The request body: JSON (checked, then sent as JSON), urlencoded (its fields checked, then sent as
   * `application/x-www-form-urlencoded`, src/uploads/url-encoded.ts), lines (an array checked, then
   * sent as JSON values one after another: JSON Lines, NDJSON, a JSON text sequence; or an async
   * iterable, each item checked as it is sent, src/uploads/sequence-body.ts), text (a number
   * or boolean checked, then sent as its text) or raw (FormData, Blob or text, sent as given).
   */
  body?: "json" | "urlencoded" | "lines" | "text" | "raw";
  bodySchema?: Schema;
  /** The body's media type; a raw body is sent as it (a FormData body gets fetch's multipart type instead). */
  bodyType?: string;
  bodyRequired?: true;
  /** The other media types its body may be sent as, in the spec's order (`options.contentType`, or chosen by the value). */
  bodies?: readonly OtherBody[];
  /** The success status the spec declares first (a 3xx where it declares only a redirect: the Response is the answer). */
  status: number;
  /**
   * What the success answer holds: JSON (parsed and checked), nothing, other content (the `Response`
   * itself), server-sent events, or a sequence of JSON items (JSON Lines, NDJSON, a JSON text
   * sequence: `answerType` says which, `itemSchema` what each item is).
   */
  answer: "json" | "empty" | "other" | "stream" | "sequence";
  answerSchema?: Schema;
  /** The media type of a JSON answer (default: `application/json`), or of a sequence's. */
  answerType?: string;
  /** For a sequence of JSON items: the schema of one item. */
  itemSchema?: Schema;
  /** For an event stream: the schema of one event's data, or of the whole event where `eventItem` is given. */
  eventSchema?: Schema;
  /**
   * For an event stream an OpenAPI 3.2 `itemSchema` describes: `eventSchema` is that of one whole event
   * (its `data`, `event` and `id`), and this says which events' data is JSON (by the event's name).
   */
  eventItem?: EventData;
  /**
   * The schema of the JSON bodies its error answers declare (`anyOf` them when several): an error
   * body that breaks it is kept as text. None when it declares none: any JSON is kept.
   */
  errorSchema?: Schema;
  /**
   * Whether sending it twice has the effect of once: the operation's `x-idempotent`, else true when it
   * declares an idempotency key (`idempotencyKey`), else its HTTP method's rule. Default: true for RFC
   * 9110's idempotent methods and QUERY (src/core/policy.js `IDEMPOTENT_METHODS`), false for any
   * other: the generated table writes it where it differs, a method the IANA registry also marks
   * idempotent (COPY) included.
   */
  idempotent?: boolean;
  /**
   * The name of its `Idempotency-Key` header parameter, as the spec writes it: each call sends a key
   * there (`crypto.randomUUID()`, unless the call's `headers` carry one), the same on every attempt.
   */
  idempotencyKey?: string;
  /**
   * How it carries the key, where its own `security` differs from the document's (generated/meta.ts
   * `AUTH`): `{ kind: "none" }` for `security: []`.
   */
  security?: AuthScheme;
  /** A list's pages (`x-pagination`, or detected): the method returns a `PagePromise`. */
  page?: Pagination;
  /** How a urlencoded body's fields are written, where their `encoding` says other than `style: form, explode: true`. */
  encoding?: Readonly<Record<string, FieldEncoding>>;
  /** A multipart body's fields: the method builds the form from them (`bodySchema` checks those that are not files). */
  form?: FormShape;
  /** The readers it needs: its answer's, its pages', its body's. */
  readers?: Readers;
}
