export { createClient, type ClientOptions, type RawClient } from "./client/client.js";
// the root error and the client's type, under the package's own names (package.json's client section)
export * from "../generated/public-names.js";
export type { RequestOptions } from "./core/request-options.js";
export { PaginationError, type Page, type PageOptions, type PagePromise } from "./lists/pages.js";
export { readEventStream, type EventStream, type StreamOptions } from "./streams/event-stream.js";
export type { ItemStream, ItemStreamOptions } from "./streams/item-stream.js";
export { MAX_PAYLOAD_LENGTH, readWebhook } from "./webhooks/read-webhook.js";
export type { WebhookPayloads } from "../generated/webhooks.js";
export type { NamedEvent, StreamEvent } from "./streams/event-check.js";
export { EventTooLargeError, StreamEventError, StreamIdleError, type RawEvent } from "./streams/stream-errors.js";
export type { AnswerMismatch, FetchFn, Logger } from "./core/config.js";
export {
  AnswerMismatchError,
  ApiError,
  type ApiErrorBody,
  AuthenticationError,
  BadRequestError,
  ConfigurationError,
  ConflictError,
  ConnectionError,
  ConnectionTimeoutError,
  type ErrorBodyOf,
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
} from "./core/errors.js";
// every component schema of the spec as a type, and the resource groups' interfaces
export type * from "../generated/types.js";
export type * from "../generated/resources.js";
export { API_VERSION, DEFAULT_BASE_URL } from "../generated/meta.js";
