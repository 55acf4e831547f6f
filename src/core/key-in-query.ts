// The key carried in a request's query, as an `apiKey` scheme `in: query` says: only a client of a
// document with such a scheme brings this (generated/meta.ts `KEY_IN_QUERY`), so a bundle of any
// other leaves it out.
import type { CallState } from "./transport.js";

/**
 * Puts the key in `request`'s query, as the parameter `name` in place of any of that name: in the
 * address of the call's `state`, which the transport sends the method's body to, or, without one (a
 * raw call's, or a `Request` a middleware made), in a copy of the `Request` for the new address.
 *
 * @example
 * await keyInQuery(new Request("https://api.example.com/x?a=1"), "api_key", "k1"); // a Request for https://api.example.com/x?a=1&api_key=k1
 */
export function keyInQuery(
  request: Request,
  name: string,
  value: string,
  state?: CallState,
): Request | Promise<Request> {
  const url = withQueryParameter(request.url, name, value);
  if (!state) return withUrl(request, url);
  state.url = url;
  return request;
}

/**
 * `url` with the query parameter `name` set to `value`: any parameter of that name it had is
 * dropped, the others are kept as they were written, and the new one goes last, percent-encoded.
 *
 * @example
 * withQueryParameter("https://api.example.com/x?a=1&key=old", "key", "k 1"); // "https://api.example.com/x?a=1&key=k%201"
 */
export function withQueryParameter(url: string, name: string, value: string): string {
  const hash = url.indexOf("#");
  const fragment = hash < 0 ? "" : url.slice(hash);
  const rest = hash < 0 ? url : url.slice(0, hash);
  const mark = rest.indexOf("?");
  const path = mark < 0 ? rest : rest.slice(0, mark);
  const kept = (mark < 0 ? [] : rest.slice(mark + 1).split("&")).filter(
    (pair) => pair && decodeName(pair.split("=")[0]!) !== name,
  );
  kept.push(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
  return `${path}?${kept.join("&")}${fragment}`;
}

function decodeName(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
}

/** A copy of a `Request` for another address; its body read into memory, so that it is sent framed as it was. */
async function withUrl(request: Request, url: string): Promise<Request> {
  const { method, headers, signal, redirect } = request;
  const body = request.body ? await request.arrayBuffer() : null;
  return new Request(url, { method, headers, body, signal, redirect });
}
