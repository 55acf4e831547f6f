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

/**
 * The headers that authenticate every request: HTTP bearer auth, as the spec's `bearerAuth`
 * scheme declares for the whole interface.
 */
export function authHeaders(apiKey: string): Record<string, string> {
  return { Authorization: `Bearer ${apiKey}` };
}

/** `headers` less any `Authorization`, whatever its case: only the client's own token is ever sent. Own properties only. */
export function withoutAuthorization(headers: Record<string, string> | undefined): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of Object.keys(headers ?? {}))
    if (name.toLowerCase() !== "authorization") kept[name] = headers![name]!;
  return kept;
}
