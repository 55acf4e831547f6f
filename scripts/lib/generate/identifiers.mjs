// Names in generated code: the type name of each component schema, parameter identifiers, and the
// words they must not take. Shared by the client writer, the API reference and the example calls,
// so that all three name a thing the same way.
import { HTTP_METHODS } from "../../../src/core/path-template.js";
import { standInKey } from "../spec/document.mjs";
import { isRecord } from "../spec/guards.mjs";
import { indexed, typeRef } from "./print-types.mjs";

/**
 * Names the package's own modules export (src/index.ts), which a schema type must not shadow; the
 * root error's and the client's names are the package's identity's (typeNames' `reserved`).
 */
export const TAKEN_TYPE_NAMES = new Set([
  "AnswerMismatch",
  "AnswerMismatchError",
  "ApiError",
  "ApiErrorBody",
  "AuthenticationError",
  "BadRequestError",
  "ClientOptions",
  "ConfigurationError",
  "ConflictError",
  "ConnectionError",
  "ConnectionTimeoutError",
  "ErrorBodies",
  "ErrorBodyOf",
  "FetchFn",
  "InternalServerError",
  "Logger",
  "NotFoundError",
  "PermissionDeniedError",
  "RateLimitError",
  "RawClient",
  "RedirectError",
  "RequestOptions",
  "ResponseTooLargeError",
  "Resources",
  "UnprocessableEntityError",
  "UserAbortError",
  "ValidationError",
  "ValidationIssue",
  "Operation",
  "Schema",
  "paths",
  "components",
  "operations",
  "webhooks",
  "$defs",
]);
/** Global names a type alias would shadow in a user's file that imports it. */
export const GLOBALS = new Set([
  "Error",
  "Object",
  "Array",
  "String",
  "Number",
  "Boolean",
  "Function",
  "Symbol",
  "Date",
  "Map",
  "Set",
  "Promise",
  "Response",
  "Request",
  "Headers",
  "URL",
  "Blob",
  "File",
  "FormData",
  "Event",
  "Record",
  "Partial",
  "Required",
  "Readonly",
]);

/** PascalCase of any text, for a type or interface name; `N` goes before a leading digit, which no identifier may start with. */
export const pascal = (/** @type {string} */ text) => {
  const words = String(text)
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  const name = words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join("") || "Schema";
  return /^[0-9]/.test(name) ? `N${name}` : name;
};

/**
 * The exported type name of every component schema: PascalCase, and `Body` appended where the
 * name would shadow a global or one of the package's exports (the spec's `Error` is `ErrorBody`).
 * @param {string[]} schemaNames
 * @param {Iterable<string>} [reserved] the package's other exports: its root error's and client's
 * names (scripts/lib/shared/identity.mjs); default none
 * @returns {Map<string, string>} schema name -> type name
 */
export function typeNames(schemaNames, reserved = []) {
  const taken = new Set(reserved);
  const out = new Map();
  const used = new Set();
  for (const name of schemaNames) {
    let type = pascal(name);
    if (GLOBALS.has(type) || TAKEN_TYPE_NAMES.has(type) || taken.has(type)) type = `${type}Body`;
    for (let n = 2; used.has(type); n++) type = `${pascal(name)}${n}`;
    used.add(type);
    out.set(name, type);
  }
  return out;
}

/** A valid JS identifier for a parameter name (`browser-id` -> `browserId`). */
export const identifier = (/** @type {string} */ name, /** @type {Set<string>} */ taken) => {
  const words = String(name)
    .split(/[^A-Za-z0-9_$]+/)
    .filter(Boolean);
  let id = words.map((w, i) => (i ? w.charAt(0).toUpperCase() + w.slice(1) : w)).join("") || "param";
  if (/^[0-9]/.test(id) || RESERVED_WORDS.has(id)) id = `_${id}`;
  while (taken.has(id)) id = `${id}_`;
  taken.add(id);
  return id;
};
/** Words that cannot name a variable or parameter, and the generated methods' own parameter names (`body`, `options`, `query`). */
export const RESERVED_WORDS = new Set(
  "break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface package private protected public await body options query".split(
    " ",
  ),
);

/**
 * Names a function or row may not take: what the package's `/operations` entry exports
 * besides the functions, and what generated/operations.ts and functions.ts import beside them.
 */
const OPERATIONS_ENTRY_NAMES = [
  "createCoreClient",
  "CoreClient",
  "WithClient",
  "operations",
  "Operation",
  "standalone",
  "Resources",
  "O",
  "S",
  "openEventStream",
  "PagePromise",
  "formBody",
  "urlEncodedBody",
  "givenBody",
  "pickMedia",
];

/**
 * The name of each operation's standalone function (the package's `/operations` entry) and of its
 * row in generated/operations.ts: its `operationId` as an identifier (`get-org-limits` ->
 * `getOrgLimits`), else its client name's segments joined (`deployments.delete` ->
 * `deploymentsDelete`); a second of the same name gets `_`.
 * @param {{ name: string, operationId?: string }[]} operations
 * @returns {Map<object, string>} operation -> name
 */
export function functionNames(operations) {
  const taken = new Set(OPERATIONS_ENTRY_NAMES);
  return new Map(
    operations.map((op) => {
      const from = op.operationId ?? op.name.split(".").join(" ");
      return [op, identifier(from, taken)];
    }),
  );
}

/**
 * The name of the component schema a schema refers to (`#/components/schemas/Name` -> `Name`), else undefined.
 * @param {unknown} schema
 * @returns {string | undefined}
 */
export const componentName = (schema) => {
  const ref = isRecord(schema) ? schema.$ref : undefined;
  return typeof ref === "string"
    ? /^#\/components\/schemas\/([^/]+)$/.exec(ref)?.[1]?.replace(/~1/g, "/").replace(/~0/g, "~")
    : undefined;
};

/**
 * Where openapi-typescript typed an operation, as a type of generated/schema.d.ts: `paths[path][method]`,
 * or, for a method 3.1 has no field for (QUERY, COPY), the `post` of its stand-in path item
 * (spec/openapi31.mjs), as src/client/method-type.ts finds it too.
 * @param {{ method: string, path: string }} op
 * @returns {import("typescript").TypeNode}
 * @example
 * operationType({ method: "QUERY", path: "/pets" }); // components["pathItems"]["QUERY /pets"]["post"], as a type
 */
export function operationType({ method, path }) {
  const field = method.toLowerCase();
  return /** @type {readonly string[]} */ (HTTP_METHODS).includes(field)
    ? indexed(typeRef("paths"), path, field)
    : indexed(typeRef("components"), "pathItems", standInKey(method, path), "post");
}
