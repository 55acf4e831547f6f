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
