import { ERROR_NAME } from "../../generated/identity.js";
import type { ErrorBodies } from "../../generated/types.js";
import { mayHaveActed } from "./policy.js";
import { retryAfterMs } from "./retry.js";
import { isJson, readError } from "./error-body.js";

/**
 * The JSON body of an error answer of any method, as the spec declares them: the union of every
 * method's declared error bodies (`unknown` when one of them declares none). `ApiError.body` is one
 * of these, or the answer's text.
 */
export type ApiErrorBody = ErrorBodies[keyof ErrorBodies];

/**
 * The JSON body of the error answers one method declares (`unknown` where it declares none): what
 * `ApiError.body` holds, when it is not text, for an error that method threw.
 *
 * @example
 * try {
 *   await client.group.method(id);
 * } catch (err) {
 *   if (!(err instanceof ApiError) || typeof err.body !== "object") throw err;
 *   const body = err.body as ErrorBodyOf<"group.method">;
 * }
 */
export type ErrorBodyOf<Name extends keyof ErrorBodies> = ErrorBodies[Name];

// a field the declared error bodies may carry, typed by those that declare it; unknown where a body may be any JSON
type Field<B, K extends string> = B extends { [P in K]?: infer V } ? V : never;
type BodyField<K extends string> = unknown extends ApiErrorBody ? unknown : Field<ApiErrorBody, K>;

/** What every error's constructor takes besides its message. */
export interface ErrorOptions {
  cause?: unknown;
  /** See `ClientError.maybePerformed`. Default: false. */
  maybePerformed?: boolean | undefined;
}

/**
 * The root of every error this client throws: `err instanceof` it catches them all. The package
 * exports it under its own name (package.json's client.displayName and "Error", generated/public-names.ts),
 * which is its `name` too.
 *
 * @example
 * try {
 *   await client.group.act(id, body);
 * } catch (err) {
 *   if (err instanceof ClientError && err.maybePerformed) console.warn("it may have happened: check before trying again");
 *   throw err;
 * }
 */
export class ClientError extends Error {
  override name = ERROR_NAME;
  /**
   * True when the call may have been acted on by the service: a request of it may have reached
   * the service and been performed (a 2xx arrived, a 3xx or 5xx came back, the connection broke
   * after sending, an attempt timed out, the caller aborted while a request was out, or an earlier
   * attempt of the call did one of these). False only when the client knows the service did not
   * act: nothing was sent, or every answer was a refusal (4xx).
   */
  readonly maybePerformed: boolean;
  constructor(message?: string, options: ErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.maybePerformed = options.maybePerformed ?? false;
  }
}

/**
 * `err`, saying `maybePerformed` when an earlier attempt of the same call may have acted: the last
 * attempt's failure alone (a refused connection, a 4xx) would say the call did nothing.
 */
export function actedBefore<E extends ClientError>(err: E, acted: boolean): E {
  if (acted && !err.maybePerformed) (err as { maybePerformed: boolean }).maybePerformed = true;
  return err;
}

/**
 * A class that adds only its name to `Base`'s, as `named` makes it: it is `Base` as a type, and
 * `instanceof` it tells its instances from their base's others.
 */
export type Named<Base extends abstract new (...args: never) => ClientError, Name extends string> = Base & {
  /** The class's name, which its instances carry as theirs. */
  readonly name: Name;
};

/** Whether `Class` extends `Base` and is named `name`: what `named` makes. */
function isNamed<Base extends new (...args: never) => ClientError, Name extends string>(
  Class: unknown,
  Base: Base,
  name: Name,
): Class is Named<Base, Name> {
  // Stryker disable next-line all: `named` asks it only of the class it has just made, which is all three; no call can tell a weaker test apart
  return typeof Class === "function" && Class.prototype instanceof Base && Class.name === name;
}

/** The class `className`, a subclass of `Base` whose instances carry that name (and so does the class: `NotFoundError.name`). */
function named<Base extends new (...args: never) => ClientError, Name extends string>(
  Base: Base,
  className: Name,
): Named<Base, Name> {
  // a class given as a computed key's value takes the key for its own name
  const Class: new (...args: never) => ClientError = {
    [className]: class extends (Base as new (...args: never) => ClientError) {
      override name = className;
    },
  }[className]!;
  CLASSES[className] = Class;
  // it constructs as Base does, and its name is the key it was made under
  const made: unknown = Class;
  // never thrown: the guard gives the class its type without a cast
  // Stryker disable next-line StringLiteral,ConditionalExpression: never thrown, so neither its message nor a test made `false` shows
  if (!isNamed(made, Base, className)) throw new TypeError(`${className} is not a subclass of ${Base.name}`);
  return made;
}

/** Each class `named` made, by name: where an answer's status finds its class (src/core/policy.js `errorClassName`). */
export const CLASSES: Record<string, unknown> = {};

/**
 * The client was configured in a way that cannot work: no API key or one that cannot travel in a
 * header, an unusable base URL, a bad limit or header, plain http to a remote host, or use in a web
 * page. Thrown by `createClient` itself, before anything is sent; the message names the option and
 * the value given, never the key.
 */
export const ConfigurationError = named(ClientError, "ConfigurationError");
export type ConfigurationError = InstanceType<typeof ConfigurationError>;

/** One problem with an input: where (`id`, `body.x`) and what is wrong. */
export interface ValidationIssue {
  path: string;
  message: string;
}

/**
 * An input broke the spec, or a call's options cannot work (a bad limit, a header the transport
 * owns), so nothing was sent. `issues` lists every problem, not only the first.
 *
 * @example
 * try {
 *   await client.group.method(id, { x: -1, y: 10 });
 * } catch (err) {
 *   if (err instanceof ValidationError) console.log(err.issues); // [{ path: "body.x", message: "must be >= 0" }]
 * }
 */
export class ValidationError extends ClientError {
  override name = "ValidationError";
  /** Every problem found. */
  readonly issues: ValidationIssue[];
  constructor(issues: ValidationIssue[]) {
    super(`Invalid input: ${issues.map((i) => `${i.path} ${i.message}`).join("; ")}`);
    this.issues = issues;
  }
}

/**
 * A 2xx answer is not what the spec promises: its JSON breaks the answer's schema (thrown only with
 * `strictAnswers`; otherwise the call resolves to it and reports it), or its body is not JSON at all
 * (always thrown: there is nothing of the promised type to return). The service acted, so
 * `maybePerformed` is true, and the answer is here: `data` (the parsed body, or its text when it was
 * not JSON), `response` and every `issue`.
 *
 * @example
 * const client = createClient({ strictAnswers: true });
 * try {
 *   await client.group.read(id);
 * } catch (err) {
 *   if (err instanceof AnswerMismatchError) console.warn(err.issues, err.data);
 * }
 */
export class AnswerMismatchError extends ClientError {
  override name = "AnswerMismatchError";
  /** The method that was answered, by name: `"<group>.<method>"`. */
  readonly operation: string;
  /** Every way the answer breaks the spec, each with its path (`response.limits.max`). */
  readonly issues: ValidationIssue[];
  /** The answer as parsed; its text when it was not JSON. */
  readonly data: unknown;
  /** The answer: status and headers (its body was read into `data`). */
  readonly response: Response;
  constructor(
    operation: string,
    issues: ValidationIssue[],
    data: unknown,
    response: Response,
    options: ErrorOptions = {},
  ) {
    // issues name paths and the spec's rules, never a header, so never the key
    super(
      `The answer to ${operation} (status ${response.status}) is not what the spec promises: ${issues.map((i) => `${i.path} ${i.message}`).join("; ")}`,
      { ...options, maybePerformed: true },
    );
    this.operation = operation;
    this.issues = issues;
    this.data = data;
    this.response = response;
  }
}

/** The caller's `signal` fired; the call was abandoned and is not retried. */
export class UserAbortError extends ClientError {
  override name = "UserAbortError";
  constructor(options?: ErrorOptions) {
    super("The request was aborted by the caller.", options);
  }
}

/**
 * The service could not be reached, or the connection failed before an answer arrived. `cause`
 * holds the underlying error.
 */
export class ConnectionError extends ClientError {
  override name = "ConnectionError";
  constructor(message: string, options: ErrorOptions & { maybePerformed: boolean }) {
    super(message, options);
  }
}

/** An attempt took longer than `timeoutMs`. The service may still have acted on it (`maybePerformed`). */
export const ConnectionTimeoutError = named(ConnectionError, "ConnectionTimeoutError");
export type ConnectionTimeoutError = InstanceType<typeof ConnectionTimeoutError>;

/**
 * An answer's body, decompressed, was larger than `maxResponseBytes` (default 16 MiB), a 2xx or an
 * error alike: the client stopped reading and dropped the connection. Not retried.
 *
 * @example
 * const client = createClient({ maxResponseBytes: 64 * 1024 * 1024 }); // accept answers up to 64 MiB
 */
export class ResponseTooLargeError extends ClientError {
  override name = "ResponseTooLargeError";
  /** The limit that was exceeded, in bytes. */
  readonly limit: number;
  /** The status of the answer whose body was too large. */
  readonly status: number;
  constructor(limit: number, status: number, options: ErrorOptions = {}) {
    super(
      `The answer (status ${status}) is larger than maxResponseBytes, ${limit} bytes; pass a larger maxResponseBytes to createClient or to the call to accept it.`,
      { ...options, maybePerformed: options.maybePerformed ?? mayHaveActed(status) },
    );
    this.limit = limit;
    this.status = status;
  }
}

/**
 * The service answered with a non-2xx status. One subclass per common status; any other status is
 * a plain `ApiError`.
 *
 * @example
 * try {
 *   await client.group.delete(id);
 * } catch (err) {
 *   if (err instanceof NotFoundError) console.log("already gone");
 *   else if (err instanceof ApiError) console.log(err.status, err.code, err.message);
 *   else throw err;
 * }
 */
export class ApiError extends ClientError {
  override name = "ApiError";
  /** The HTTP status code. */
  readonly status: number;
  /**
   * The machine-readable code of the error body, when it had one (e.g. `bad_request`), read by
   * `readError`'s rules whatever the body's shape: `code`, `error.code`, a problem's `type`, ...
   */
  readonly code: string | undefined;
  /** `details` of the error body, when present. */
  readonly details: BodyField<"details"> | undefined;
  /** `inner_error` of the error body, when present. */
  readonly innerError: BodyField<"inner_error"> | undefined;
  /** The response headers. */
  readonly headers: Headers;
  /**
   * The parsed error body, when it is one the method's spec declares for its errors (any JSON
   * object or array where it declares none); otherwise the raw text; `undefined` when it was empty.
   * Of a body larger than `MAX_ERROR_BODY_BYTES`, only that many first bytes, as text.
   * `ErrorBodyOf<"group.method">` is the type of one method's.
   */
  readonly body: ApiErrorBody | string | undefined;
  /** The size of the error body as received, in bytes (its length as text when a middleware replaced the answer). */
  readonly bodyLength: number;
  /** The wait the service advised (`Retry-After`, `retry-after-ms`), in milliseconds, when it gave one. */
  readonly retryAfterMs: number | undefined;

  /**
   * `maybePerformed` defaults to what the status says: true for a 3xx or 5xx, false for a 4xx;
   * `code` to the one `readError` reads from `body`.
   */
  constructor(
    status: number,
    headers: Headers,
    body: ApiErrorBody | string | undefined,
    message: string,
    bodyLength = 0,
    options: ErrorOptions & { code?: string | undefined } = {},
  ) {
    super(message, { ...options, maybePerformed: options.maybePerformed ?? mayHaveActed(status) });
    this.status = status;
    this.headers = headers;
    this.body = body;
    this.bodyLength = bodyLength;
    const own = isJson(body) ? (body as { details?: unknown; inner_error?: unknown }) : undefined;
    this.code = options.code ?? readError(body).code;
    this.details = own?.details as BodyField<"details"> | undefined;
    this.innerError = own?.inner_error as BodyField<"inner_error"> | undefined;
    this.retryAfterMs = retryAfterMs(headers);
  }
}

/**
 * A 3xx answer. Redirects are never followed: following one would send the request again (a click
 * twice), maybe to another origin or over plain http, with the key. `status` is 0 where a browser
 * hides the redirect, and then `location` is unknown.
 */
export class RedirectError extends ApiError {
  override name = "RedirectError";
  /** Where the answer pointed (its `Location` header), when it said and the runtime shows it. */
  readonly location: string | undefined = this.headers.get("location") ?? undefined;
}

// the classes of the statuses that have their own (src/core/policy.js ERROR_CLASS_BY_STATUS) and of 500 and above
/** 400: the request was malformed or broke the body's schema. */
export const BadRequestError = named(ApiError, "BadRequestError");
/** 401: the token is missing or invalid. */
export const AuthenticationError = named(ApiError, "AuthenticationError");
/** 403: the token may not do this. */
export const PermissionDeniedError = named(ApiError, "PermissionDeniedError");
/** 404: no such resource. */
export const NotFoundError = named(ApiError, "NotFoundError");
/** 409: the request conflicts with the resource's state; not retried. */
export const ConflictError = named(ApiError, "ConflictError");
/** 422: the request was well-formed but could not be processed. */
export const UnprocessableEntityError = named(ApiError, "UnprocessableEntityError");
/** 429: too many requests; `retryAfterMs` says how long the service asked to wait. */
export const RateLimitError = named(ApiError, "RateLimitError");
/** 500 and above: the service failed. */
export const InternalServerError = named(ApiError, "InternalServerError");
export type BadRequestError = InstanceType<typeof BadRequestError>;
export type AuthenticationError = InstanceType<typeof AuthenticationError>;
export type PermissionDeniedError = InstanceType<typeof PermissionDeniedError>;
export type NotFoundError = InstanceType<typeof NotFoundError>;
export type ConflictError = InstanceType<typeof ConflictError>;
export type UnprocessableEntityError = InstanceType<typeof UnprocessableEntityError>;
export type RateLimitError = InstanceType<typeof RateLimitError>;
export type InternalServerError = InstanceType<typeof InternalServerError>;
