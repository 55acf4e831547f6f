// The package's identity, in one place: its name (package.json `name`) and its `client` section
// (display name, environment variables' prefix, User-Agent, docs page title), each defaulting to
// what the document's `info.title` says ("Acme Payments API" -> acme-payments-client,
// ACME_PAYMENTS_API_KEY). Generate writes it into generated/identity.ts and the names the package
// exports; the docs page, the JSDoc examples, the API reference, the README's generated parts and
// `npm run init` read it from here.
import { existsSync, readFileSync } from "node:fs";
import { capital, derivedNames, namesOf, product, words } from "./derived-names.mjs";
import { fromRoot } from "./paths.mjs";

/** The fields of package.json's `client` section, each optional. */
export const CLIENT_FIELDS = ["displayName", "envPrefix", "userAgent", "docsTitle"];

/**
 * Names the package exports besides the two this identity names (src/index.ts), and src/'s own
 * generic names for those two (`ClientError`, `ApiClient`), which they must not take.
 */
const EXPORTED = new Set([
  "ApiClient",
  "ClientError",
  "AnswerMismatchError",
  "ApiError",
  "AuthenticationError",
  "BadRequestError",
  "ConfigurationError",
  "ConflictError",
  "ConnectionError",
  "ConnectionTimeoutError",
  "EventTooLargeError",
  "InternalServerError",
  "NotFoundError",
  "PaginationError",
  "PermissionDeniedError",
  "RateLimitError",
  "RawClient",
  "RedirectError",
  "ResponseTooLargeError",
  "StreamEventError",
  "StreamIdleError",
  "UnprocessableEntityError",
  "UserAbortError",
  "ValidationError",
]);

/** A configuration that cannot name a package: the field and why, never more. */
export class IdentityError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = "IdentityError";
  }
}

/**
 * @typedef {object} Identity
 * @property {string} packageName the npm package's name: what users install and import
 * @property {string} displayName the service as prose names it ("Acme Payments")
 * @property {string} errorName the root error class's exported name ("AcmePaymentsError")
 * @property {string} clientName the client's exported type name ("AcmePaymentsClient")
 * @property {string} envPrefix the environment variables' prefix ("ACME_PAYMENTS")
 * @property {string} apiKeyEnv `<prefix>_API_KEY`
 * @property {string} baseUrlEnv `<prefix>_BASE_URL`
 * @property {string} logEnv `<prefix>_LOG`
 * @property {string} userAgent the User-Agent header, its `{version}` filled in
 * @property {string | undefined} docsTitle the docs page's title when configured; the page shows `info.title` otherwise
 * @property {Record<string, string>} from where each chosen value came from, by field
 */

const PACKAGE_NAME = /^(?:@[a-z0-9-~][a-z0-9-._~]*\/)?[a-z0-9-~][a-z0-9-._~]*$/;
const ENV_PREFIX = /^[A-Z_][A-Z0-9_]*$/;
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
// a header value as the wire takes it: visible ASCII and spaces
const HEADER_TEXT = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/;
const PROSE = /^[^\p{Cc}]+$/u;

/** `value` as text shown in a message: quoted and cut short. */
const show = (/** @type {unknown} */ value) => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
};

/**
 * Checks a package name as npm takes it (lowercase, URL-safe, at most 214 characters, an optional scope).
 * @param {unknown} name
 * @param {string} where what gave it, for the message
 * @returns {string}
 */
export function checkPackageName(name, where) {
  if (typeof name !== "string" || name.length > 214 || !PACKAGE_NAME.test(name))
    throw new IdentityError(
      `${where} must be an npm package name (lowercase letters, digits, - . _ ~, an optional @scope/; got ${show(name)})`,
    );
  return name;
}

/**
 * The package's identity from package.json (`name`, `version`, `client`) and the document's `info`.
 * Every field of `client` is optional; a field it leaves out is derived from `info.title`. Throws
 * {@link IdentityError} for a value that cannot name a package (an unknown field of `client`
 * included), naming the field.
 * @param {{ name?: unknown, version?: unknown, client?: unknown }} pkg package.json
 * @param {unknown} info the document's `info`, as the document gives it
 * @returns {Identity}
 * @example
 * identityOf({ name: "acme-payments-client", version: "1.0.0" }, { title: "Acme Payments API" }).apiKeyEnv; // "ACME_PAYMENTS_API_KEY"
 */
export function identityOf(pkg, info) {
  const client = pkg.client ?? {};
  if (typeof client !== "object" || Array.isArray(client))
    throw new IdentityError(`package.json client must be an object (got ${show(client)})`);
  const unknown = Object.keys(client).filter((key) => !CLIENT_FIELDS.includes(key));
  if (unknown.length)
    throw new IdentityError(
      `package.json client has no field ${unknown.map(show).join(", ")}; its fields are ${CLIENT_FIELDS.join(", ")}`,
    );
  const title = typeof info === "object" && info !== null && "title" in info ? info.title : undefined;
  const derived = derivedNames(title);
  const fromTitle = `from info.title ${show(title ?? "")}`;
  /** @type {Record<string, string>} */
  const from = {};
  /**
   * the configured value of `field`, else `fallback`, and where it came from
   * @param {string} field
   * @param {unknown} fallback
   * @param {string} fallbackFrom
   * @returns {unknown}
   */
  const pick = (field, fallback, fallbackFrom) => {
    const given = /** @type {Record<string, unknown>} */ (client)[field];
    from[field] = given === undefined ? fallbackFrom : `package.json client.${field}`;
    return given === undefined ? fallback : given;
  };

  const packageName = checkPackageName(pkg.name ?? derived.packageName, "package.json name");
  from.packageName = pkg.name === undefined ? fromTitle : "package.json name";
  const displayName = pick("displayName", derived.displayName, fromTitle);
  if (typeof displayName !== "string" || !PROSE.test(displayName) || !words(displayName).length)
    throw new IdentityError(
      `package.json client.displayName must be text with a letter or digit (got ${show(displayName)})`,
    );
  const envPrefix = pick("envPrefix", namesOf(words(displayName)).envPrefix, "from the display name");
  if (typeof envPrefix !== "string" || !ENV_PREFIX.test(envPrefix))
    throw new IdentityError(
      `package.json client.envPrefix must be capitals, digits and _, not starting with a digit (got ${show(envPrefix)})`,
    );
  const version = typeof pkg.version === "string" ? pkg.version : "0.0.0";
  const agent = pick("userAgent", `${product(packageName)}/{version}`, "from the package name and version");
  const userAgent = typeof agent === "string" ? agent.replaceAll("{version}", version) : agent;
  if (typeof userAgent !== "string" || userAgent.length > 200 || !HEADER_TEXT.test(userAgent))
    throw new IdentityError(
      `package.json client.userAgent must be visible ASCII and spaces, at most 200 characters (got ${show(agent)})`,
    );
  const givenTitle = pick("docsTitle", undefined, "the page's own: info.title");
  /** @type {string | undefined} */
  let docsTitle;
  if (givenTitle !== undefined) {
    if (typeof givenTitle !== "string" || !PROSE.test(givenTitle) || givenTitle.length > 200)
      throw new IdentityError(`package.json client.docsTitle must be one line of text (got ${show(givenTitle)})`);
    docsTitle = givenTitle;
  }

  // the root error and the client by the display name; one the package exports already gets "Service" in
  let pascal = words(displayName).map(capital).join("");
  if (/^[0-9]/.test(pascal)) pascal = `Api${pascal}`;
  if (EXPORTED.has(`${pascal}Error`) || EXPORTED.has(`${pascal}Client`)) pascal = `${pascal}Service`;
  const errorName = `${pascal}Error`;
  const clientName = `${pascal}Client`;
  if (!IDENTIFIER.test(errorName)) throw new IdentityError(`the display name gives no class name (${show(errorName)})`);
  from.errorName = from.clientName = "from the display name";
  return {
    packageName,
    displayName,
    errorName,
    clientName,
    envPrefix,
    apiKeyEnv: `${envPrefix}_API_KEY`,
    baseUrlEnv: `${envPrefix}_BASE_URL`,
    logEnv: `${envPrefix}_LOG`,
    userAgent,
    docsTitle,
    from,
  };
}

/**
 * The identity of this checkout: its package.json and the document's `info` (every name from
 * `info.title` where there is no package.json).
 * @param {unknown} info the bundled document's `info`
 * @param {string} [file] package.json; default the checkout's
 * @returns {Identity}
 */
export function readIdentity(info, file = fromRoot("package.json")) {
  if (!existsSync(file)) return identityOf({}, info);
  let pkg;
  try {
    pkg = JSON.parse(readFileSync(file, "utf8"));
  } catch (err) {
    throw new IdentityError(`package.json cannot be read: ${/** @type {Error} */ (err).message}`);
  }
  if (!pkg || typeof pkg !== "object" || Array.isArray(pkg))
    throw new IdentityError("package.json must hold an object");
  return identityOf(pkg, info);
}

/**
 * What generate prints of the identity: each value it chose and where from.
 * @param {Identity} identity
 * @returns {string[]}
 * @example
 * identityLines(identity)[0]; // 'package browser-cloud-client (package.json name)'
 */
export function identityLines(identity) {
  const { from } = identity;
  return [
    `package ${identity.packageName} (${from.packageName})`,
    `display name ${show(identity.displayName)} (${from.displayName}): root error ${identity.errorName}, client type ${identity.clientName}`,
    `environment variables ${identity.apiKeyEnv}, ${identity.baseUrlEnv}, ${identity.logEnv} (prefix ${identity.envPrefix}, ${from.envPrefix})`,
    `User-Agent ${show(identity.userAgent)} (${from.userAgent})`,
    `docs page title ${identity.docsTitle === undefined ? "" : `${show(identity.docsTitle)} `}(${from.docsTitle})`,
  ];
}
