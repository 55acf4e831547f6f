// openapi-fetch's documented `Request` option (createClient({ Request }), "custom Request (defaults to
// globalThis.Request)") given a class that only keeps what it is built with: no body stream, no
// signal, no parsed URL. The requests section measures openapi-fetch's own path over the safe floor
// with it. The client gives that option a class of its own, a real Request, which it then sends
// (src/client/client.ts `BuiltRequest`).

/** Keeps a request's address and init as given; `headers` is the `Headers` openapi-fetch merged. */
export class LightRequest {
  /**
   * @param {string} address
   * @param {RequestInit} init
   */
  constructor(address, init) {
    this.url = address;
    this.init = init;
    this.method = init.method ?? "GET";
    this.headers = init.headers;
  }
}
