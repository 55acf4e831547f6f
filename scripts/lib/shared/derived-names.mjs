// The names a document's `info.title` (or a package name) gives a package with no configuration:
// the words that name the service, and from them the package's name, its display name and its
// environment variables' prefix ("Acme Payments API" -> acme-payments-client, "Acme Payments",
// ACME_PAYMENTS). identity.mjs falls back on them for each field package.json leaves out.

// words a title adds to a service's name without naming it: where one comes, the name has ended
// ("Twilio SendGrid v3 API", "Spotify Web API with fixes")
const GENERIC = new Set([
  "api",
  "apis",
  "openapi",
  "rest",
  "restful",
  "http",
  "https",
  "json",
  "specification",
  "spec",
]);
const VERSION = /^v?\d+(?:\.\d+)*$/i;
/** Most words a derived name keeps. */
const MAX_WORDS = 4;
/** What names a package whose document's title names no service ("API", "My API" keeps "My"). */
const FALLBACK = ["Service"];

/**
 * The words of a title or name, accents taken off, anything but letters and digits a separator.
 * @param {unknown} text
 * @returns {string[]}
 */
export function words(text) {
  return String(text)
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
}

/**
 * The words that name the service in a document's `info.title`: those before the first generic word or version, at most four.
 * @param {unknown} title
 * @returns {string[]}
 */
export function serviceWords(title) {
  const all = words(typeof title === "string" ? title : "");
  const end = all.findIndex((w) => GENERIC.has(w.toLowerCase()) || VERSION.test(w));
  return (end < 0 ? all : all.slice(0, end)).slice(0, MAX_WORDS);
}

/**
 * A package name's words, its scope and a trailing `client`/`sdk` taken off ("@acme/payments-client" -> payments).
 * @param {unknown} name
 * @returns {string[]}
 */
function nameWords(name) {
  const bare = String(name).replace(/^@[^/]*\//, "");
  const all = words(bare);
  return all.length > 1 && /^(client|sdk)$/i.test(all.at(-1) ?? "") ? all.slice(0, -1) : all;
}

export const capital = (/** @type {string} */ w) => w.charAt(0).toUpperCase() + w.slice(1);

/**
 * The names a service's words give: the package (`acme-payments-client`), the display name, the
 * environment variables' prefix.
 * @param {string[]} service
 */
export function namesOf(service) {
  const base = service.length ? service : FALLBACK;
  const lower = base.map((w) => w.toLowerCase());
  const prefix = lower.join("_").toUpperCase();
  return {
    packageName: `${lower.join("-")}${lower.at(-1) === "client" ? "" : "-client"}`,
    displayName: base.map(capital).join(" "),
    envPrefix: /^[0-9]/.test(prefix) ? `API_${prefix}` : prefix,
  };
}

/** A package name as a User-Agent's product, which takes no `@` or `/`: `@acme/pay` -> `acme-pay`. */
export const product = (/** @type {string} */ name) => name.replace(/^@/, "").replace("/", "-");

/**
 * package.json's `client` section that pins `names` (derivedNames()), every field written out:
 * what `npm run init` writes, so that a later change of the title renames nothing.
 * @param {{ packageName: string, displayName: string, envPrefix: string }} names
 * @example
 * clientSection(derivedNames("Acme Payments API")); // { displayName: "Acme Payments", envPrefix: "ACME_PAYMENTS", userAgent: "acme-payments-client/{version}" }
 */
export function clientSection(names) {
  return {
    displayName: names.displayName,
    envPrefix: names.envPrefix,
    userAgent: `${product(names.packageName)}/{version}`,
  };
}

/**
 * The identity a document gives a package with no configuration: all from `info.title` (or from
 * `name`, when given: `npm run init -- --name`).
 * @param {unknown} title the document's `info.title`
 * @param {string} [name] a package name chosen instead
 * @example
 * derivedNames("Acme Payments API"); // { packageName: "acme-payments-client", displayName: "Acme Payments", envPrefix: "ACME_PAYMENTS" }
 */
export function derivedNames(title, name) {
  if (name !== undefined) return { ...namesOf(nameWords(name)), packageName: name };
  return namesOf(serviceWords(title));
}
