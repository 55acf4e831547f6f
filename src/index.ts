export { createClient, type BrowserCloudClient, type ClientOptions, type RawClient } from "./client.js";
export type { RequestOptions } from "./request-options.js";
export type { FetchFn, Logger } from "./transport.js";
export {
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
export type { ClickMouseRequest, ErrorBody, ErrorDetail, OrgLimits, paths, components, operations } from "./types.js";
export type { Organization } from "./resources/organization.js";
export type { Browsers } from "./resources/browsers.js";
export type { Auth } from "./resources/auth-connections.js";
export type { Deployments } from "./resources/deployments.js";
export { API_VERSION, DEFAULT_BASE_URL } from "../generated/meta.js";
