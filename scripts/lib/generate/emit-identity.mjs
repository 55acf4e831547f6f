// Writes the package's identity where the runtime reads it: generated/identity.ts (the names src/
// uses in messages, environment variables and the User-Agent) and generated/public-names.ts (src/'s
// generic root error and client type exported under the configured names). src/ itself names no
// service: scripts/lib/shared/identity.mjs says where each name comes from.

/**
 * Renders generated/identity.ts and generated/public-names.ts.
 * @param {import("../shared/identity.mjs").Identity} identity
 * @param {string} header the generated-file header
 * @returns {{ "identity.ts": string, "public-names.ts": string }}
 * @example
 * identitySources(readIdentity(spec.info), HEADER)["identity.ts"]; // '... export const API_KEY_ENV = "ACME_PAYMENTS_API_KEY"; ...'
 */
export function identitySources(identity, header) {
  const value = (/** @type {string} */ text) => JSON.stringify(text);
  return {
    "identity.ts": `${header}// the package's names, from package.json (\`name\`, \`version\` and its \`client\` section) and the
// document's info.title: npm run generate prints each and where it came from

/** The package's name: what its log lines start with. */
export const PACKAGE_NAME = ${value(identity.packageName)};

/** The root error class's \`name\`: every error the client throws is one. */
export const ERROR_NAME = ${value(identity.errorName)};

/** Environment variable read when \`apiKey\` is not given. */
export const API_KEY_ENV = ${value(identity.apiKeyEnv)};

/** Environment variable read when \`baseUrl\` is not given. */
export const BASE_URL_ENV = ${value(identity.baseUrlEnv)};

/** Environment variable read when \`logger\` is not given: \`debug\` sends the per-attempt lines to \`console.debug\`, \`off\` (or unset) sends none. */
export const LOG_ENV = ${value(identity.logEnv)};

/** The User-Agent sent outside browsers (package.json client.userAgent, its version filled in). */
export const USER_AGENT = ${value(identity.userAgent)};
`,
    "public-names.ts": `${header}// src/'s generic root error and client type, exported by the package under its own names
// (package.json's client.displayName): \`err instanceof ${identity.errorName}\` catches every error the client throws

export { ClientError as ${identity.errorName} } from "../src/core/errors.js";
export type { ApiClient as ${identity.clientName} } from "../src/client/client.js";
`,
  };
}
