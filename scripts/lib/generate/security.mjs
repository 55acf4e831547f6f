// Reads how a document's operations authenticate: its `components.securitySchemes`, its top-level
// `security` and each operation's own `security`, as what the client sends the key as
// (src/core/auth.ts `AuthScheme`). Never throws: a scheme the client cannot send is reported. What
// OpenAPI 3.2 adds to a scheme is read and named: `deprecated` (an alternative that is not is taken
// first), `oauth2MetadataUrl` and the device authorization flow (the client still takes a token).
import { resolve } from "../spec/refs.mjs";
import { operationsOf } from "../spec/document.mjs";
import { fieldsOf, itemsOf, keyword } from "../spec/guards.mjs";
import { KEPT, kept } from "../spec/openapi31.mjs";
import { COMMON_SHARE } from "./headers.mjs";

/**
 * @typedef {{ kind: "none" | "bearer" | "basic" } | { kind: "header" | "query", name: string }} AuthScheme
 */

/** A document's `components.securitySchemes` (each a `$ref` or a scheme, unchecked), none where it has none. */
const schemes = (/** @type {unknown} */ spec) => fieldsOf(keyword(keyword(spec, "components"), "securitySchemes"));

const NONE = Object.freeze({ kind: "none" });

/**
 * What a scheme sends, in words, for generate's report.
 * @param {AuthScheme} auth
 */
export function describeAuth(auth) {
  if (auth.kind === "bearer") return "Authorization: Bearer <apiKey>";
  if (auth.kind === "basic") return 'Authorization: Basic base64(<apiKey>), the key given as "user:password"';
  if (auth.kind === "header") return `header ${auth.name}: <apiKey>`;
  if (auth.kind === "query") return `query parameter ${auth.name}=<apiKey>`;
  return "no credential";
}

/**
 * The scheme `name` of the document as the client sends it, or why it cannot.
 * @param {unknown} spec
 * @param {string} name
 * @returns {{ auth: AuthScheme, note?: string } | { unsupported: string }}
 */
function schemeNamed(spec, name) {
  const scheme = resolve(spec, schemes(spec)[name]);
  if (!scheme || typeof scheme !== "object") return { unsupported: `${name} is not in components.securitySchemes` };
  // a list in its place has none of a scheme's fields
  const { type, scheme: http, name: key, in: where } = fieldsOf(scheme);
  if (type === "http") {
    const kind = String(http ?? "").toLowerCase();
    if (kind === "bearer" || kind === "basic") return { auth: { kind } };
    return { unsupported: `${name} (http ${http}) is not sent` };
  }
  if (type === "apiKey") {
    if (typeof key !== "string" || !key) return { unsupported: `${name} (apiKey) has no name` };
    if (where === "header" || where === "query") return { auth: { kind: where, name: key } };
    return { unsupported: `${name} (apiKey in ${where}) is not sent` };
  }
  if (type === "oauth2" || type === "openIdConnect")
    return {
      auth: { kind: "bearer" },
      note: `${name} (${type}${oauthFacts(scheme)}): the key is sent as its access token; the client obtains no token itself`,
    };
  return { unsupported: `${name} (${type}) is not sent` };
}

/**
 * An OAuth scheme's flows, the device authorization flow (OpenAPI 3.2, RFC 8628) among them, and
 * its authorization server's metadata (3.2's `oauth2MetadataUrl`, RFC 8414), as a report says them.
 * @param {unknown} scheme
 * @returns {string} empty for a scheme without flows or metadata
 */
function oauthFacts(scheme) {
  const device = (/** @type {string} */ flow) => flow === "deviceAuthorization" || flow === KEPT.deviceAuthorization;
  const flows = Object.keys(keyword(scheme, "flows") ?? {})
    .filter((flow) => !flow.startsWith("x-") || device(flow))
    .map((flow) => (device(flow) ? "deviceAuthorization (the device flow)" : flow));
  const metadata = kept(scheme, "oauth2MetadataUrl");
  return `${flows.length ? `; flows ${flows.join(", ")}` : ""}${typeof metadata === "string" ? `; metadata ${metadata}` : ""}`;
}

/** Whether the scheme `name` of the document is marked `deprecated` (OpenAPI 3.2). */
const deprecated = (/** @type {unknown} */ spec, /** @type {string} */ name) =>
  kept(resolve(spec, schemes(spec)[name]), "deprecated") === true;

/**
 * The scheme the client sends for one `security` list, and what it decided on the way. Of several
 * alternatives it takes the first the document lists that the client can send and that is not
 * `deprecated` (OpenAPI 3.2), else the first it can send; `{}` (no credential) is taken only when
 * no other can be sent.
 * @param {unknown} spec
 * @param {unknown[]} requirements
 * @returns {{ auth: AuthScheme, chosen?: string, decisions: string[], unsupported: string[] }}
 */
function chooseAuth(spec, requirements) {
  const decisions = [];
  const unsupported = [];
  const alternatives = requirements.filter((r) => r && typeof r === "object");
  const named = alternatives.map((r) => Object.keys(/** @type {object} the filter above kept objects */ (r)));
  const listed = named.map((names) => (names.length ? names.join(" + ") : "{}")).join(", ");
  const old = named.filter((names) => names.length && deprecated(spec, names[0])).map((names) => names[0]);
  // the alternatives not deprecated first, each group in the document's order
  const order = [
    ...named.filter((names) => !old.includes(names[0])),
    ...named.filter((names) => old.includes(names[0])),
  ];
  for (const names of order) {
    if (!names.length) continue;
    const found = schemeNamed(spec, names[0]);
    if ("unsupported" in found) {
      unsupported.push(found.unsupported);
      continue;
    }
    if (found.note) decisions.push(found.note);
    if (names.length > 1) decisions.push(`${names.join(" + ")} are required together: only ${names[0]} is sent`);
    const passed = old.filter((name) => name !== names[0]);
    if (alternatives.length > 1)
      decisions.push(
        `alternatives ${listed}: ${names[0]}, the first the client can send${passed.length ? ` that is not deprecated (${passed.join(", ")} ${passed.length > 1 ? "are" : "is"})` : ""}`,
      );
    if (old.includes(names[0])) decisions.push(`${names[0]} is deprecated (3.2), and the only one the client can send`);
    return { auth: found.auth, chosen: names[0], decisions, unsupported };
  }
  if (unsupported.length && named.some((names) => !names.length))
    decisions.push(`alternatives ${listed}: {}, no credential, since the client can send none of the others`);
  return { auth: NONE, decisions, unsupported };
}

/**
 * How the document's requests authenticate, and each operation's own `security`, if it declares one.
 * @param {unknown} spec a bundled OpenAPI document
 * @returns {{ auth: AuthScheme, lines: string[], unsupported: string[], operation: (op: { security?: unknown }, where: string) => AuthScheme }}
 *   `auth` is the top-level `security`'s (none when the document declares none); `operation()` the
 *   scheme of one operation, its own `security` or else the document's; `lines` what was decided
 *   (filled in as operations are read); `unsupported` the schemes the client cannot send
 * @example
 * readSecurity({ components: { securitySchemes: { b: { type: "http", scheme: "basic" } } }, security: [{ b: [] }] }).auth; // { kind: "basic" }
 */
export function readSecurity(spec) {
  const security = keyword(spec, "security");
  const top = Array.isArray(security) ? chooseAuth(spec, security) : undefined;
  const header = top ? undefined : keyHeader(spec);
  const auth = top?.auth ?? (header ? { kind: "header", name: header.name } : NONE);
  const lines = [
    `document: ${top ? `${top.chosen ? `${top.chosen}, ` : ""}${describeAuth(auth)}` : header ? `no security scheme; the header parameter ${header.name}, which ${header.count} of ${header.of} operations declare, carries the key: ${describeAuth(auth)}` : "no security requirement, no credential"}`,
    ...(top?.decisions ?? []).map((line) => `document: ${line}`),
  ];
  const unsupported = (top?.unsupported ?? []).map((line) => `document security: ${line}`);
  // what 3.2 says of each scheme, named once, whether or not an operation sends it
  for (const [name, raw] of Object.entries(schemes(spec))) {
    const scheme = resolve(spec, raw);
    const facts = [
      deprecated(spec, name) && "deprecated (3.2)",
      kept(scheme, "oauth2MetadataUrl") !== undefined &&
        `authorization server metadata at ${kept(scheme, "oauth2MetadataUrl")}`,
      kept(keyword(scheme, "flows"), "deviceAuthorization") !== undefined &&
        `the device authorization flow (token at ${keyword(kept(keyword(scheme, "flows"), "deviceAuthorization"), "tokenUrl") ?? "?"}); the client takes a token obtained by it as apiKey`,
    ].filter(Boolean);
    if (facts.length) lines.push(`scheme ${name}: ${facts.join("; ")}`);
  }
  return {
    auth,
    lines,
    unsupported,
    operation(op, where) {
      if (!Array.isArray(op.security)) return auth;
      const own = chooseAuth(spec, op.security);
      const same = JSON.stringify(own.auth) === JSON.stringify(auth);
      if (!same)
        lines.push(
          `${where}: ${op.security.length ? `${own.chosen ? `${own.chosen}, ` : ""}${describeAuth(own.auth)}` : "security: [], no credential"}`,
        );
      lines.push(...own.decisions.map((line) => `${where}: ${line}`));
      unsupported.push(...own.unsupported.map((line) => `${where} security: ${line}`));
      return own.auth;
    },
  };
}

/** A header parameter's name that says it carries a key: `xi-api-key`, `X-Auth-Token`, `apikey`. */
const KEY_NAME = /(^|[-_])(api[-_]?key|apikey|key|token|secret|auth|authorization)$/i;

/**
 * Where a document declares no security scheme, the header parameter that carries the key: one whose
 * name says it is a key (KEY_NAME) and that (nearly) every operation declares (COMMON_SHARE), with
 * how many declare it; none where the document declares a scheme or no such header.
 * @param {unknown} spec
 * @returns {{ name: string, count: number, of: number } | undefined}
 */
function keyHeader(spec) {
  if (Object.keys(schemes(spec)).length) return undefined;
  const operations = operationsOf(spec);
  /** @type {Map<string, { name: string, count: number }>} */
  const declared = new Map();
  for (const { item, op } of operations) {
    const names = new Set();
    for (const raw of [...itemsOf(item.parameters), ...itemsOf(op.parameters)]) {
      const p = fieldsOf(resolve(spec, raw));
      if (p.in !== "header" || typeof p.name !== "string" || !KEY_NAME.test(p.name)) continue;
      const lower = p.name.toLowerCase();
      if (names.has(lower)) continue;
      names.add(lower);
      const seen = declared.get(lower) ?? { name: p.name, count: 0 };
      seen.count++;
      declared.set(lower, seen);
    }
  }
  const [best] = [...declared.values()].sort((a, b) => b.count - a.count);
  return best && best.count >= 2 && best.count >= COMMON_SHARE * operations.length
    ? { ...best, of: operations.length }
    : undefined;
}
