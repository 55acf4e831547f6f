import type { components } from "../generated/schema.js";

type Schemas = components["schemas"];

/** The organization's concurrency limits, as `getOrgLimits` answers them. */
export type OrgLimits = Schemas["OrgLimits"];

/** The body of a mouse click: `x` and `y` are required, the rest default on the server. */
export type ClickMouseRequest = Schemas["ClickMouseRequest"];

/** The body of every error response (the spec's `Error`, renamed so it does not shadow the global `Error`). */
export type ErrorBody = Schemas["Error"];

/** A lower-level detail of an error body. */
export type ErrorDetail = Schemas["ErrorDetail"];

export type { paths, components, operations } from "../generated/schema.js";
