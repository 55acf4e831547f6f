/**
 * How a request carries the client's key, as the document's `security` and
 * `components.securitySchemes` declare it (generated/meta.ts `AUTH`, and the `auth` of an
 * operation that declares its own): `bearer` as `Authorization: Bearer <key>`; `basic` as
 * `Authorization: Basic <base64 of the key>`, the key being `user:password`; `header` as the header
 * `name`; `query` as the query parameter `name`; `none`: no credential.
 */
export type AuthScheme =
  | { readonly kind: "none" | "bearer" | "basic" }
  | { readonly kind: "header" | "query"; readonly name: string };

/** What carries the key on one request: a header, or a query parameter; nothing for `none`. */
export type Credential =
  | { header: readonly [name: string, value: string] }
  | { query: readonly [name: string, value: string] }
  | undefined;

/**
 * The header or query parameter that carries `apiKey` as `scheme` says.
 *
 * @example
 * credentialOf({ kind: "basic" }, "user:secret"); // { header: ["Authorization", "Basic dXNlcjpzZWNyZXQ="] }
 * credentialOf({ kind: "query", name: "api_key" }, "k1"); // { query: ["api_key", "k1"] }
 */
export function credentialOf(scheme: AuthScheme, apiKey: string): Credential {
  switch (scheme.kind) {
    case "bearer":
      return { header: ["Authorization", `Bearer ${apiKey}`] };
    case "basic":
      // the key is printable ASCII (resolveConfig), which btoa takes as it is
      return { header: ["Authorization", `Basic ${btoa(apiKey)}`] };
    case "header":
      return { header: [scheme.name, apiKey] };
    case "query":
      return { query: [scheme.name, apiKey] };
  }
  return undefined;
}

/**
 * Why `apiKey` cannot be sent as every scheme of `schemes` says, or "" when it can: HTTP basic
 * auth needs `user:password`. The key itself is never part of the message.
 */
export function keyProblem(apiKey: string, schemes: readonly AuthScheme[]): string {
  if (schemes.some((s) => s.kind === "basic") && !apiKey.includes(":"))
    return 'must be "user:password" for HTTP Basic authentication, the two joined by ":" (the key is not shown)';
  return "";
}

/** `headers` less any `Authorization`, whatever its case: only the client's own credential is ever sent. Own properties only. */
export function withoutAuthorization(headers: Record<string, string> | undefined): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of Object.keys(headers ?? {}))
    if (name.toLowerCase() !== "authorization") kept[name] = headers![name]!;
  return kept;
}
