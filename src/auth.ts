/**
 * The headers that authenticate every request: HTTP bearer auth, as the spec's `bearerAuth`
 * scheme declares for the whole interface.
 */
export function authHeaders(apiKey: string): Record<string, string> {
  return { Authorization: `Bearer ${apiKey}` };
}
