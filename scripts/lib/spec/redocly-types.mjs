// Redocly's type tree as bundling and lint walk an OpenAPI 3.2 document. @redocly/openapi-core 2.x
// declares the `scopes` of a 3.2 `deviceAuthorization` OAuth flow as a map of a node type named
// "string", which its tree does not have: walking such a flow with any scope throws "Unknown type
// name found: string", so a 3.2 document that offers the device flow could be neither bundled nor
// linted. A plugin's type extension (Redocly's documented `typeExtension`) declares those scopes as
// its tree declares every other flow's.
import { Config } from "@redocly/openapi-core";

/** The OAuth flows whose `scopes` Redocly declares as a map of strings, in OpenAPI 3.0, 3.1 and 3.2 alike. */
const FLOWS = ["ImplicitFlow", "PasswordFlow", "ClientCredentials", "AuthorizationCode"];

/**
 * Declares the `scopes` of a `deviceAuthorization` flow as the first of the other flows that the
 * tree holds declares its own; a tree without that flow, or with none of the others, is left as it is.
 * @param {Record<string, import("@redocly/openapi-core").NodeType>} types
 * @returns {Record<string, import("@redocly/openapi-core").NodeType>}
 */
export function deviceFlowScopes(types) {
  const device = types.DeviceAuthorization;
  const scopes = FLOWS.map((name) => types[name]?.properties?.scopes).find(Boolean);
  if (!device?.properties || !scopes) return types;
  return { ...types, DeviceAuthorization: { ...device, properties: { ...device.properties, scopes } } };
}

/**
 * The plugin that carries the type extension.
 * @type {import("@redocly/openapi-core").Plugin}
 */
const PLUGIN = { id: "openapi-3-2-device-flow", typeExtension: { oas3: deviceFlowScopes } };

/**
 * `config` with the type extension above beside its own plugins, for `bundle()` and `lint()`.
 * @param {import("@redocly/openapi-core").Config} config
 * @returns {import("@redocly/openapi-core").Config}
 * @example
 * await bundle({ ref, config: withDeviceFlowScopes(config.forAlias(name)) });
 */
export function withDeviceFlowScopes(config) {
  return new Config(config.resolvedConfig, {
    configPath: config.configPath,
    document: config.document,
    resolvedRefMap: config.resolvedRefMap,
    alias: config._alias,
    plugins: [...config.plugins, PLUGIN],
    ignore: config.ignore,
  });
}
