const decoder = new TextDecoder();

/**
 * An answer whose body was read in full within its attempt (so the attempt's timeout bounded it).
 * Its readers answer from those bytes: `new Response(bytes)` would wrap them in a web stream only
 * for openapi-fetch to read them back, which costs more than the rest of the client per request.
 * Otherwise it is a `Response`: one read of the body, then `bodyUsed`.
 */
export class BufferedResponse extends Response {
  #bytes: ArrayBuffer | null;
  #used = false;
  constructor(bytes: ArrayBuffer | null, from: Response) {
    super(null, from);
    this.#bytes = bytes?.byteLength ? bytes : null;
  }
  #take(): ArrayBuffer {
    if (this.#used) throw new TypeError("Body is unusable: Body has already been read");
    this.#used = true;
    return this.#bytes ?? new ArrayBuffer(0);
  }
  override get bodyUsed(): boolean {
    return this.#used;
  }
  override get body(): ReadableStream<Uint8Array<ArrayBuffer>> | null {
    return this.#bytes && !this.#used ? (new Blob([this.#take()]).stream() as ReadableStream<Uint8Array<ArrayBuffer>>) : null;
  }
  override async arrayBuffer(): Promise<ArrayBuffer> {
    return this.#take();
  }
  override async text(): Promise<string> {
    return decoder.decode(this.#take());
  }
  override async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }
  override async blob(): Promise<Blob> {
    return new Blob([this.#take()], { type: this.headers.get("content-type") ?? "" });
  }
  override clone(): BufferedResponse {
    if (this.#used) throw new TypeError("Response.clone: Body has already been consumed.");
    return new BufferedResponse(this.#bytes, this);
  }
}
