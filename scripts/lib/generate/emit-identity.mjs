// Writes the package's identity where the runtime reads it: generated/identity.ts (the names src/
// uses in messages, environment variables and the User-Agent) and generated/public-names.ts (src/'s
// generic root error and client type exported under the configured names). src/ itself names no
// service: scripts/lib/shared/identity.mjs says where each name comes from.
import { commented, constant, documented, exportNames, literal, printModule } from "./print.mjs";

/**
 * Renders generated/identity.ts and generated/public-names.ts.
 * @param {import("../shared/identity.mjs").Identity} identity
 * @param {string} header the generated-file header
 * @returns {{ "identity.ts": string, "public-names.ts": string }}
 * @example
 * identitySources(readIdentity(spec.info), HEADER)["identity.ts"]; // '... export const API_KEY_ENV = "ACME_PAYMENTS_API_KEY"; ...'
 */
export function identitySources(identity, header) {
  const named = (/** @type {string} */ name, /** @type {string} */ value, /** @type {string} */ about) => [
    documented(constant(name, literal(value)), [about]),
  ];
  return {
    "identity.ts": printModule(header, [
      [
        commented([
          "the package's names, from package.json (`name`, `version` and its `client` section) and the",
          "document's info.title: npm run generate prints each and where it came from",
        ]),
      ],
      named("PACKAGE_NAME", identity.packageName, "The package's name: what its log lines start with."),
      named("ERROR_NAME", identity.errorName, "The root error class's `name`: every error the client throws is one."),
      named("API_KEY_ENV", identity.apiKeyEnv, "Environment variable read when `apiKey` is not given."),
      named("BASE_URL_ENV", identity.baseUrlEnv, "Environment variable read when `baseUrl` is not given."),
      named(
        "LOG_ENV",
        identity.logEnv,
        "Environment variable read when `logger` is not given: `debug` sends the per-attempt lines to `console.debug`, `off` (or unset) sends none.",
      ),
      named(
        "USER_AGENT",
        identity.userAgent,
        "The User-Agent sent outside browsers (package.json client.userAgent, its version filled in).",
      ),
    ]),
    "public-names.ts": printModule(header, [
      [
        commented([
          "src/'s generic root error and client type, exported by the package under its own names",
          `(package.json's client.displayName): \`err instanceof ${identity.errorName}\` catches every error the client throws`,
        ]),
      ],
      [
        exportNames([["ClientError", identity.errorName]], { from: "../src/core/errors.js" }),
        exportNames([["ApiClient", identity.clientName]], { from: "../src/client/client.js", typeOnly: true }),
      ],
    ]),
  };
}
