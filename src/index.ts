export { createClient, type BrowserCloudClient, type ClientOptions, type RawClient } from "./client.js";
export type { AnswerMismatch } from "./answer.js";
export type { RequestOptions } from "./request-options.js";
export { PaginationError, type Page, type PageOptions, type PagePromise } from "./pages.js";
export { readEventStream, type EventStream, type StreamEvent, type StreamOptions } from "./event-stream.js";
export { EventTooLargeError, StreamEventError, StreamIdleError, type RawEvent } from "./stream-errors.js";
export type { FetchFn, Logger } from "./transport.js";
export {
  AnswerMismatchError,
  ApiError,
  AuthenticationError,
  BadRequestError,
  BrowserCloudError,
  ConfigurationError,
  ConflictError,
  ConnectionError,
  ConnectionTimeoutError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  RedirectError,
  ResponseTooLargeError,
  UnprocessableEntityError,
  UserAbortError,
  ValidationError,
  type ValidationIssue,
} from "./errors.js";
// every component schema of the spec as a type, and the resource groups' interfaces
export type * from "../generated/types.js";
export type * from "../generated/resources.js";
export { API_VERSION, DEFAULT_BASE_URL } from "../generated/meta.js";
