// The floor the per-request and list goals are measured against: `fetch` as a careful hand-written
// call uses it. Each attempt is bounded by its own AbortController and timer, which stays armed
// until the body is read; redirects are not followed (a 3xx would carry the bearer token to
// wherever it points); the body is read chunk by chunk under a byte cap, then parsed.

/** The byte cap of a safe read, as the client's own default answer cap: 16 MiB. */
export const SAFE_MAX_BYTES = 16 * 1024 * 1024;

/**
 * One bounded attempt, unparsed: `fetch` with a per-attempt timer, `redirect: "manual"`, a status
 * check, the body read under `maxBytes`. Resolves to the answer and its bytes (null when empty).
 * @param {string} url
 * @param {RequestInit} [init] method, headers, body
 * @param {{ timeoutMs?: number, maxBytes?: number }} [limits] default 60 s and SAFE_MAX_BYTES
 * @returns {Promise<{ bytes: Buffer | null, response: Response }>}
 * @example
 * const { bytes } = await safeAttempt(`${base}/org/limits`, { headers: { authorization: "Bearer key" } });
 */
export async function safeAttempt(url, init = {}, { timeoutMs = 60_000, maxBytes = SAFE_MAX_BYTES } = {}) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetch(url, { ...init, redirect: "manual", signal: controller.signal });
    if (response.status < 200 || response.status > 299) throw new Error(`${url} answered ${response.status}`);
    if (Number(response.headers.get("content-length")) > maxBytes)
      throw new Error(`${url}: answer over ${maxBytes} bytes`);
    const chunks = [];
    let size = 0;
    if (response.body) {
      const reader = response.body.getReader();
      for (let chunk; !(chunk = await reader.read()).done; ) {
        size += chunk.value.byteLength;
        if (size > maxBytes) {
          await reader.cancel();
          throw new Error(`${url}: answer over ${maxBytes} bytes`);
        }
        chunks.push(chunk.value);
      }
    }
    return { bytes: size ? Buffer.concat(chunks, size) : null, response };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * One bounded attempt, parsed: `safeAttempt`, then `JSON.parse` of the body (undefined when empty).
 * @param {string} url
 * @param {RequestInit} [init] method, headers, body
 * @param {{ timeoutMs?: number, maxBytes?: number }} [limits] default 60 s and SAFE_MAX_BYTES
 * @returns {Promise<{ data: unknown, response: Response }>}
 * @example
 * const { data } = await safeFetch(`${base}/org/limits`, { headers: { authorization: "Bearer key" } });
 */
export async function safeFetch(url, init, limits) {
  const { bytes, response } = await safeAttempt(url, init, limits);
  return { data: bytes ? JSON.parse(bytes.toString("utf8")) : undefined, response };
}
